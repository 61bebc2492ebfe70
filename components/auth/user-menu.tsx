"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useEffect, useState } from "react";
import styles from "@/components/ui/forms.module.css";

type MenuUser = { name?: string | null; email?: string | null; role?: "user" | "maintainer" | "admin" };

// Asks next-auth's session endpoint from the browser rather than reading cookies on the server, so the site layout
// (and every public page under it) stays static. Links only: every page and API checks access on the server.
export function UserMenu() {
  const pathname = usePathname();
  const [user, setUser] = useState<MenuUser | null | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    fetch("/api/auth/session", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : {}))
      .then((body: { user?: MenuUser }) => !cancelled && setUser(body.user ?? null))
      .catch(() => !cancelled && setUser(null));
    return () => {
      cancelled = true;
    };
  }, [pathname]);

  if (user === undefined) return <span className={styles.userMenu} aria-hidden="true" />;
  if (user === null) {
    const back = pathname && pathname !== "/sign-in" ? `?callbackUrl=${encodeURIComponent(pathname)}` : "";
    return (
      <span className={styles.userMenu}>
        <Link href={`/sign-in${back}`}>Sign in</Link>
      </span>
    );
  }
  return (
    <span className={styles.userMenu} data-testid="user-menu">
      <Link href="/account/submissions" title={user.email ?? undefined}>
        My account
      </Link>
      {(user.role === "admin" || user.role === "maintainer") && (
        <>
          <Link href="/overrides">Overrides</Link>
          <Link href="/grading">Grading</Link>
        </>
      )}
      {user.role === "admin" && <Link href="/admin">Admin</Link>}
      <button type="button" className={styles.linkButton} onClick={() => void signOut({ callbackUrl: "/" })}>
        Sign out
      </button>
    </span>
  );
}
