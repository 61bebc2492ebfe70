import type { z } from "zod";
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

/**
 * A JSON answer in the shape of its published schema (lib/contracts): the body must type-check as the schema's input,
 * so a handler cannot answer a shape the OpenAPI document does not describe. Not parsed at run time (the integration
 * suite validates every answer against the document).
 */
export function respond<S extends z.ZodType>(_schema: S, body: z.input<S>, status = 200, headers: Record<string, string> = {}): Response {
  return json(body, status, headers);
}

/** The same check for bodies that another helper serializes (downloads with a CSV twin). */
export function shaped<S extends z.ZodType>(_schema: S, body: z.input<S>): z.input<S> {
  return body;
}
