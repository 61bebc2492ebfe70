import Link from "next/link";
import styles from "@/components/account/ui.module.css";

// Tabs only; each page checks the session itself (layouts are not re-run on every navigation).
export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <nav className={styles.tabs} aria-label="Account">
        <Link href="/account/submissions">My submissions</Link>
        <Link href="/submit">Upload</Link>
        <Link href="/account/tokens">API tokens</Link>
      </nav>
      {children}
    </>
  );
}
