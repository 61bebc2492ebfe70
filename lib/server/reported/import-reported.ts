import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { ScoreRow } from "../submissions/read-scores";
import { db } from "../../db";
import { queueDatasheet } from "../datasheet/queue-datasheet";
import { parseOrThrow } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import { parseJsonText } from "../../validation/parse-json";
import { reportedFileSchema, type ReportedConfiguration, type ReportedFile } from "../../validation/reported-file";

// Imports results published elsewhere (the PROBE paper's tables, transcribed into data/probe-reported.json) as
// *reported* leaderboard entries: approved, never re-scored, shown with a "reported" badge.
//
// Counts are DERIVED, because the paper prints percentages: for a cell with recall r over a repository (or subset, or
// the whole benchmark) of B reference bugs, matched reference bugs = round(r × B); with precision p over F findings,
// matched findings = round(p × F). A one-decimal percentage of 2,457 bugs fits two or three counts, so a count the
// publication prints (matched_reference_bugs, paper Table 16) wins over the derived one. Rows that are means over
// repeated runs keep r × B unrounded: a mean count need not be whole, as for verified repeated-run scores.
// The stored recall/precision/F1 are the published values, not re-derived ratios.
// Where the paper gives no number (per-repository finding counts, F1 of the per-repository tables, precision of some
// rows) the value is stored as NaN, which every public view shows as "not published" and never pools as a zero.
// Repositories whose reference bugs are not stored here get their published count in Repository.referenceBugCount.
//
// Idempotent: submissions have deterministic ids derived from (version, model, effort, harness, subset), rows that
// are already equal are left alone (so updatedAt, and with it the public caches' stamp, does not move), and reported
// entries of this version that the file no longer lists are removed.

export type ImportReportedSummary = {
  benchmark: string;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
};

type ScoreData = Omit<ScoreRow, "runId">;

type ReportedFields = {
  model: string;
  reasoningEffort: string | null;
  harness: string | null;
  costUsd: number | null;
  reportUrl: string;
};

/** The columns of a reported entry: published elsewhere, shown as approved and scored, never re-scored here. */
function reportedFields(benchmarkId: string, fields: ReportedFields, raw: Prisma.InputJsonValue) {
  return {
    benchmarkId,
    ...fields,
    source: "reported" as const,
    reviewStatus: "approved" as const,
    scoringStatus: "scored" as const,
    scoringProgress: 100,
    reportedData: raw,
  };
}

/** Reads, validates and imports a reported-results file (e.g. data/probe-reported.json). */
export async function importReportedResults(path: string): Promise<ImportReportedSummary> {
  const text = await readFile(path, "utf8");
  const raw = parseJsonText(text, "The reported results file") as { configurations?: unknown[] };
  const file = parseOrThrow(reportedFileSchema, raw, "The reported results file");
  return storeReportedResults(file, (raw.configurations ?? []) as Prisma.InputJsonValue[]);
}

