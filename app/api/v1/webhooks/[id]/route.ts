import { webhooksRoutes } from "@/lib/contracts/webhooks-routes";
import { deleteWebhook } from "@/lib/server/webhooks/webhook-endpoints";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// DELETE /api/v1/webhooks/{id} - delete one of the caller's endpoints and its delivery log (tokens need `read` + `submit`)
export const DELETE = handle(webhooksRoutes.deleteWebhooksId, ({ caller, params }) =>
  deleteWebhook(caller.id, params.id),
);
