// Where to send someone after signing in. Used by the sign-in and sign-up pages (server), their forms (browser) and
// next-auth's redirect callback, so every hop applies the same rule: a path on this site, or the fallback.

export const DEFAULT_CALLBACK_PATH = "/account/submissions";

// Any origin works as the base for "does this stay on the same origin": a relative reference that leaves one origin
// leaves every origin. `.invalid` can never resolve (RFC 2606).
const PROBE_ORIGIN = "https://probebench.invalid";
const MAX_LENGTH = 2_000;
// Printable ASCII without space. Excludes what a browser's URL parser strips or rewrites (tab, CR, LF and other
// controls, leading spaces) and every non-ASCII look-alike (fullwidth solidus U+FF0F, U+3000, U+00A0, ...): the
// paths this app links to never contain them raw.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
// A proxy or a framework redirect on the way may percent-decode once more; no decoding may reveal another target.
const MAX_DECODING_LAYERS = 3;

/**
 * A same-site path to return to after signing in; anything else goes to `fallback`. With `siteOrigin`, absolute URLs
 * on that exact origin count as their path (next-auth's own sign-in route hands the page absolute callbackUrls).
 */
export function safeCallbackPath(
  value: string | string[] | undefined | null,
  fallback = DEFAULT_CALLBACK_PATH,
  siteOrigin?: string,
): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== "string") return fallback;
  return sameOriginPath(siteOrigin ? pathOnOrigin(v, siteOrigin) : v) ?? fallback;
}

/**
 * next-auth's redirect callback: `url` is the callbackUrl a request carried (relative, or absolute on `baseUrl`'s
 * origin). Returns an absolute URL on `baseUrl`, the home page unless `url` is plainly a path of this site.
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  return `${origin}${safeCallbackPath(url, "/", origin)}`;
}

// Compares the raw text, not a parsed URL: "https://site@evil.example" and friends never start with `${origin}/`.
function pathOnOrigin(url: string, origin: string): string {
  return url === origin ? "/" : url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

/** `value` normalised when it is a path on the site it is resolved against, else null. */
function sameOriginPath(value: string): string | null {
  if (value.length > MAX_LENGTH || !isPlainPath(value)) return null;
  // The path part is decoded layer by layer (the query and fragment cannot change where a browser goes).
  let layer = value.split(/[?#]/, 1)[0]!;
  for (let i = 0; ; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (decoded === layer) break;
    if (i === MAX_DECODING_LAYERS || !isPlainPath(decoded)) return null;
    layer = decoded;
  }
  const url = new URL(value, PROBE_ORIGIN);
  return `${url.pathname}${url.search}${url.hash}`;
}

// Starts with exactly one slash, holds no backslash (browsers read it as a slash), and still does after the URL
// parser has resolved dot segments ("/..//evil.example" is "//evil.example").
function isPlainPath(path: string): boolean {
  if (!PRINTABLE_ASCII.test(path) || path.includes("\\") || !path.startsWith("/") || path.startsWith("//"))
    return false;
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return url.origin === PROBE_ORIGIN && !url.pathname.startsWith("//");
}