async function storeReportedResults(
  file: ReportedFile,
  rawRows: Prisma.InputJsonValue[],
): Promise<ImportReportedSummary> {
  const { benchmark: meta } = file;
  const summary: ImportReportedSummary = {
    benchmark: `${meta.slug}@${meta.version}`,
    created: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
  };
  const bugsOf = new Map(meta.repositories.map((r) => [r.name, r.bugs]));
  for (const config of file.configurations) {
    for (const repo of Object.keys(config.per_repository ?? {})) {
      if (!bugsOf.has(repo))
        throw new Error(`configuration ${config.model} names repository ${repo}, which the file does not list`);
    }
  }

  const benchmarkId = await db.$transaction(
    async (tx) => {
      const benchmark = await upsertBenchmark(tx, file);
      for (const repo of meta.repositories) {
        const data = {
          language: repo.language.toLowerCase(),
          domain: repo.domain ?? null,
          referenceBugCount: repo.bugs ?? null,
        };
        const existing = await tx.repository.findUnique({
          where: { benchmarkId_name: { benchmarkId: benchmark.id, name: repo.name } },
        });
        if (!existing) await tx.repository.create({ data: { benchmarkId: benchmark.id, name: repo.name, ...data } });
        else if (
          existing.language !== data.language ||
          existing.domain !== data.domain ||
          existing.referenceBugCount !== data.referenceBugCount
        ) {
          await tx.repository.update({ where: { id: existing.id }, data });
        }
      }

      const keep: string[] = [];
      for (const [index, config] of file.configurations.entries()) {
        const id = reportedSubmissionId(summary.benchmark, config);
        if (keep.includes(id))
          throw new Error(
            `configuration ${config.model} (${config.reasoning_effort}, ${config.harness}, ${config.subset}) is listed twice`,
          );
        keep.push(id);
        const fields: ReportedFields = {
          model: config.model,
          reasoningEffort: config.reasoning_effort ?? null,
          harness: config.harness ?? null,
          costUsd: config.cost_usd ?? null,
          reportUrl: file.source.url,
        };
        const scores = scoreRowsOf(file, config);
        const existing = await tx.submission.findUnique({ where: { id }, include: { scores: true } });
        if (!existing) {
          await tx.submission.create({
            data: { id, ...reportedFields(benchmark.id, fields, rawRows[index]!), scores: { create: scores } },
          });
          summary.created += 1;
          continue;
        }
        const same =
          existing.benchmarkId === benchmark.id &&
          existing.model === fields.model &&
          existing.reasoningEffort === fields.reasoningEffort &&
          existing.harness === fields.harness &&
          existing.costUsd === fields.costUsd &&
          existing.reportUrl === fields.reportUrl &&
          existing.source === "reported" &&
          existing.reviewStatus === "approved" &&
          existing.scoringStatus === "scored" &&
          canonicalJson(existing.reportedData) === canonicalJson(rawRows[index]) &&
          sameScores(existing.scores, scores);
        if (same) {
          summary.unchanged += 1;
          continue;
        }
        await tx.score.deleteMany({ where: { submissionId: id } });
        await tx.submission.update({
          where: { id },
          data: { ...reportedFields(benchmark.id, fields, rawRows[index]!), scores: { create: scores } },
        });
        summary.updated += 1;
      }
      const stale = await tx.submission.deleteMany({
        where: { benchmarkId: benchmark.id, source: "reported", id: { notIn: keep } },
      });
      summary.removed = stale.count;
      return benchmark.id;
    },
    { timeout: 60_000 },
  );
  await queueDatasheet(benchmarkId);
  return summary;
}

async function upsertBenchmark(tx: Prisma.TransactionClient, file: ReportedFile) {
  const { benchmark: meta, source } = file;
  const reported = {
    source: { title: source.title, url: source.url, year: source.year ?? null },
    reference_bugs: meta.reference_bugs,
    repository_count: meta.repository_count ?? meta.repositories.length,
    subsets: meta.subsets,
    bug_types: file.bug_types,
    bug_type_notes: file.bug_type_notes ?? null,
    triggers: file.triggers,
    validity: file.validity_summary ?? null,
    // §4.3's share of a run's findings another run reports, per published repeated entry (lib/analyses/paper-figures.ts).
    repeated_shares: file.repeated_run_curves.flatMap((c) =>
      c.mean_share_reported_by_another_run === undefined
        ? []
        : [
            {
              model: c.model,
              reasoning_effort: c.reasoning_effort ?? null,
              runs: c.runs,
              share: c.mean_share_reported_by_another_run / 100,
            },
          ],
    ),
    matcher_validation: file.matcher_validation ?? null,
    // The datasheet shows these beside what it computes (lib/contracts/datasheet.ts reportedDatasheetSchema).
    datasheet: {
      source: `${source.title}: Tables 1, 6, 8 and 9 and §A.3`,
      pipeline: meta.pipeline ?? null,
      repositories: meta.repositories.map((r) => ({
        repo: r.name,
        files: r.files ?? null,
        kloc: r.kloc ?? null,
        passes: r.passes ?? null,
        tests: r.tests ?? null,
        commits: r.commits ?? null,
        fix_commits: r.fix_commits ?? null,
        bugs: r.bugs ?? null,
      })),
      bug_pool: meta.bug_pool ?? null,
    },
  };
  const families = new Map<string, string[]>();
  for (const row of file.bug_types)
    if (row.family) families.set(row.family, [...(families.get(row.family) ?? []), row.category]);
  const derivedTaxonomy = {
    families: [...families].map(([name, categories]) => ({ name, categories: categories.map((c) => ({ name: c })) })),
    triggers: file.triggers.map((t, i) => ({ level: i + 1, name: t.name, definition: t.paper_name })),
  };
  const existing = await tx.benchmark.findUnique({
    where: { slug_version: { slug: meta.slug, version: meta.version } },
  });
  if (!existing) {
    return tx.benchmark.create({
      data: {
        slug: meta.slug,
        name: meta.name,
        version: meta.version,
        snapshotDate: new Date(`${meta.snapshot_date}T00:00:00Z`),
        description: `${meta.name} as published: ${meta.reference_bugs} maintainer-fixed reference bugs in ${reported.repository_count} repositories. Its results are reported entries, transcribed from the publication and not re-scored here; the reference set itself is not stored.`,
        taxonomy: { ...derivedTaxonomy, reported } as Prisma.InputJsonValue,
      },
    });
  }
  // A benchmark imported from a real benchmark file keeps its own taxonomy; only the published distribution is added.
  const current = (existing.taxonomy ?? null) as Record<string, unknown> | null;
  const next = current ? { ...current, reported } : { ...derivedTaxonomy, reported };
  if (canonicalJson(current) !== canonicalJson(next)) {
    return tx.benchmark.update({ where: { id: existing.id }, data: { taxonomy: next as Prisma.InputJsonValue } });
  }
  return existing;
}

