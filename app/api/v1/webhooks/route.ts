import { assertTokenScope } from "@/lib/auth/authorize-caller";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { createWebhookBodySchema, createdWebhookSchema, webhookListSchema } from "@/lib/contracts/webhooks";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { createWebhook, listWebhooks } from "@/lib/server/webhooks/webhook-endpoints";
import { parseJsonText } from "@/lib/validation/parse-json";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/webhooks - the caller's webhook endpoints with their last delivery (never the secret); tokens need `read`
export const GET = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "read", tokens: "read" });
  return respond(webhookListSchema, await listWebhooks(caller.id));
});

// POST /api/v1/webhooks - register an endpoint {url, events, description?}; 201 with the signing secret, shown this
// once. A session, or a token with both `read` and `submit` (it can then learn about, and act on, what it uploads)
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", tokens: "submit" });
  assertTokenScope(caller, "read");
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  return respond(
    createdWebhookSchema,
    await createWebhook(caller, parseOrThrow(createWebhookBodySchema, body, "The webhook")),
    201,
  );
});
