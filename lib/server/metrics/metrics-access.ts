import ipaddr from "ipaddr.js";
import type { ApiCaller } from "../../auth/authorize-caller";

// Who may scrape GET /api/metrics: the internal network (a loopback or private source address, as the web server
// decided it from the socket and trusted proxies only), or an admin's API token with the admin scope. Everyone else
// gets a 404, so the endpoint does not advertise itself; a signed-in caller without admin power gets a 403.
const INTERNAL_RANGES = new Set(["loopback", "private", "uniqueLocal", "linkLocal"]);

export function isInternalAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return INTERNAL_RANGES.has(parsed.range());
}

export type MetricsAccess = "allowed" | "not_found" | "forbidden";

export function metricsAccess(address: string, caller: ApiCaller | null): MetricsAccess {
  if (isInternalAddress(address)) return "allowed";
  if (!caller) return "not_found";
  return caller.via === "token" && caller.role === "admin" && caller.token?.scopes.includes("admin")
    ? "allowed"
    : "forbidden";
}
