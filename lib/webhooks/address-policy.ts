import ipaddr from "ipaddr.js";

// Where webhooks may not go (SSRF): anything but public unicast addresses. Loopback, private (RFC 1918, unique local
// fc00::/7), link-local (169.254/16 holds the cloud metadata services, fe80::/10), carrier-grade NAT (100.64/10 holds
// Alibaba's metadata address), unspecified, broadcast, multicast and reserved ranges are refused; IPv4-mapped IPv6
// addresses are judged as the IPv4 address they carry. IPv4-compatible IPv6 addresses (::/96, `::127.0.0.1`,
// deprecated by RFC 4291) are refused as reserved: some stacks still route them to the IPv4 address they carry.

const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** Why an address may not receive webhooks, or null when it may. */
export function refusedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  // `::` and `::1` keep their own names; the rest of ::/96 is what ipaddr.js calls unicast.
  if (range === "unicast" && parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE))
    return `${address} is a reserved address (IPv4-compatible IPv6)`;
  if (range === "unicast") return null;
  // 6to4 and Teredo wrap other addresses; refusing them is simpler than unwrapping every scheme.
  return `${address} is a ${range} address`;
}
