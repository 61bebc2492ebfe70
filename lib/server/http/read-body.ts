import { AppError } from "../../errors";
import { parseJsonText } from "../../validation/parse-json";

/**
 * Reads a request body as UTF-8 text, refusing it as soon as it exceeds `maxBytes` (nothing is buffered past that).
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return decodeBodyText(await readBodyBytes(request, maxBytes));
}

/**
 * Reads a request body's bytes, refusing it as soon as it exceeds `maxBytes` (nothing is buffered past that).
 * A body that declares its length is copied into one buffer of that size as it arrives, so reading costs the body's
 * size once rather than twice (chunks plus their concatenation).
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const limitMb = (maxBytes / (1024 * 1024)).toFixed(0);
  const tooLarge = () => new AppError("payload_too_large", `The request body exceeds the ${limitMb} MB limit`);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const single = Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const next = total + value.byteLength;
    if (next > maxBytes || (single && next > single.length)) {
      await reader.cancel().catch(() => undefined);
      if (next > maxBytes) throw tooLarge();
      throw new AppError("invalid_input", "The request body is longer than its Content-Length", [
        { path: "(root)", message: "body longer than declared" },
      ]);
    }
    if (single) single.set(value, total);
    else chunks.push(value);
    total = next;
  }
  const bytes = single ? single.subarray(0, total) : Buffer.concat(chunks, total);
  chunks.length = 0;
  return bytes;
}

/** A body's bytes as UTF-8 text; a 400 when they are not UTF-8. */
export function decodeBodyText(bytes: Uint8Array): string {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    return decoder.decode(bytes);
  } catch {
    throw new AppError("invalid_json", "The request body is not valid UTF-8 text", [
      { path: "(root)", message: "not UTF-8" },
    ]);
  }
}

/** A small JSON request body that may be left out: `{}` when empty, else the parsed value (the caller's schema checks it). */
export async function readOptionalJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  return text.trim() ? parseJsonText(text, "The request body") : {};
}
