import { UsageError } from "./exit-codes";

// The server's base URL as given by --url, PROBEBENCH_URL or the stored login: an http(s) origin, optionally with a
// path prefix (a server behind a proxy at /probebench). A URL copied from the API's address (`.../api` or
// `.../api/v1`) names the same server: the client adds /api/v1 itself, so that suffix is dropped, not doubled.

export const DEFAULT_SERVER_URL = "http://localhost:3000";

/** The canonical base URL (no trailing slash, no /api suffix); a UsageError naming `flag` for anything else. */
export function normaliseServerUrl(given: string, flag = "--url"): string {
  let url: URL;
  try {
    url = new URL(given.trim());
  } catch {
    throw new UsageError(`${flag} is not a URL: "${given}"`, [
      { path: flag, message: "must be an http(s) URL such as http://localhost:3000" },
    ]);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`${flag} must be an http(s) URL, not ${url.protocol}`, [
      { path: flag, message: "must be an http(s) URL such as http://localhost:3000" },
    ]);
  if (url.search || url.hash || url.username || url.password)
    throw new UsageError(`${flag} must be the server's base URL, without a query, fragment or credentials`, [
      { path: flag, message: "pass the token with --token or `probebench login`, not in the URL" },
    ]);
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api(\/v1)?$/, "");
  return `${url.origin}${path}`;
}
