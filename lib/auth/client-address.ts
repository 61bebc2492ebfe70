import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

// The client address of a request, decided once by the web server (server/server.ts) from the socket and, only when
// the request came through a proxy we were told to trust, from X-Forwarded-For. Route handlers never see the socket,
// so the server passes its decision on in this header, overwriting whatever a client sent under the same name.
export const CLIENT_ADDRESS_HEADER = "x-probebench-client-address";

export type ProxyTrust = { hops: number; proxies: string[]; hopAddresses: string[] };

/**
 * proxy-addr's trust function: the configured addresses / CIDRs / presets (`loopback`, `uniquelocal`, ...), or the
 * nearest `hops` hops (TRUSTED_PROXY_HOPS=1: one proxy such as nginx in front of the app), each only while it is one
 * of `hopAddresses` (TRUSTED_PROXY_ADDRESSES): a client that connects straight to the app from elsewhere is not a
 * proxy, so its X-Forwarded-For is its own claim. Default: trust nobody.
 */
export function compileTrust({ hops, proxies, hopAddresses }: ProxyTrust): (address: string, hop: number) => boolean {
  if (proxies.length) return proxyaddr.compile(proxies);
  const isProxy = proxyaddr.compile(hopAddresses);
  return (address, hop) => hop < hops && isProxy(address, hop);
}

/** IPv4 clients reached over an IPv6 socket appear as `::ffff:1.2.3.4`; one client, one key. */
function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).slice(0, 100);
}

export function resolveClientAddress(
  request: IncomingMessage,
  trust: (address: string, hop: number) => boolean,
): string {
  // proxy-addr walks X-Forwarded-For from the socket outwards and stops at the first untrusted hop.
  const address = request.socket.remoteAddress ? proxyaddr(request, trust) : undefined;
  return address ? normaliseAddress(address) : "unknown";
}
