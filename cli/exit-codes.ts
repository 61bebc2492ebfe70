import { CommanderError } from "commander";
import { ApiError } from "../lib/api-client";
import { AppError, isDatabaseUnavailable } from "../lib/errors";

// What a script can branch on: one exit code per kind of failure (docs/operating.md lists them), and under `--json`
// the same error as one JSON object on stdout. Pure: the CLI's error handler prints what `describeCliError` returns.

export const EXIT_CODES = {
  ok: 0,
  /** Anything else: the server's own failure (5xx), an answer off its contract, a bug. */
  error: 1,
  /** A bad command line: an unknown command or flag, a malformed flag value, `--url notaurl`. */
  usage: 2,
  /** No token, or the server refused it (401, 403). */
  auth: 3,
  /** The server or the database could not be reached. */
  network: 4,
  /** The file is missing, a directory, unreadable, malformed, or refused by the server's checks (400, 413, 415, 422). */
  invalid_file: 5,
  /** The submission was stored but its scoring failed (`submit --wait`, `status`). */
  scoring_failed: 6,
  /** The server has no such thing, or does not show it to this caller (404). */
  not_found: 7,
  /** The server refused a repeat: the same file uploaded again, a name that exists already (409). */
  conflict: 8,
  /** A quota or rate limit is used up (429); `retry_after_seconds` says how long to wait. */
  rate_limited: 9,
} as const;

type ErrorKind = Exclude<keyof typeof EXIT_CODES, "ok" | "scoring_failed">;

export type CliIssue = { path: string; message: string };

/** A bad command line found by the CLI itself; issues name the flags as typed (`--url`). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly issues: CliIssue[] = [],
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** A command that needs a token has none (the server was not asked). */
export class AuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AuthError";
  }
}

/** A local file that cannot be read as a file (missing, a directory, no permission). */
export class FileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FileError";
  }
}

/** What `--json` prints on stdout for a failure, and what the text output shows on stderr. */
export type CliErrorReport = {
  error: {
    kind: ErrorKind;
    exit_code: number;
    message: string;
    issues: CliIssue[];
    /** The HTTP status the server answered, when it answered. */
    status?: number;
    retry_after_seconds?: number;
  };
};

function kindOfStatus(status: number): ErrorKind {
  if (status === 0) return "network";
  if (status === 401 || status === 403) return "auth";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limited";
  if ([400, 413, 415, 422].includes(status)) return "invalid_file";
  return "error";
}

// Node's and the pg driver's codes for a peer that does not answer.
const NETWORK_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET", "EAI_AGAIN"]);

function report(kind: ErrorKind, message: string, issues: CliIssue[] = [], extra: object = {}): CliErrorReport {
  return { error: { kind, exit_code: EXIT_CODES[kind], message, issues, ...extra } };
}

/** Any error the CLI can meet, as a kind, an exit code and a message for people; null for commander's --help/--version. */
export function describeCliError(error: unknown): CliErrorReport | null {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return null;
    if (error.code === "commander.help") return report("usage", "Name a command: `probebench --help` lists them");
    return report("usage", error.message.replace(/^error: /, ""));
  }
  if (error instanceof UsageError) return report("usage", error.message, error.issues);
  if (error instanceof FileError) return report("invalid_file", error.message);
  if (error instanceof AuthError) return report("auth", error.message);
  if (error instanceof ApiError)
    return report(kindOfStatus(error.status), error.message, error.issues, {
      ...(error.status ? { status: error.status } : {}),
      ...(error.retryAfterSeconds !== undefined ? { retry_after_seconds: error.retryAfterSeconds } : {}),
    });
  if (error instanceof AppError) return report(kindOfStatus(error.status), error.message, error.issues);
  const code = (error as { code?: unknown } | null)?.code;
  // An operator command whose database is down (Prisma's P1001 and friends), or a socket that found no peer.
  if (isDatabaseUnavailable(error) || (typeof code === "string" && NETWORK_CODES.has(code)))
    return report("network", `Cannot connect: ${error instanceof Error ? error.message : String(code)}`);
  return report("error", error instanceof Error ? error.message : String(error));
}

/** The text form of a report, for stderr. */
export function formatCliError(r: CliErrorReport): string {
  const lines = [`Error: ${r.error.message}`];
  for (const issue of r.error.issues.slice(0, 50)) lines.push(`  ${issue.path}: ${issue.message}`);
  if (r.error.issues.length > 50) lines.push(`  ... and ${r.error.issues.length - 50} more`);
  if (r.error.retry_after_seconds !== undefined) lines.push(`  retry after ${r.error.retry_after_seconds} s`);
  return lines.join("\n");
}
