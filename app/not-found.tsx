import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

// Also what a visitor sees for a submission they may not view: unapproved submissions do not exist for them.
export default function NotFound() {
  return (
    <section className="empty-state" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is nothing at this address that you can see. It may have been mistyped; or it may be a submission that is
        not public yet (submissions appear once an admin approves them), or a page for maintainers or admins, who see it
        once they <Link href="/sign-in">sign in</Link>.
      </p>
      <p>
        Try the <Link href="/">leaderboard</Link>, the <Link href="/repositories">repositories</Link> or the{" "}
        <Link href="/method">method</Link>.
      </p>
    </section>
  );
}
