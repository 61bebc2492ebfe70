import { AccountTabs } from "@/components/account/account-tabs";

// Tabs only; each page checks the session itself (layouts are not re-run on every navigation).
export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <AccountTabs />
      {children}
    </>
  );
}
