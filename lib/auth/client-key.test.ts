import { describe, expect, it } from "vitest";
import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { CLIENT_ADDRESS_HEADER, compileTrust, resolveClientAddress } from "./client-address";
import { clientKey } from "./client-key";

// TRUSTED_PROXY_ADDRESSES's default (lib/env.ts).
const DEFAULT_HOPS = ["loopback", "uniquelocal"];

function requestFrom(socketAddress: string, forwardedFor?: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: socketAddress });
  const request = new IncomingMessage(socket);
  if (forwardedFor !== undefined) request.headers["x-forwarded-for"] = forwardedFor;
  return request;
}

describe("clientKey", () => {
  it("reads only the address the web server decided, never X-Forwarded-For", () => {
    expect(clientKey(new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.9", "x-forwarded-for": "6.6.6.6" }))).toBe(
      "203.0.113.9",
    );
    expect(clientKey({ [CLIENT_ADDRESS_HEADER]: "203.0.113.10" })).toBe("203.0.113.10");
    expect(clientKey(new Headers({ "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7" }))).toBe("unknown");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

describe("resolveClientAddress", () => {
  const none = compileTrust({ hops: 0, proxies: [], hopAddresses: DEFAULT_HOPS });

  it("uses the socket address when no proxy is trusted, whatever the client claims", () => {
    for (const claimed of ["6.6.6.6", "1.1.1.1, 2.2.2.2", "", "garbage"]) {
      expect(resolveClientAddress(requestFrom("198.51.100.7", claimed), none)).toBe("198.51.100.7");
    }
    expect(resolveClientAddress(requestFrom("::ffff:198.51.100.7"), none)).toBe("198.51.100.7");
  });

  it("behind one trusted hop takes the address the proxy saw, not what the client sent before it", () => {
    const oneHop = compileTrust({ hops: 1, proxies: [], hopAddresses: DEFAULT_HOPS });
    // nginx replaces the header with $remote_addr: the chain is [client, proxy].
    expect(resolveClientAddress(requestFrom("10.0.0.2", "203.0.113.5"), oneHop)).toBe("203.0.113.5");
    // A proxy that appends: the client's own claim sits further left and is ignored.
    expect(resolveClientAddress(requestFrom("10.0.0.2", "6.6.6.6, 203.0.113.5"), oneHop)).toBe("203.0.113.5");
    expect(resolveClientAddress(requestFrom("10.0.0.2"), oneHop)).toBe("10.0.0.2");
  });

  it("believes the hop only from a peer in TRUSTED_PROXY_ADDRESSES, not from a client that connects directly", () => {
    const oneHop = compileTrust({ hops: 1, proxies: [], hopAddresses: DEFAULT_HOPS });
    // A public client claiming to be the app's own host (which /api/metrics counts as internal).
    expect(resolveClientAddress(requestFrom("203.0.113.5", "127.0.0.1"), oneHop)).toBe("203.0.113.5");
    expect(resolveClientAddress(requestFrom("::ffff:203.0.113.5", "10.0.0.9"), oneHop)).toBe("203.0.113.5");
    // The proxy on loopback, on a compose network, or on IPv6 loopback.
    expect(resolveClientAddress(requestFrom("127.0.0.1", "203.0.113.5"), oneHop)).toBe("203.0.113.5");
    expect(resolveClientAddress(requestFrom("172.18.0.4", "203.0.113.5"), oneHop)).toBe("203.0.113.5");
    expect(resolveClientAddress(requestFrom("::1", "203.0.113.5"), oneHop)).toBe("203.0.113.5");
    // A narrower list: only that proxy.
    const only = compileTrust({ hops: 1, proxies: [], hopAddresses: ["192.0.2.10"] });
    expect(resolveClientAddress(requestFrom("192.0.2.10", "203.0.113.5"), only)).toBe("203.0.113.5");
    expect(resolveClientAddress(requestFrom("127.0.0.1", "203.0.113.5"), only)).toBe("127.0.0.1");
  });

  it("with a proxy list trusts forwarded addresses only from those proxies", () => {
    const listed = compileTrust({ hops: 0, proxies: ["10.0.0.0/8"], hopAddresses: DEFAULT_HOPS });
    expect(resolveClientAddress(requestFrom("10.0.0.2", "6.6.6.6, 203.0.113.5"), listed)).toBe("203.0.113.5");
    expect(resolveClientAddress(requestFrom("10.0.0.2", "203.0.113.5, 10.1.2.3"), listed)).toBe("203.0.113.5");
    // Straight from the internet: the header is the client's own claim.
    expect(resolveClientAddress(requestFrom("198.51.100.7", "6.6.6.6"), listed)).toBe("198.51.100.7");
  });
});
