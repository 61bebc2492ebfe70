import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { connection } from "next/server";
import "./globals.css";
import { Suspense } from "react";
import { UserMenu } from "@/components/auth/user-menu";
import { NavigationProgress } from "@/components/ui/navigation-progress";

export const metadata: Metadata = {
  title: { default: "probebench", template: "%s · probebench" },
  description: "Leaderboard for whole-repository bug discovery, scored with the PROBE method.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// The nav keeps one slot for the user menu, at its right end. Public pages are the same HTML for every anonymous
// visitor and the front proxy caches them, so the menu learns the session in the browser (a client component).
// suppressHydrationWarning on <html>: the leaderboard's inline script may set data-lb-pending on it before
// hydration (components/leaderboard/leaderboard-page.tsx). It applies to that element's own attributes only.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: Next can only put the request's CSP nonce (proxy.ts) on the scripts of a
  // page it renders, and a page prerendered at build time would carry none, so the browser would run none of it.
  await connection();
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className="site-header">
          <nav className="container" aria-label="Main">
            <Link href="/" className="brand">
              probebench
            </Link>
            <div className="nav-links">
              <Link href="/">Leaderboard</Link>
              <Link href="/repositories">Repositories</Link>
              <Link href="/bug-types">Bug types</Link>
              <Link href="/method">Method</Link>
              <Link href="/queue">Queue</Link>
              <Link href="/submit">Submit</Link>
            </div>
            <div className="nav-end">
              <UserMenu />
            </div>
          </nav>
        </header>
        <main id="main" className="container">
          {children}
        </main>
        <footer className="site-footer">
          <div className="container">
            Scored with the PROBE method (Paina et al., 2026). Public data:{" "}
            <a href="/api/v1/leaderboard">leaderboard API</a>, <a href="/api/v1/repositories">repositories API</a>,{" "}
            <a href="/schemas/findings-file.schema.json">findings-file JSON Schema</a>,{" "}
            <Link href="/docs/api">API reference</Link>, <Link href="/benchmarks">benchmark datasheets</Link>.
          </div>
        </footer>
      </body>
    </html>
  );
}
