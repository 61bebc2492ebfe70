"use client";

import Link from "next/link";
import { useEffect } from "react";

// Shown when a page fails to render. The server logs the cause; the visitor gets no internal error text, only the
// digest that ties this occurrence to the server log.
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="empty-state" role="alert" aria-labelledby="page-error-title">
      <h1 id="page-error-title">Something went wrong</h1>
      <p>This page could not be shown just now. Please try again; if it keeps failing, tell us the reference below.</p>
      {error.digest && (
        <p className="muted">
          Reference: <code>{error.digest}</code>
        </p>
      )}
      <p>
        <button type="button" onClick={reset}>
          Try again
        </button>{" "}
        or go to the <Link href="/">leaderboard</Link>.
      </p>
    </section>
  );
}
