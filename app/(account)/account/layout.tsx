import { TabNav } from "@/components/ui/tab-nav";

// Tabs only; each page checks the session itself (layouts are not re-run on every navigation).
export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <TabNav
        label="Account"
        tabs={[
          { href: "/account/submissions", text: "My submissions" },
          { href: "/submit", text: "Upload" },
          { href: "/account/tokens", text: "API tokens" },
          { href: "/account/webhooks", text: "Webhooks" },
        ]}
      />
      {children}
    </>
  );
}
