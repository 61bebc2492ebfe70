import { assertMatchesContract } from "../support/api-contract";
import { randomUUID } from "node:crypto";
import { createApiToken } from "../../lib/server/tokens/api-tokens";
import { createUser } from "../../lib/server/users/create-user";
import type { TokenScope } from "../../lib/validation/api-token";

// Helpers for the account and authorization suites: real users with passwords, real sign-ins through next-auth's
// endpoints (CSRF token + credentials callback), and requests carrying the resulting session cookie.

export type Role = "user" | "maintainer" | "admin";
export type TestUser = { id: string; email: string; password: string; token: string; role: Role };

export const PASSWORD = "integration-password-1";

/**
 * A user with a password and an API token. The token has every scope the role may hold (admins' tokens include
 * `admin`, as do maintainers' for match overrides), unless `scopes` says otherwise; suites about scopes make their own tokens.
 */
export async function createTestUser(
  role: Role = "user",
  opts: { quota?: number; email?: string; scopes?: TokenScope[] } = {},
): Promise<TestUser> {
  const email = opts.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const user = await createUser({ email, role, password: PASSWORD });
  if (opts.quota !== undefined) {
    const { db } = await import("../../lib/db");
    await db.user.update({ where: { id: user.id }, data: { submissionQuotaPerDay: opts.quota } });
  }
  const scopes = opts.scopes ?? (role !== "user" ? ["submit", "read", "admin"] : ["submit", "read"]);
  const { token } = await createApiToken(email, { name: "tests", scopes });
  return { id: user.id, email, password: PASSWORD, token, role };
}

function cookiesFrom(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
}

const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Signs in with email + password through next-auth; returns the Cookie header value and the error code, if any. */
export async function signInRaw(
  webUrl: string,
  email: string,
  password: string,
): Promise<{ cookie: string; error: string | null; status: number }> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${webUrl}/api/auth/csrf`);
  cookiesFrom(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${webUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: header(jar), origin: webUrl },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: `${webUrl}/` }),
    redirect: "manual",
  });
  cookiesFrom(response, jar);
  const body = (await response.json().catch(() => ({}))) as { url?: string };
  const error = body.url ? new URL(body.url).searchParams.get("error") : null;
  const session = [...jar.keys()].find((k) => k.endsWith("next-auth.session-token"));
  return { cookie: session && !error ? `${session}=${jar.get(session)}` : "", error, status: response.status };
}

export async function signIn(webUrl: string, user: { email: string; password: string }): Promise<string> {
  const result = await signInRaw(webUrl, user.email, user.password);
  if (!result.cookie) throw new Error(`sign-in failed for ${user.email}: ${result.error}`);
  return result.cookie;
}

export type Auth = { cookie?: string; token?: string; origin?: string | null };

/** A request as a browser session (cookie, same-origin Origin on writes) or as an API client (bearer token). */
export async function call(webUrl: string, method: string, path: string, auth: Auth = {}, body?: unknown) {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  const origin = auth.origin === undefined ? webUrl : auth.origin;
  if (method !== "GET" && origin) headers.origin = origin;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${webUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* pages answer HTML */
  }
  assertMatchesContract(method, `${webUrl}${path}`, response.status, response.headers.get("content-type"), json);
  return { status: response.status, headers: response.headers, text, json: json as Record<string, any> };
}

/** An admin approves a submission (POST .../review); the answer's status, for the test to assert. */
export async function approveSubmission(webUrl: string, id: string, adminToken: string): Promise<number> {
  const answer = await call(
    webUrl,
    "POST",
    `/api/v1/admin/submissions/${id}/review`,
    { token: adminToken },
    { decision: "approve" },
  );
  return answer.status;
}
