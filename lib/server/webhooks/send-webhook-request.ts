import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { log } from "../../observability/log";
import { refusedAddressReason } from "../../webhooks/address-policy";
import { RESPONSE_EXCERPT_CHARS } from "../../webhooks/delivery-schedule";

// One HTTP POST to a receiver, guarded against SSRF: the host is resolved here, every address checked
// (lib/webhooks/address-policy.ts), and the connection made to the checked address itself (no second lookup, so no
// DNS-rebinding window); TLS still verifies the certificate for the host name. Redirects are never followed (Node's
// http does not), the whole attempt is bounded by a timeout, and only a short excerpt of the answer is read.
// Node's http rather than fetch: fetch cannot be told which address to connect to.

export type RequestOutcome =
  | { kind: "answered"; status: number; excerpt: string }
  | { kind: "refused"; error: string }
  | { kind: "failed"; error: string };

export async function sendWebhookRequest(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<RequestOutcome> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { kind: "refused", error: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { kind: "refused", error: `${url.protocol} is not http(s)` };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { kind: "failed", error: `could not resolve ${host}` };
  }
  const allowed = opts.allowPrivate ? addresses : addresses.filter((a) => refusedAddressReason(a.address) === null);
  if (allowed.length === 0) {
    // The delivery log is the user's to read: naming the address would let anyone map internal host names. The
    // operator's log has the reason.
    const reason = addresses.map((a) => refusedAddressReason(a.address)).find(Boolean) ?? "no address";
    log.warn({ host, reason }, "webhook target refused");
    return { kind: "refused", error: "refused: private address" };
  }
  const pinned = allowed[0]!;
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<RequestOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: RequestOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup,
        agent: false,
      },
      (response) => {
        let excerpt = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          excerpt += chunk;
          if (excerpt.length >= RESPONSE_EXCERPT_CHARS)
            finish({
              kind: "answered",
              status: response.statusCode ?? 0,
              excerpt: excerpt.slice(0, RESPONSE_EXCERPT_CHARS),
            });
        });
        response.on("end", () => finish({ kind: "answered", status: response.statusCode ?? 0, excerpt }));
        response.on("error", () => finish({ kind: "answered", status: response.statusCode ?? 0, excerpt }));
      },
    );
    const timer = setTimeout(
      () => finish({ kind: "failed", error: `no answer within ${opts.timeoutMs / 1_000} s` }),
      opts.timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({ kind: "failed", error: `connection failed (${error.code ?? "error"})` }),
    );
    request.end(body);
  });
}
