import { env } from "../env";
import { AppError } from "../errors";

function hostOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for cookie-authenticated writes, the same rule Next applies to server actions: the browser's Origin
 * must be this site (the Host the request came to, or NEXTAUTH_URL). A cross-site page cannot forge Origin, and
 * session cookies are SameSite=Lax besides. Bearer-token requests need no such check: browsers never add tokens.
 */
export function assertSameOrigin(request: Request): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") {
    throw new AppError("forbidden", "Cross-site request refused: this action must come from a probebench page");
  }
  const origin = hostOf(request.headers.get("origin"));
  const allowed = new Set<string>();
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) allowed.add(host.split(",")[0]!.trim().toLowerCase());
  const configured = hostOf(env.NEXTAUTH_URL);
  if (configured) allowed.add(configured);
  if (!origin || !allowed.has(origin)) {
    throw new AppError("forbidden", "Cross-site request refused: the Origin header is missing or not this site");
  }
}
