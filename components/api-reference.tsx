"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useEffect, useRef, useState, type ReactNode } from "react";

// Darker method and muted colours than Scalar's light theme, for WCAG AA contrast on white.
const CONTRAST_CSS = `.light-mode, .light-mode .sidebar {
  --scalar-color-green: #0a6b2c; --scalar-color-blue: #0b4f9e; --scalar-color-orange: #8a4500; --scalar-color-red: #a3161b;
  --scalar-color-yellow: #6b5500; --scalar-color-purple: #5b2a86; --scalar-color-2: #3f3f46; --scalar-color-3: #52525b;
  --scalar-sidebar-color-2: #3f3f46;
}`;

// The interactive API reference, rendered from /api/v1/openapi.json by Scalar's React component (an older release
// line that runs on Node 20 with React 19: docs/api.md says why). Its fonts, the "Try it" proxy and the client
// download button are off: the page's CSP allows this origin only (lib/server/http/security-headers.ts).
// `children` (the server-rendered list of operations) is what the page shows at first paint, while Scalar loads and
// parses the document in the browser (seconds on a slow machine); it gives way once Scalar's content is there.
export function ApiReference({ children }: { children?: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  // Scalar renders its content in a <main>; the page already has one (app/layout.tsx), and a page has one main
  // landmark, so the inner one is made a named region once it appears.
  useEffect(() => {
    const node = root.current;
    if (!node) return;
    const fix = () => {
      if (node.querySelector("main .section, main section")) setRendered(true);
      // Scalar links each operation to its API client's request page (/workspace/default/request/<id>), a route
      // of its own app that this site does not serve (its client is off here): those links would answer 404.
      for (const link of node.querySelectorAll('a[href^="/workspace/"]')) link.removeAttribute("href");
      for (const main of node.querySelectorAll("main")) {
        if (main.getAttribute("role") === "region") continue;
        main.setAttribute("role", "region");
        main.setAttribute("aria-label", "API operations");
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(node, { childList: true, subtree: true, attributes: true, attributeFilter: ["href"] });
    return () => observer.disconnect();
  }, []);
  return (
    // The class lets app/globals.css keep the site's element styles (buttons, tables, headings) out of Scalar's markup.
    <div ref={root} className="api-reference" data-rendered={rendered ? "true" : undefined}>
      {!rendered && children}
      <ApiReferenceReact
        configuration={{
          url: "/api/v1/openapi.json",
          withDefaultFonts: false,
          hideClientButton: true,
          // Scalar's developer toolbar (shown on localhost by default) advertises its paid SDK generation and sharing.
          showToolbar: "never",
          hideDarkModeToggle: true,
          forceDarkModeState: "light",
          showSidebar: true,
          hideTestRequestButton: true,
          defaultOpenAllTags: false,
          telemetry: false,
          // The schemas are shown with each operation; the separate models list and code-sample clients add
          // nested controls that are not keyboard- or screen-reader-friendly.
          hideModels: true,
          hiddenClients: true,
          hideSearch: true,
          customCss: CONTRAST_CSS,
        }}
      />
    </div>
  );
}
