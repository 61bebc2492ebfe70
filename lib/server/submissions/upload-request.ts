import "server-only";
import { uploadOptionsQuerySchema } from "../../contracts/submissions";
import { sarifUploadQuerySchema } from "../../validation/sarif-query";
import { SARIF_CONTENT_TYPE } from "../../validation/sarif-log";
import { env } from "../../env";
import { parseOrThrow } from "../../errors";
import { readBodyBytes } from "../http/read-body";
import type { UploadBody } from "./submit-findings";

/** An upload request as submitFindings and validateUpload read it: the body (not read yet), its format and options. */
export function uploadBodyOf(request: Request): UploadBody {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  const isSarif =
    (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === SARIF_CONTENT_TYPE;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return {
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    read: () => readBodyBytes(request, env.UPLOAD_MAX_BYTES),
    sarif: isSarif ? parseOrThrow(sarifUploadQuerySchema, query, "The query") : undefined,
    query,
    options: parseOrThrow(uploadOptionsQuerySchema, query, "The query"),
  };
}
