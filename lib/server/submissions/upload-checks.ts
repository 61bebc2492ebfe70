import "server-only";
import { createHash } from "node:crypto";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { UploadOptions } from "../../contracts/submissions";
import type { SarifUploadQuery } from "../../validation/sarif-query";
import { countKnownPaths, unknownPathsProblem } from "../../validation/known-paths";
import { runsOf, type FindingsFile } from "../../validation/findings-file";

// Two checks of an upload (docs/api.md): the same file sent again, refused where the client asks (each upload counts
// against the daily quota, and a repeat from a script is usually the script run twice), and findings whose paths name
// no file of their repositories, refused unless asked (they would score zero without saying why).

/** The upload's identity: its bytes and, for a SARIF log, the labels the query adds (the same log as another tool). */
export function uploadHash(bytes: Uint8Array, sarif?: SarifUploadQuery): string {
  const hash = createHash("sha256").update(bytes);
  if (sarif) hash.update(JSON.stringify(Object.entries(sarif).sort(([a], [b]) => a.localeCompare(b))));
  return hash.digest("hex");
}

/** This user's standing upload (not failed, not withdrawn) of the same file, newest first; null when there is none. */
export async function findEarlierUpload(submitterId: string, sha256: string) {
  return db.submission.findFirst({
    where: {
      submitterId,
      uploadSha256: sha256,
      scoringStatus: { not: "failed" },
      reviewStatus: { not: "withdrawn" },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, createdAt: true, scoringStatus: true },
  });
}

/** How an earlier upload of the same file is named to its uploader. */
export function describeEarlierUpload(earlier: NonNullable<Awaited<ReturnType<typeof findEarlierUpload>>>): string {
  return `You uploaded this file before: submission ${earlier.id} (${earlier.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${earlier.scoringStatus})`;
}

/**
 * 409 when the client asks for the check (allow_duplicate=false, sent by the CLI and the Python client unless told
 * otherwise) and this user uploaded the same file before, its entry still standing (not failed, not withdrawn).
 */
export async function assertNotUploadedBefore(
  submitterId: string,
  sha256: string,
  options: UploadOptions,
): Promise<void> {
  if (options.allow_duplicate !== "false") return;
  const earlier = await findEarlierUpload(submitterId, sha256);
  if (!earlier) return;
  throw new AppError(
    "conflict",
    `${describeEarlierUpload(earlier)}. To store it again as a new entry pass allow_duplicate=true (CLI: --allow-duplicate).`,
  );
}

/** 422 when no finding names a file of its repository, where snapshots list the repositories' files. */
export function assertKnownPaths(
  file: FindingsFile,
  snapshotFiles: ReadonlyMap<string, ReadonlySet<string>>,
  options: UploadOptions,
): void {
  if (options.allow_unknown_paths === "true" || snapshotFiles.size === 0) return;
  const problem = unknownPathsProblem(
    countKnownPaths(
      runsOf(file).flatMap((r) => r.findings),
      snapshotFiles,
    ),
  );
  if (problem)
    throw new AppError("invalid_input", "The findings name no file of their repositories", [
      { path: "findings[].file", message: problem },
    ]);
}
