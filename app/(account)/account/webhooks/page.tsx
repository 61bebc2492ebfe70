import "server-only";
import type { Metadata } from "next";
import { requirePageUser } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { listWebhooks } from "@/lib/server/webhooks/webhook-endpoints";
import { WebhooksManager } from "@/components/account/webhooks-manager";

export const metadata: Metadata = { title: "Webhooks", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function WebhooksPage() {
  const user = await requirePageUser("/account/webhooks");
  const { webhooks } = await listWebhooks(user.id);
  return (
    <>
      <h1>Webhooks</h1>
      <p className="muted">
        Instead of polling, have probebench call your endpoint when your submissions are scored, fail, are reviewed, or
        finish panel validation. Requests are signed per Standard Webhooks (<code>webhook-id</code>,{" "}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>); failed deliveries are retried with growing
        waits for up to a day. Each endpoint gets at most two deliveries at a time (one while it is failing), and one
        whose deliveries all fail for 24 hours is disabled until you re-enable it. Test events: at most{" "}
        {env.WEBHOOK_TEST_EVENTS_PER_HOUR} an hour.{" "}
        {env.WEBHOOK_ALLOW_PRIVATE
          ? "This server also calls private and local addresses (its operator set WEBHOOK_ALLOW_PRIVATE, as for a demo or tests)."
          : "Only public addresses are called: an endpoint on a private or local network is refused."}
      </p>
      {env.WEBHOOK_SECRET_KEY ? (
        <WebhooksManager initial={webhooks} isAdmin={user.role === "admin"} />
      ) : (
        <p className="muted">Webhooks are not enabled on this server (its operator has not set WEBHOOK_SECRET_KEY).</p>
      )}
    </>
  );
}
