"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./ui.module.css";

/** A row of section tabs (account, admin); the current one is marked. Links only: each page checks access itself. */
export function TabNav({ label, tabs }: { label: string; tabs: { href: string; text: string }[] }) {
  const pathname = usePathname();
  // The longest tab path that the current path starts with is the current tab (/admin must not claim /admin/users).
  const current = tabs
    .filter((t) => pathname === t.href || pathname.startsWith(`${t.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((t) => (
        <Link key={t.href} href={t.href} aria-current={t.href === current ? "page" : undefined}>
          {t.text}
        </Link>
      ))}
    </nav>
  );
}
