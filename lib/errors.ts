import { type z } from "zod";
import "./zod-messages";

// One error type, mapped to responses in one place (lib/server/http/respond.ts). Internal error text never reaches a client.
export type ErrorCode =
  | "invalid_json"
  | "invalid_input"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable"
  | "internal";

export type FieldIssue = { path: string; message: string };

const STATUS: Record<ErrorCode, number> = {
  invalid_json: 400,
  invalid_input: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** `runs[0].findings[3].line_end` from a zod path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out === "" ? "(root)" : out;
}

/** The first `limit` issues of a zod error by path, and a last entry counting the rest (answers stay small). */
export function issuesFromZod(error: z.ZodError, limit = 200): FieldIssue[] {
  const listed = error.issues
    .slice(0, limit)
    .map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  const more = error.issues.length - listed.length;
  return more > 0 ? [...listed, { path: "(more)", message: `${more} more problems not listed` }] : listed;
}

export function invalidInput(message: string, issues: FieldIssue[]): AppError {
  return new AppError("invalid_input", message, issues);
}

/** Parses with a named schema, throwing a 422 that lists every bad field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const count = result.error.issues.length;
    throw invalidInput(`${what} is invalid: ${count} problem${count === 1 ? "" : "s"}`, issuesFromZod(result.error));
  }
  return result.data;
}

// Codes that mean the database cannot be reached right now (restarting, failing over, refusing connections), not that
// the request was wrong: Prisma's P1001/P1002/P1017, PostgreSQL's class 08 and 57P0x, the socket's own errors.
const DATABASE_DOWN_CODES = new Set([
  "P1001",
  "P1002",
  "P1017",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);

// The same as the kinds of @prisma/adapter-pg's errors (a raw query wraps them in P2010, "Raw query failed").
const DATABASE_DOWN_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/** Whether an error (or any error it was caused by) says the database is unreachable for now: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    const record = e as {
      code?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof record.code === "string" && DATABASE_DOWN_CODES.has(record.code)) return true;
    if (typeof record.originalCode === "string" && DATABASE_DOWN_CODES.has(record.originalCode)) return true;
    if (typeof record.kind === "string" && DATABASE_DOWN_KINDS.has(record.kind)) return true;
    e = record.cause ?? record.meta?.driverAdapterError;
  }
  return false;
}
