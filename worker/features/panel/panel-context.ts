import { createHash } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { env } from "../../../lib/env";
import type { StructuredClient } from "../../../lib/llm/structured-client";
import { renderBlockMessages } from "../../../lib/llm/block-messages";
import { loadPrompt } from "../../../lib/llm/prompts";
import {
  listReferenceBugFiles,
  readContextDocument,
  readRepositoryForContext,
  storePanelContext,
} from "../../../lib/server/context/context-document-store";
import { snapshotLimits } from "../../../lib/server/snapshots/snapshot-limits";
import { readSourceTree } from "../../../lib/snapshots/read-source-tree";

// The panel context document of a repository (paper F.6.1: public API, supported scope, intentional deviations),
// kind "panel" of ContextDocument: written by one LLM pass per snapshot and shared by every panel judge of every
// submission. A maintainer's edit is never overwritten. Without an imported snapshot it is written from what the
// database has (name, language, domain, the files the reference bugs name), and its first line says so.

const PANEL_CONTEXT_PROMPT = "panel-context";
const MAX_DOCUMENT_CHARS = 20_000;
const EXCERPT_BUDGET = 60_000;
const FILE_CAP = 8_000;
const LISTED_PATHS = 400;
const NO_SNAPSHOT_NOTE =
  "Written without a snapshot of the repository (none was imported): from its name, language, domain and the files its reference bugs name only.";

const contextReplySchema = z.object({
  document: z
    .string()
    .min(1)
    .transform((s) => s.slice(0, MAX_DOCUMENT_CHARS)),
});
const contextReplyJsonSchema = {
  type: "object",
  properties: { document: { type: "string" } },
  required: ["document"],
  additionalProperties: false,
} as const;

export type PanelContext = { text: string; hash: string };

const isReadme = (p: string) => /(^|\/)readme(\.[a-z]+)?$/i.test(p);
const isSource = (p: string) =>
  /\.(py|js|mjs|cjs|jsx|ts|tsx|mts|cts|md|rst|txt|toml|cfg)$/i.test(p) &&
  !/(^|\/)(tests?|__tests__|node_modules|vendor|dist|build)\//.test(p);

/** Files the context writer reads: READMEs first, then top-level before nested source, within a character budget. */
async function snapshotExcerpt(
  storagePath: string,
): Promise<{ paths: string[]; files: { path: string; text: string }[] }> {
  const tree = await readSourceTree(path.resolve(env.SNAPSHOT_STORE, storagePath), snapshotLimits());
  const files = tree.entries.filter((e): e is Extract<typeof e, { type: "file" }> => e.type === "file");
  const paths = files.map((f) => f.path).sort();
  const ranked = files
    .filter((f) => isReadme(f.path) || isSource(f.path))
    .sort(
      (a, b) =>
        Number(isReadme(b.path)) - Number(isReadme(a.path)) ||
        a.path.split("/").length - b.path.split("/").length ||
        (a.path < b.path ? -1 : 1),
    );
  const out: { path: string; text: string }[] = [];
  let budget = EXCERPT_BUDGET;
  for (const f of ranked) {
    if (budget <= 0) break;
    const text = f.content.toString("utf8").slice(0, Math.min(FILE_CAP, budget));
    out.push({ path: f.path, text });
    budget -= text.length;
  }
  return { paths: paths.slice(0, LISTED_PATHS), files: out };
}

/** The repository's panel context document, generating and storing it when missing or written for another snapshot. */
export async function ensurePanelContext(
  repositoryId: string,
  client: StructuredClient,
  model: string,
): Promise<PanelContext> {
  const repository = await readRepositoryForContext(repositoryId);
  const snapshotSha = repository.snapshot?.sha256 ?? null;
  const existing = await readContextDocument(repositoryId, "panel");
  if (existing && (existing.editedById || existing.editedAt || existing.snapshotSha === snapshotSha))
    return { text: existing.text, hash: sha(existing.text) };

  const prompt = loadPrompt(PANEL_CONTEXT_PROMPT);
  const about = {
    name: repository.name,
    language: repository.language,
    domain: repository.domain,
    snapshot_commit: repository.snapshotCommit,
  };
  let blocks: Record<string, unknown>;
  if (repository.snapshot) {
    const excerpt = await snapshotExcerpt(repository.snapshot.storagePath);
    blocks = {
      repository: { ...about, all_paths: excerpt.paths },
      files: excerpt.files,
    };
  } else {
    const named = await listReferenceBugFiles(repositoryId, LISTED_PATHS);
    blocks = {
      repository: { ...about, note: "No snapshot of this repository was imported." },
      files: named.map((file) => ({ path: file, text: "" })),
    };
  }
  const answer = await client.ask(
    model,
    renderBlockMessages(prompt, blocks),
    "panel_context",
    contextReplyJsonSchema,
    contextReplySchema,
  );
  const text = repository.snapshot ? answer.value.document : `${NO_SNAPSHOT_NOTE}\n\n${answer.value.document}`;
  const data = {
    text,
    model,
    promptVersion: `${prompt.name}@${prompt.version}`,
    snapshotSha,
    tokens: answer.inputTokens + answer.outputTokens,
    costUsd: answer.costUsd,
  };
  const stored = await storePanelContext(repositoryId, data);
  return { text: stored, hash: sha(stored) };
}

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
