import { TabNav } from "@/components/ui/tab-nav";

const ACCOUNT_TABS = [
  { href: "/account/submissions", text: "My submissions" },
  { href: "/submit", text: "Submit" },
  { href: "/account/tokens", text: "API tokens" },
  { href: "/account/webhooks", text: "Webhooks" },
];

/** The account area's tabs, shown on every account page (the submit page, /submit, shows them to a signed-in user). */
export function AccountTabs() {
  return <TabNav label="Account" tabs={ACCOUNT_TABS} />;
}
