// The security headers of every response: next.config.ts sends them everywhere, and proxy.ts replaces the CSP of
// pages with one that carries a per-request nonce. Pure, so both (and tests) share one definition.

/**
 * The Content-Security-Policy. Pages get a nonce: Next puts it on its own scripts (it reads the nonce from the
 * request's CSP header) and the few inline scripts of ours read it from `x-nonce`. 'strict-dynamic' lets those
 * trusted scripts load the chunks they need; 'self' is only a fallback for browsers without CSP level 3. Responses
 * that are not pages (API answers, files) get no nonce and allow no inline script at all. `next dev` also needs
 * 'unsafe-eval' (React rebuilds server error stacks with eval) and a websocket for hot reload. Styles keep
 * 'unsafe-inline': the charts and bars set inline style attributes, which nonces cannot cover.
 * form-action allows GitHub: signing in with GitHub posts a form that redirects there.
 */
export function contentSecurityPolicy(opts: { nonce?: string; dev: boolean }): string {
  const scripts = opts.nonce ? `'self' 'nonce-${opts.nonce}' 'strict-dynamic'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://github.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The other defence-in-depth headers. HSTS is the HTTPS proxy's (deploy/nginx). */
export const SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** A fresh nonce: 128 random bits, base64 (the CSP nonce-source syntax). */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
