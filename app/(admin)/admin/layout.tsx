import Link from "next/link";
import styles from "@/components/account/ui.module.css";

// Tabs only; each admin page checks the role itself, and so does every admin API route.
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <nav className={styles.tabs} aria-label="Admin">
        <Link href="/admin">Review queue</Link>
        <Link href="/admin/users">Users</Link>
        <Link href="/admin/audit-log">Audit log</Link>
      </nav>
      {children}
    </>
  );
}
