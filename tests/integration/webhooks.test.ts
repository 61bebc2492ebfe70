import { createCipheriv, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sendWebhookRequest } from "../../lib/server/webhooks/send-webhook-request";
import { queueDelivery } from "../../lib/server/webhooks/webhook-endpoints";
import { openSecret } from "../../lib/secret-box";
import { createApiToken } from "../../lib/server/tokens/api-tokens";
import { contractFetch } from "../support/api-contract";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

const webUrl = inject("webUrl");

// A local receiver: records every request and answers with the next status scripted for its path (200 when the script
// is done). Scripts are per path: a delivery of an earlier test still in flight must not take another test's status.
type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
const scripts = new Map<string, number[]>();
const script = (path: string, ...statuses: number[]) => scripts.set(path, [...(scripts.get(path) ?? []), ...statuses]);
// Requests to /slow... held open right now, and the most ever held at once.
const slow = { open: 0, most: 0 };
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === "/redirect") {
        response.writeHead(302, { location: `${receiverUrl}/redirected` }).end();
        return;
      }
      if (request.url?.startsWith("/slow")) {
        // Never answers; counted while the sender keeps the connection open.
        slow.open++;
        slow.most = Math.max(slow.most, slow.open);
        request.socket.once("close", () => slow.open--);
        return;
      }
      response
        .writeHead(scripts.get(request.url ?? "")?.shift() ?? 200, { "content-type": "text/plain" })
        .end(`ok ${"x".repeat(2_000)}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await contractFetch(`${webUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("webhooks", () => {
  let slug: string;
  let user: { id: string; token: string; email: string };

  beforeAll(async () => {
    slug = await seedBenchmark();
    user = await userWithToken();
  });

  it("delivers submission.scored signed per Standard Webhooks, verified with the standardwebhooks verifier", async () => {
    const created = await api("POST", "/api/v1/webhooks", user.token, {
      url: `${receiverUrl}/hooks/scored`,
      events: ["submission.scored", "submission.failed"],
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const listed = await api("GET", "/api/v1/webhooks", user.token);
    expect(listed.body.webhooks).toEqual([
      expect.objectContaining({ id: created.body.id, url: `${receiverUrl}/hooks/scored` }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.secretEncrypted).not.toContain(created.body.secret.slice(6));

    const upload = await api("POST", "/api/v1/submissions", user.token, {
      benchmark: slug,
      model: "Hooked",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
    });
    await waitForStatus(webUrl, upload.body.id, user.token);
    const request = await until("the scored event", () => received.find((r) => r.url === "/hooks/scored"));
    const payload = new Webhook(created.body.secret).verify(
      request.body,
      request.headers as Record<string, string>,
    ) as { type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({
      type: "submission.scored",
      data: { submission_id: upload.body.id, status: "scored", benchmark: `${slug}@1` },
    });
    expect(request.headers["webhook-id"]).toMatch(/^msg_/);
    // A wrong secret does not verify
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString("base64")}`).verify(
        request.body,
        request.headers as Record<string, string>,
      ),
    ).toThrow();

    const log = await api("GET", `/api/v1/webhooks/${created.body.id}/deliveries`, user.token);
    expect(log.body.deliveries[0]).toMatchObject({
      event: "submission.scored",
      status: "succeeded",
      attempts: 1,
      response_status: 200,
    });
    // Only a bounded excerpt of the answer is kept
    expect(log.body.deliveries[0].response_excerpt.length).toBe(500);
  });

  it("retries failed deliveries with backoff under one webhook-id, and logs every status code", async () => {
    const created = await api("POST", "/api/v1/webhooks", user.token, {
      url: `${receiverUrl}/hooks/retry`,
      events: ["submission.approved"],
    });
    script("/hooks/retry", 503, 500);
    const sent = await api("POST", `/api/v1/webhooks/${created.body.id}/test`, user.token);
    expect(sent.status).toBe(202);
    const attempts = await until("three attempts", () => {
      const got = received.filter((r) => r.url === "/hooks/retry");
      return got.length >= 3 ? got : undefined;
    });
    expect(new Set(attempts.map((a) => a.headers["webhook-id"]))).toEqual(new Set([sent.body.delivery_id]));
    const delivery = await until("the delivery to succeed", async () => {
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: sent.body.delivery_id } });
      return row.status === "succeeded" ? row : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 3, responseStatus: 200, error: null });
    for (const attempt of attempts)
      expect(
        new Webhook(created.body.secret).verify(attempt.body, attempt.headers as Record<string, string>),
      ).toMatchObject({ type: "webhook.test" });
  });

  it("never follows redirects and gives up on a silent receiver after the timeout", async () => {
    const redirect = await sendWebhookRequest(
      `${receiverUrl}/redirect`,
      "{}",
      {},
      { allowPrivate: true, timeoutMs: 2_000 },
    );
    expect(redirect).toMatchObject({ kind: "answered", status: 302 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.some((r) => r.url === "/redirected")).toBe(false);
    const slow = await sendWebhookRequest(`${receiverUrl}/slow`, "{}", {}, { allowPrivate: true, timeoutMs: 300 });
    expect(slow).toEqual({ kind: "failed", error: "no answer within 0.3 s" });
  });

  it("refuses loopback, private and metadata addresses unless WEBHOOK_ALLOW_PRIVATE, and connects to nothing", async () => {
    const before = received.length;
    for (const target of [
      `${receiverUrl}/ssrf`,
      `http://localhost:${new URL(receiverUrl).port}/ssrf`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/x",
      "http://10.0.0.1/x",
      "http://[::127.0.0.1]:9/x",
    ]) {
      const outcome = await sendWebhookRequest(target, "{}", {}, { allowPrivate: false, timeoutMs: 1_000 });
      // The refusal names no address: the delivery log must not map internal host names for its reader.
      expect(outcome, target).toEqual({ kind: "refused", error: "refused: private address" });
    }
    expect(received.length).toBe(before);
  });

  it("checks who may register, read and delete endpoints", async () => {
    const readOnly = await createApiToken(user.email, { scopes: ["read"] });
    expect(
      (
        await api("POST", "/api/v1/webhooks", readOnly.token, {
          url: `${receiverUrl}/x`,
          events: ["submission.scored"],
        })
      ).status,
    ).toBe(403);
    expect(
      (await api("POST", "/api/v1/webhooks", user.token, { url: `${receiverUrl}/x`, events: ["audit_run.finished"] }))
        .status,
    ).toBe(403);
    const invalid = await api("POST", "/api/v1/webhooks", user.token, { url: "ftp://example.com/x", events: ["nope"] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["url", "events[0]"]),
    );

    const mine = await api("POST", "/api/v1/webhooks", user.token, {
      url: `${receiverUrl}/mine`,
      events: ["panel.completed"],
    });
    const stranger = await userWithToken();
    expect((await api("GET", `/api/v1/webhooks/${mine.body.id}/deliveries`, stranger.token)).status).toBe(404);
    expect((await api("DELETE", `/api/v1/webhooks/${mine.body.id}`, stranger.token)).status).toBe(404);
    expect((await api("DELETE", `/api/v1/webhooks/${mine.body.id}`, user.token)).body).toEqual({
      id: mine.body.id,
      deleted: true,
    });
    expect((await api("POST", `/api/v1/webhooks/${mine.body.id}/test`, user.token)).status).toBe(404);
  });
});

describe("webhook fairness", () => {
  it("bounds one endpoint's deliveries in flight, so a flooded slow receiver does not hold up another user's", async () => {
    const flooder = await userWithToken();
    const slowHook = await api("POST", "/api/v1/webhooks", flooder.token, {
      url: `${receiverUrl}/slow/flooded`,
      events: ["submission.scored"],
    });
    expect(slowHook.status).toBe(201);
    // 48 events at once (as many submissions would make), each attempt held until the 2 s timeout: without a fair
    // share they fill all 16 delivery slots for 6 s and more.
    for (let i = 0; i < 48; i++)
      await queueDelivery(slowHook.body.id, {
        type: "submission.scored",
        timestamp: new Date().toISOString(),
        data: { submission_id: `flood-${i}` },
      });
    await until("the flood to reach the receiver", () => (slow.open > 0 ? true : undefined));

    const other = await userWithToken();
    const hook = await api("POST", "/api/v1/webhooks", other.token, {
      url: `${receiverUrl}/hooks/fair`,
      events: ["submission.scored"],
    });
    const started = Date.now();
    const sent = await api("POST", `/api/v1/webhooks/${hook.body.id}/test`, other.token);
    expect(sent.status).toBe(202);
    await until("the other user's delivery", () => received.find((r) => r.url === "/hooks/fair"), 15_000);
    const waited = Date.now() - started;
    // Two slots for a healthy endpoint, one once it fails: never more than two open at once.
    expect(slow.most).toBeLessThanOrEqual(2);
    expect(waited).toBeLessThan(3_000);
    // The flood was not given up: its deliveries are waiting their turn, attempts unspent.
    const waiting = await db.webhookDelivery.count({ where: { endpointId: slowHook.body.id, attempts: 0 } });
    expect(waiting).toBeGreaterThan(40);
    await api("DELETE", `/api/v1/webhooks/${slowHook.body.id}`, flooder.token);
  });

  it("limits test events per user, over all their endpoints", async () => {
    const user = await userWithToken();
    const ids: string[] = [];
    for (const path of ["/hooks/limit-a", "/hooks/limit-b"])
      ids.push(
        (
          await api("POST", "/api/v1/webhooks", user.token, {
            url: `${receiverUrl}${path}`,
            events: ["submission.scored"],
          })
        ).body.id,
      );
    // WEBHOOK_TEST_EVENTS_PER_HOUR is 10.
    for (let i = 0; i < 10; i++)
      expect((await api("POST", `/api/v1/webhooks/${ids[i % 2]}/test`, user.token)).status).toBe(202);
    const refused = await api("POST", `/api/v1/webhooks/${ids[0]}/test`, user.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many test events: at most 10 an hour/);
  });

  it("disables an endpoint after a day of failed deliveries, says so, and lets its owner re-enable it", async () => {
    const user = await userWithToken();
    const hook = await api("POST", "/api/v1/webhooks", user.token, {
      url: `${receiverUrl}/hooks/down`,
      events: ["submission.scored"],
    });
    // It has been failing since yesterday; one more failed attempt disables it.
    await db.webhookEndpoint.update({
      where: { id: hook.body.id },
      data: { consecutiveFailures: 30, failingSince: new Date(Date.now() - 25 * 3600 * 1_000) },
    });
    script("/hooks/down", 500);
    const sent = await api("POST", `/api/v1/webhooks/${hook.body.id}/test`, user.token);
    const listed = await until("the endpoint to be disabled", async () => {
      const { body } = await api("GET", "/api/v1/webhooks", user.token);
      const endpoint = body.webhooks.find((w: { id: string }) => w.id === hook.body.id);
      return endpoint.disabled_at ? endpoint : undefined;
    });
    expect(listed).toMatchObject({
      consecutive_failures: 31,
      disabled_reason: "every delivery attempt failed for 24 hours",
    });
    // Its retry is given up without a request, and nothing new is sent to it.
    const delivery = await until("the retry to be given up", async () => {
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: sent.body.delivery_id } });
      return row.status === "failed" ? row : undefined;
    });
    expect(delivery.error).toBe("not sent: the endpoint is disabled");
    expect(received.filter((r) => r.url === "/hooks/down")).toHaveLength(1);
    const refused = await api("POST", `/api/v1/webhooks/${hook.body.id}/test`, user.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/re-enable it first/);

    const stranger = await userWithToken();
    expect((await api("POST", `/api/v1/webhooks/${hook.body.id}/enable`, stranger.token)).status).toBe(404);
    const enabled = await api("POST", `/api/v1/webhooks/${hook.body.id}/enable`, user.token);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ disabled_at: null, consecutive_failures: 0, failing_since: null });
    const again = await api("POST", `/api/v1/webhooks/${hook.body.id}/test`, user.token);
    expect(again.status).toBe(202);
    await until("a delivery after re-enabling", () =>
      received.filter((r) => r.url === "/hooks/down").length === 2 ? true : undefined,
    );
  });

  it("binds a secret stored before secrets were bound to their endpoint, and keeps signing with it", async () => {
    const user = await userWithToken();
    const hook = await api("POST", "/api/v1/webhooks", user.token, {
      url: `${receiverUrl}/hooks/legacy`,
      events: ["submission.scored"],
    });
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.body.id } });
    expect(stored.secretEncrypted).toMatch(/^v2\./);
    // The same secret as an older server stored it: AES-GCM without associated data.
    const key = Buffer.from(process.env.WEBHOOK_SECRET_KEY!, "base64");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const data = Buffer.concat([cipher.update(hook.body.secret, "utf8"), cipher.final()]);
    const v1 = ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url")));
    await db.webhookEndpoint.update({ where: { id: hook.body.id }, data: { secretEncrypted: v1.join(".") } });

    await api("POST", `/api/v1/webhooks/${hook.body.id}/test`, user.token);
    const request = await until("the legacy endpoint's delivery", () =>
      received.find((r) => r.url === "/hooks/legacy"),
    );
    expect(new Webhook(hook.body.secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject(
      {
        type: "webhook.test",
      },
    );
    const rebound = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.body.id } });
    expect(rebound.secretEncrypted).toMatch(/^v2\./);
    // Another endpoint's row cannot take it over.
    expect(() => openSecret(rebound.secretEncrypted, key, "another-endpoint")).toThrow();
    expect(openSecret(rebound.secretEncrypted, key, hook.body.id).secret).toBe(hook.body.secret);
  });
});
