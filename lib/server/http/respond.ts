import { NextResponse } from "next/server";
import { z } from "zod";
import { AppError, isDatabaseUnavailable, issuesFromZod, type ErrorCode, type FieldIssue } from "../../errors";
import { log } from "../../observability/log";

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps a route handler so every thrown error goes through the one mapper (toErrorResponse below). */
export function withErrors<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      const { status, body, headers } = toErrorResponse(error);
      return NextResponse.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
    }
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/**
 * A body in the shape of its published schema (lib/contracts) that another helper serializes (downloads with a CSV
 * twin): it must type-check as the schema's input. Not parsed at run time (the integration suite validates every
 * answer against the OpenAPI document).
 */
export function shaped<S extends z.ZodType>(_schema: S, body: z.input<S>): z.input<S> {
  return body;
}

type ErrorBody = { error: { code: ErrorCode; message: string; issues?: FieldIssue[] } };

/** Maps any thrown value to a status and a client-safe body; unknown errors are logged, never echoed. */
function toErrorResponse(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.issues.length) body.error.issues = error.issues.slice(0, 1_000);
    return { status: error.status, body, headers: error.headers };
  }
  if (error instanceof z.ZodError) {
    return {
      status: 422,
      body: {
        error: { code: "invalid_input", message: "Invalid input", issues: issuesFromZod(error).slice(0, 1_000) },
      },
      headers: {},
    };
  }
  if (isDatabaseUnavailable(error)) {
    // A restart or failover of Postgres: the app recovers by itself (the client reconnects), so the client is told
    // to come back rather than that something broke.
    log.warn({ err: error }, "database unavailable");
    return {
      status: 503,
      body: {
        error: {
          code: "unavailable",
          message: "The database is unavailable for a moment (restarting or unreachable). Try again in a few seconds.",
        },
      },
      headers: { "retry-after": "5" },
    };
  }
  log.error({ err: error }, "unhandled error");
  return { status: 500, body: { error: { code: "internal", message: "Internal server error" } }, headers: {} };
}
