import { TabNav } from "@/components/ui/tab-nav";

// Tabs only; each admin page checks the role itself, and so does every admin API route.
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <TabNav
        label="Admin"
        tabs={[
          { href: "/admin", text: "Review queue" },
          { href: "/admin/users", text: "Users" },
          { href: "/admin/benchmarks", text: "Benchmark versions" },
          { href: "/admin/builds", text: "Builds" },
          { href: "/admin/runs", text: "In-house runs" },
          { href: "/grading/trials", text: "Judge trials" },
          { href: "/admin/models", text: "Model endpoints" },
          { href: "/admin/audit-log", text: "Audit log" },
        ]}
      />
      {children}
    </>
  );
}
