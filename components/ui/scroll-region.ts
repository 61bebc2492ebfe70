// Props for a horizontally scrolling frame (wide tables, code): keyboard users can focus it and scroll with the arrow
// keys, and screen readers announce it as a named region (WCAG 2.1.1; axe rule scrollable-region-focusable).
export function scrollRegion(label: string): { tabIndex: 0; role: "region"; "aria-label": string } {
  return { tabIndex: 0, role: "region", "aria-label": label };
}
