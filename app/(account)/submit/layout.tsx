import { AccountTabs } from "@/components/account/account-tabs";

// The upload page is one of the account tabs, so it shows them as the /account pages do; the page checks the session.
export default function SubmitLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <AccountTabs />
      {children}
    </>
  );
}
