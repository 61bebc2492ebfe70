import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "../../db";
import { AppError } from "../../errors";
import { benchmarkKey } from "../../validation/benchmark-ref";
import { findBenchmark } from "../benchmarks/import-benchmark";
import { BUG_TEXT_SELECT } from "../../db-selects";
import type { BugText } from "../../scoring/types";

// Shared steps of the human-validation operations: the benchmark version a request names, who wrote a row, and the
// text of a finding or reference bug as the labelling and grading views show it.

export type Version = { id: string; key: string; referenceVisibility: "public" | "maintainers" };

export async function loadVersion(ref: string): Promise<Version> {
  const row = await findBenchmark(ref);
  if (!row) throw new AppError("not_found", `Unknown benchmark version "${ref}"`);
  return { id: row.id, key: benchmarkKey(row), referenceVisibility: row.referenceVisibility };
}

/** The version of a submission, or null (an unknown id). */
export async function versionKeyOfSubmission(id: string): Promise<string | null> {
  const row = await db.submission.findUnique({
    where: { id },
    select: { benchmark: { select: { slug: true, version: true } } },
  });
  return row ? benchmarkKey(row.benchmark) : null;
}

export function newSeed(): string {
  return randomBytes(6).toString("hex");
}

/** Display names of users by id (name, else e-mail); unknown ids (deleted users) are left out. */
export async function userNames(ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.user.findMany({ where: { id: { in: unique } }, select: { id: true, name: true, email: true } });
  return new Map(rows.map((u) => [u.id, u.name ?? u.email]));
}

/** Who gave a blind judgment (a label, a mark, a grade) and when, as its reveal lists it; `names` from userNames. */
export function judgedBy(names: Map<string, string>, userId: string, row: { afterReveal: boolean; createdAt: Date }) {
  return { by: names.get(userId) ?? null, after_reveal: row.afterReveal, created_at: row.createdAt.toISOString() };
}

// The bug record's shared columns (lib/db-selects.ts), with the suggested fix and the repository for the blind views.
export const TEXT_SELECT = {
  ...BUG_TEXT_SELECT,
  suggestedFix: true,
  repository: { select: { name: true } },
} as const;
type TextRow = Omit<BugText, "id" | "repo"> & { suggestedFix: string | null; repository: { name: string } };

export function bugText(row: TextRow) {
  return {
    repo: row.repository.name,
    file: row.file,
    line_start: row.lineStart,
    line_end: row.lineEnd,
    title: row.title,
    description: row.description,
    code_snippet: row.codeSnippet,
    suggested_fix: row.suggestedFix,
  };
}
