// Props for a horizontally scrolling frame (wide tables, code, charts): keyboard users can focus it and scroll with
// the arrow keys, and screen readers announce it as a named region (WCAG 2.1.1; axe rule scrollable-region-focusable).
// Each region on a page needs its own name (axe rule landmark-unique): pass the label, or the id of a caption.
type RegionProps = { tabIndex: 0; role: "region" } & ({ "aria-label": string } | { "aria-labelledby": string });

export function scrollRegion(name: string | { labelledBy: string }): RegionProps {
  return typeof name === "string"
    ? { tabIndex: 0, role: "region", "aria-label": name }
    : { tabIndex: 0, role: "region", "aria-labelledby": name.labelledBy };
}
