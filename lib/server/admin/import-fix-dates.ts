import "server-only";
import { db } from "../../db";
import { AppError, parseOrThrow } from "../../errors";
import { fixDatesFileSchema, type FixDatesFile } from "../../validation/fix-dates-file";
import { parseJsonText } from "../../validation/parse-json";
import { parseBenchmarkRef } from "../../benchmarks/benchmark-ref";
import { enqueueFixRankTests } from "../../queue/fix-rank-queue";
import { recordAuditLog } from "./record-audit-log";

// Fix dates for a benchmark version imported without them (§C.4 needs them): all listed bugs are dated in one
// transaction with its audit record, or none is. A version that already has fix dates keeps them: a correction is a
// new version, as for every other field. The fix-rank tests of the version's scored runs are then recomputed by the worker.

export type ImportedFixDates = { benchmark: string; dated: number; reference_bugs: number; tests: "queued" };

async function findVersion(ref: string) {
  const { slug, version } = parseBenchmarkRef(ref);
  if (!version) throw new AppError("invalid_input", "Name the version exactly: slug@version");
  const benchmark = await db.benchmark.findUnique({
    where: { slug_version: { slug, version } },
    select: { id: true, slug: true, version: true },
  });
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${ref}"`);
  return benchmark;
}

export async function importFixDates(actorId: string, ref: string, text: string): Promise<ImportedFixDates> {
  const file: FixDatesFile = parseOrThrow(
    fixDatesFileSchema,
    parseJsonText(text, "The fix-dates file"),
    "The fix-dates file",
  );
  const benchmark = await findVersion(ref);
  const key = `${benchmark.slug}@${benchmark.version}`;
  const total = await db.$transaction(
    async (tx) => {
      // One import at a time per version: the check below and the writes must see the same state.
      await tx.$executeRaw`SELECT id FROM "Benchmark" WHERE id = ${benchmark.id} FOR UPDATE`;
      const bugs = await tx.referenceBug.findMany({
        where: { repository: { benchmarkId: benchmark.id } },
        select: { id: true, externalId: true, fixedAt: true, repository: { select: { name: true } } },
      });
      if (bugs.some((b) => b.fixedAt !== null))
        throw new AppError("conflict", `${key} already has fix dates; import a new version to change them`);
      const idOf = new Map(bugs.map((b) => [`${b.repository.name}\u0000${b.externalId}`, b.id]));
      const unknown = file.fix_dates
        .map((row, i) => ({ row, i }))
        .filter(({ row }) => !idOf.has(`${row.repo}\u0000${row.id}`));
      if (unknown.length > 0) {
        const shown = unknown
          .slice(0, 20)
          .map(({ row, i }) => `fix_dates.${i}: no reference bug ${row.id} in ${row.repo}`);
        throw new AppError(
          "invalid_input",
          `The fix-dates file names ${unknown.length} reference bug(s) that ${key} does not have: ${shown.join("; ")}${unknown.length > 20 ? "; ..." : ""}`,
        );
      }
      const ids = file.fix_dates.map((row) => idOf.get(`${row.repo}\u0000${row.id}`)!);
      // Prisma stores DateTime as UTC in a zone-less column: the instants are converted the same way.
      const dates = file.fix_dates.map((row) => new Date(row.fixed_at).toISOString());
      await tx.$executeRaw`
        UPDATE "ReferenceBug" AS r SET "fixedAt" = (v.fixed_at::timestamptz AT TIME ZONE 'UTC')
          FROM unnest(${ids}::text[], ${dates}::text[]) AS v(id, fixed_at)
         WHERE r.id = v.id`;
      await recordAuditLog(tx, {
        actorId,
        action: "benchmark.fix_dates",
        target: `benchmark:${benchmark.id}`,
        reason: null,
        details: { benchmark: key, dated: ids.length, reference_bugs: bugs.length },
      });
      return bugs.length;
    },
    { timeout: 60_000 },
  );
  // Every scored run of the version is tested again: seconds per run under 10,000 permutations, so in the worker.
  await enqueueFixRankTests(benchmark.id);
  return { benchmark: key, dated: file.fix_dates.length, reference_bugs: total, tests: "queued" };
}
