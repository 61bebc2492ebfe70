import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "probebench", template: "%s · probebench" },
  description: "Leaderboard for whole-repository bug discovery, scored with the PROBE method.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <nav className="container" aria-label="Main">
            <Link href="/" className="brand">probebench</Link>
            <Link href="/">Leaderboard</Link>
            <Link href="/repositories">Repositories</Link>
            <Link href="/bug-types">Bug types</Link>
            <Link href="/method">Method</Link>
            <Link href="/submit-guide">Submit</Link>
          </nav>
        </header>
        <main className="container">{children}</main>
        <footer className="site-footer">
          <div className="container">Scored with the PROBE method (Paina et al., 2026). Data downloads and API at /api/v1.</div>
        </footer>
      </body>
    </html>
  );
}
