"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

// The interactive API reference, rendered from /api/v1/openapi.json by Scalar's React component (an older release
// line that runs on Node 20 with React 19: docs/api.md says why). Its fonts, the "Try it" proxy and the client
// download button are off: the page's CSP allows this origin only (lib/server/http/security-headers.ts).
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        hideClientButton: true,
        hideDarkModeToggle: true,
        forceDarkModeState: "light",
        showSidebar: true,
        hideTestRequestButton: true,
        defaultOpenAllTags: false,
        telemetry: false,
      }}
    />
  );
}