/** Deterministic, so a second import finds the rows of the first. */
function reportedSubmissionId(benchmarkKey: string, config: ReportedConfiguration): string {
  const identity = [
    benchmarkKey,
    config.model,
    config.reasoning_effort ?? "",
    config.harness ?? "",
    config.subset,
  ].join("\u0000");
  return `reported_${createHash("sha256").update(identity).digest("hex").slice(0, 24)}`;
}

const fraction = (percent: number | undefined) => (percent === undefined ? NaN : percent / 100);
const derivedCount = (ratio: number, total: number, mean = false) =>
  Number.isFinite(ratio) && Number.isFinite(total)
    ? mean
      ? Number((ratio * total).toFixed(6))
      : Math.round(ratio * total)
    : NaN;

function scoreRowsOf(file: ReportedFile, config: ReportedConfiguration): ScoreData[] {
  const rows: ScoreData[] = [];
  const totalBugs =
    config.subset === "full"
      ? file.benchmark.reference_bugs
      : (file.benchmark.subsets[config.subset]?.reference_bugs ?? NaN);
  const mean = config.runs > 1;
  if (config.recall !== undefined || config.precision !== undefined || config.f1 !== undefined) {
    const recall = fraction(config.recall);
    const precision = fraction(config.precision);
    const findings = config.findings ?? NaN;
    rows.push({
      kind: "mean",
      n: 0,
      scope: "overall",
      key: "",
      recall,
      precision,
      f1: fraction(config.f1),
      matchedReferenceBugs: config.matched_reference_bugs ?? derivedCount(recall, totalBugs, mean),
      referenceBugs: totalBugs,
      matchedFindings: derivedCount(precision, findings, mean),
      findings,
    });
  }
  const bugsOf = new Map(file.benchmark.repositories.map((r) => [r.name, r.bugs ?? NaN]));
  for (const [repo, cell] of Object.entries(config.per_repository ?? {})) {
    const recall = fraction(cell.recall);
    const bugs = bugsOf.get(repo) ?? NaN;
    rows.push({
      kind: "mean",
      n: 0,
      scope: "repository",
      key: repo,
      recall,
      precision: fraction(cell.precision),
      // Tables 12-13 give recall and precision only; per-repository finding counts are not published.
      f1: NaN,
      matchedReferenceBugs: derivedCount(recall, bugs, mean),
      referenceBugs: bugs,
      matchedFindings: NaN,
      findings: NaN,
    });
  }
  // Figure 9 points (union / intersection of repeated runs) where the publication gives them as numbers.
  const curve = file.repeated_run_curves.find(
    (c) =>
      config.subset === "full" &&
      c.model === config.model &&
      c.reasoning_effort === config.reasoning_effort &&
      c.harness === config.harness &&
      c.runs === config.runs,
  );
  for (const point of curve?.points ?? []) {
    const recall = fraction(point.recall);
    rows.push({
      kind: "curve",
      n: point.min_runs,
      scope: "overall",
      key: "",
      recall,
      precision: fraction(point.precision),
      f1: NaN,
      matchedReferenceBugs: derivedCount(recall, totalBugs),
      referenceBugs: totalBugs,
      matchedFindings: NaN,
      findings: NaN,
    });
  }
  return rows;
}

const SCORE_FIELDS = [
  "recall",
  "precision",
  "f1",
  "matchedReferenceBugs",
  "referenceBugs",
  "matchedFindings",
  "findings",
] as const;

function sameScores(stored: (ScoreData & { runId: string | null })[], wanted: ScoreData[]): boolean {
  if (stored.length !== wanted.length) return false;
  const keyOf = (s: { kind: string; n: number; scope: string; key: string }) => `${s.kind}|${s.n}|${s.scope}|${s.key}`;
  const byKey = new Map(stored.map((s) => [keyOf(s), s]));
  return wanted.every((w) => {
    const s = byKey.get(keyOf(w));
    return s !== undefined && s.runId === null && SCORE_FIELDS.every((f) => Object.is(s[f], w[f]));
  });
}

/** JSON with sorted keys: jsonb does not keep key order, so compare canonical forms. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
