import { NextResponse } from "next/server";
import { toErrorResponse } from "../../errors";

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps a route handler so every thrown error goes through the one mapper (STYLE.md habit 4). */
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
