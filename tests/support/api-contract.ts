import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import path from "node:path";

// Contract tests: every answer the integration suite receives from the API is checked with ajv against the published
// OpenAPI document, public/schemas/openapi.json (what third-party tools read; the one served at /api/v1/openapi.json,
// kept equal to the route list by lib/validation/json-schemas.test.ts), so the document cannot drift from what the
// handlers send. The test helpers that talk to the API (call, waitForStatus, contractFetch) run every answer through
// here.

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
export const OPENAPI_FILE = path.resolve("public", "schemas", "openapi.json");
const document = JSON.parse(readFileSync(OPENAPI_FILE, "utf8")) as {
  paths: Record<string, Record<string, Operation>>;
};
const DOCUMENT_ID = "https://probebench.com/openapi.json";
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

// Templates with more literal segments first, so /api/v1/submissions/{id}/panel beats a looser match.
const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    // `{name}.csv` counts as literal, so a CSV twin beats its JSON route with a name ending in .csv
    literal: template.split("/").filter((s) => s && !/^\{[^}]+\}$/.test(s)).length,
  }))
  .sort((a, b) => b.literal - a.literal);

const validators = new Map<string, ValidateFunction>();
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Whether a path is one the document covers (next-auth's own endpoints are not). */
export function isContractPath(pathname: string): boolean {
  return pathname.startsWith("/api/") && (!pathname.startsWith("/api/auth/") || pathname === "/api/auth/register");
}

/** Throws, naming the route, status and every mismatch, when an answer is not what the document says. */
export function assertMatchesContract(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  const parsed = new URL(url, "http://localhost");
  // `?format=csv` is the `.csv` operation's answer (server/server.ts rewrites one to the other).
  const pathname = parsed.pathname + (parsed.searchParams.get("format") === "csv" ? ".csv" : "");
  if (!isContractPath(pathname)) return;
  const match = templates.find((t) => t.pattern.test(pathname));
  const verb = method.toLowerCase();
  const operation = match ? document.paths[match.template]![verb] : undefined;
  if (!match || !operation) throw new Error(`Contract: ${method} ${pathname} is not in the OpenAPI document`);
  const response = operation.responses[String(status)];
  if (!response)
    throw new Error(
      `Contract: ${method} ${match.template} answered ${status}, which the document does not list (${Object.keys(operation.responses).join(", ")})`,
    );
  if (status === 304 || body === undefined) return;
  if (!contentType?.includes("json")) {
    if (!response.content || Object.keys(response.content).some((type) => contentType?.startsWith(type))) return;
    throw new Error(
      `Contract: ${method} ${match.template} ${status} answered ${contentType}, not ${Object.keys(response.content).join(" or ")}`,
    );
  }
  if (!response.content?.["application/json"])
    throw new Error(`Contract: ${method} ${match.template} ${status} has no JSON body in the document`);
  const key = `${verb} ${match.template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({
      $ref: `${DOCUMENT_ID}#/${pointer("paths", match.template, verb, "responses", String(status), "content", "application/json", "schema")}`,
    });
    validators.set(key, validate);
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || "(root)"} ${e.message}`);
    throw new Error(
      `Contract: ${method} ${match.template} ${status} does not match the document:\n  ${problems.join("\n  ")}\nbody: ${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}

/** fetch for API tests: the answer is checked against the document, and its body stays readable (a clone is read). */
export async function contractFetch(input: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  assertMatchesContract(init?.method ?? "GET", input, response.status, response.headers.get("content-type"), body);
  return response;
}
