import { lookup } from "node:dns/promises";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, rename, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import path from "node:path";
import { env } from "../../../lib/env";
import { checkCloneUrl, serviceUrl, type CloneTarget } from "../../../lib/benchmark-build/clone-url";
import {
  SidebandReader,
  bundleHeader,
  parseRefAdvertisement,
  uploadPackRequest,
} from "../../../lib/benchmark-build/git-smart-http";
import { refusedAddressReason } from "../../../lib/webhooks/address-policy";
import { PermanentJobError } from "../../jobs/job-failure";

// A clone URL fetched as a git bundle (docs/building-benchmarks.md#sources). The host is on the operator's allowlist
// and every address it resolves to is checked by the webhook guard (no loopback, private, link-local or metadata
// address), the connection is made to the checked address itself (no second lookup), and each redirect is checked
// the same way before it is followed. Only git's pkt-line framing is read here: the default branch's commits are
// asked for in one upload-pack request and the pack's bytes, never parsed, are written after a bundle header. git
// first reads them in the sandbox, where the clone of the bundle checks every object (git-sandbox.ts), so the
// repository is parsed nowhere else and nothing is checked out (no hooks, submodules or symlinks). The whole fetch is
// bounded in bytes (BUILD_BUNDLE_MAX_BYTES) and time (BUILD_CLONE_TIMEOUT_MS).

const MAX_REDIRECTS = 5;
const MAX_ADVERTISEMENT_BYTES = 32 * 1024 ** 2;

type Sink = (chunk: Buffer) => void;

async function pinnedAddress(target: CloneTarget): Promise<{ address: string; family: number }> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(target.host, { all: true, verbatim: true });
  } catch {
    throw new PermanentJobError(`The clone host ${target.host} could not be resolved.`);
  }
  const allowed = target.trustedAddress ? addresses : addresses.filter((a) => refusedAddressReason(a.address) === null);
  const pinned = allowed[0];
  if (!pinned) throw new PermanentJobError(`The clone host ${target.host} resolves to a private address: refused.`);
  return pinned;
}

/** One request, redirects followed only to URLs that pass the same checks; `sink` gets the body of a 200. */
async function guardedRequest(
  start: URL,
  init: { method: "GET" | "POST"; body?: Buffer; headers: Record<string, string> },
  sink: Sink,
  deadline: number,
): Promise<void> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = checkCloneUrl(url.href.replace(/\?.*$/, ""), env.BUILD_CLONE_HOSTS);
    if ("refused" in target) throw new PermanentJobError(`Clone refused: ${target.refused}.`);
    const pinned = await pinnedAddress(target);
    const outcome = await requestOnce(url, pinned, init, sink, deadline);
    if (outcome.kind === "done") return;
    if (init.method === "POST") throw new PermanentJobError("The clone host redirected a pack request: refused.");
    url = new URL(outcome.location, url);
    url.search = start.search;
  }
  throw new PermanentJobError(`The clone host redirected more than ${MAX_REDIRECTS} times.`);
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  init: { method: "GET" | "POST"; body?: Buffer; headers: Record<string, string> },
  sink: Sink,
  deadline: number,
): Promise<{ kind: "done" } | { kind: "redirect"; location: string }> {
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new PermanentJobError("The clone took longer than BUILD_CLONE_TIMEOUT_MS."));
    const request = client.request(
      url,
      {
        method: init.method,
        headers: {
          "user-agent": "git/2.0 (probebench)",
          ...init.headers,
          ...(init.body ? { "content-length": String(init.body.length) } : {}),
        },
        lookup: pinnedLookup,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          clearTimeout(timer);
          return resolve({ kind: "redirect", location: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          clearTimeout(timer);
          return reject(new PermanentJobError(`The clone host answered ${status} for ${url.pathname}.`));
        }
        response.on("data", (chunk: Buffer) => {
          try {
            sink(chunk);
          } catch (error) {
            request.destroy();
            clearTimeout(timer);
            reject(error);
          }
        });
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ kind: "done" });
        });
        response.on("error", () => {
          clearTimeout(timer);
          reject(new PermanentJobError("The clone host's answer was cut off."));
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      reject(new PermanentJobError("The clone took longer than BUILD_CLONE_TIMEOUT_MS."));
    }, remaining);
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new PermanentJobError(`Could not connect to the clone host (${error.code ?? "error"}).`));
    });
    request.end(init.body);
  });
}

/**
 * Fetches the default branch of `cloneUrl` into `dir/repo.bundle` (written whole or not at all) and returns its
 * path. The bundle names the branch and HEAD, as `git bundle create` would.
 */
export async function fetchCloneAsBundle(cloneUrl: string, dir: string): Promise<string> {
  const target = checkCloneUrl(cloneUrl, env.BUILD_CLONE_HOSTS);
  if ("refused" in target) throw new PermanentJobError(`Clone refused: ${target.refused}.`);
  const deadline = Date.now() + env.BUILD_CLONE_TIMEOUT_MS;

  const advertised: Buffer[] = [];
  let advertisedBytes = 0;
  const refsUrl = serviceUrl(target.url, "info/refs");
  refsUrl.search = "?service=git-upload-pack";
  await guardedRequest(
    refsUrl,
    { method: "GET", headers: {} },
    (chunk) => {
      advertisedBytes += chunk.length;
      if (advertisedBytes > MAX_ADVERTISEMENT_BYTES)
        throw new PermanentJobError("The clone host advertised too many refs.");
      advertised.push(chunk);
    },
    deadline,
  );
  let refs;
  try {
    refs = parseRefAdvertisement(Buffer.concat(advertised));
  } catch {
    throw new PermanentJobError("The clone URL does not serve a git repository over smart HTTP.");
  }
  const branch = refs.headTarget;
  const sha = branch ? refs.refs.get(branch) : undefined;
  if (!branch || !sha) throw new PermanentJobError("The cloned repository names no default branch.");

  await mkdir(dir, { recursive: true, mode: 0o755 });
  const target_ = path.join(dir, "repo.bundle");
  const incoming = `${target_}.incoming`;
  const file = createWriteStream(incoming, { mode: 0o644 });
  file.write(
    bundleHeader(
      new Map([
        [branch, sha],
        ["HEAD", sha],
      ]),
    ),
  );
  let packBytes = 0;
  const reader = new SidebandReader((chunk) => {
    packBytes += chunk.length;
    if (packBytes > env.BUILD_BUNDLE_MAX_BYTES)
      throw new PermanentJobError(
        `The repository is larger than BUILD_BUNDLE_MAX_BYTES (${env.BUILD_BUNDLE_MAX_BYTES}).`,
      );
    file.write(chunk);
  });
  try {
    await guardedRequest(
      serviceUrl(target.url, "git-upload-pack"),
      {
        method: "POST",
        body: uploadPackRequest([sha]),
        headers: {
          "content-type": "application/x-git-upload-pack-request",
          accept: "application/x-git-upload-pack-result",
        },
      },
      (chunk) => reader.push(chunk),
      deadline,
    );
    if (reader.serverError) throw new PermanentJobError(`The clone host refused the fetch: ${reader.serverError}`);
    if (!reader.done || packBytes === 0) throw new PermanentJobError("The clone host sent no complete pack.");
    await new Promise<void>((resolve, reject) =>
      file.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await chmod(incoming, 0o644);
    await rename(incoming, target_);
    return target_;
  } catch (error) {
    file.destroy();
    await rm(incoming, { force: true });
    throw error;
  }
}
