import ipaddr from "ipaddr.js";

// Which clone URLs a build may name (docs/building-benchmarks.md): http(s) without credentials, query or fragment, on
// a host of the operator's allowlist (BUILD_CLONE_HOSTS). An allowlisted IP address is an operator's own mirror: it may
// speak plain http and is trusted past the private-address guard; a host name must use https and resolve to public
// addresses only (checked by the fetch, lib/webhooks/address-policy.ts).

export type CloneTarget = { url: URL; host: string; trustedAddress: boolean };

/** The URL as a clone target, or the reason it is refused (naming what is wrong, never what the host resolves to). */
export function checkCloneUrl(text: string, allowedHosts: readonly string[]): CloneTarget | { refused: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: "not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { refused: `${url.protocol} is not http(s)` };
  if (url.username || url.password) return { refused: "a clone URL may not carry credentials" };
  if (url.search || url.hash) return { refused: "a clone URL may not have a query or fragment" };
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!allowedHosts.includes(host)) return { refused: `${host} is not an allowed clone host (BUILD_CLONE_HOSTS)` };
  const trustedAddress = ipaddr.isValid(host);
  if (!trustedAddress && url.protocol !== "https:") return { refused: "a clone URL must use https" };
  return { url, host, trustedAddress };
}

/** The smart-HTTP endpoint `service` of a repository URL (`…/repo.git` + `/info/refs` or `/git-upload-pack`). */
export function serviceUrl(repository: URL, suffix: string): URL {
  const url = new URL(repository.href);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${suffix}`;
  return url;
}
