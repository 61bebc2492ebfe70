import { AppError } from "../../errors";

/** Reads a request body as UTF-8 text, refusing it as soon as it exceeds `maxBytes` (nothing is buffered past that). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const limitMb = (maxBytes / (1024 * 1024)).toFixed(0);
  const tooLarge = () => new AppError("payload_too_large", `The request body exceeds the ${limitMb} MB limit`);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    return decoder.decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("invalid_json", "The request body is not valid UTF-8 text", [{ path: "(root)", message: "not UTF-8" }]);
  }
}
