import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sendWebhookRequest } from "../../lib/server/webhooks/send-webhook-request";
import { createApiToken } from "../../lib/server/tokens/api-tokens";
import { contractFetch } from "../support/api-contract";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

const webUrl = inject("webUrl");

// A local receiver: records every request and answers with the next scripted status (200 when the script is done).
type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
const script: number[] = [];
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
      if (request.url === "/slow") return; // never answers
      response.writeHead(script.shift() ?? 200, { "content-type": "text/plain" }).end(`ok ${"x".repeat(2_000)}`);
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
    script.push(503, 500);
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
    ]) {
      const outcome = await sendWebhookRequest(target, "{}", {}, { allowPrivate: false, timeoutMs: 1_000 });
      expect(outcome, target).toMatchObject({ kind: "refused", error: expect.stringContaining("non-public address") });
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
