import Link from "next/link";
import styles from "@/components/account/ui.module.css";

/** A row of section tabs (account, admin). Links only: each page checks access itself. */
export function TabNav({ label, tabs }: { label: string; tabs: { href: string; text: string }[] }) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((t) => (
        <Link key={t.href} href={t.href}>
          {t.text}
        </Link>
      ))}
    </nav>
  );
}
