import type OpenAI from "openai";
import { buildContextMessages } from "../../../lib/agent/harness";
import { pricedUsage, type PricedUsage } from "../../../lib/llm/model-prices";
import { loadPrompt } from "../../../lib/llm/prompts";
import { readContextDocument, storeAuditContext } from "../../../lib/server/context/context-document-store";
import { readSnapshotFile, walkSnapshotFiles } from "../../../lib/snapshots/snapshot-fs";
import type { PassPlan } from "../../../lib/validation/pass-plan";
import { timedModelCall } from "../../../lib/observability/metrics";

// The repository context document (paper F.5.1), kind "audit": one LLM pass per snapshot, stored in ContextDocument
// and read by every pass of every model. A maintainer's edit is never overwritten; a document of another snapshot is
// replaced. The pass reads a bounded digest of the snapshot: the file tree, the documentation, and the start of the
// plan's most connected files.
const CONTEXT_PROMPT = "audit-context";
const TREE_MAX_ENTRIES = 2_000;
const DOCS_MAX_CHARS = 20_000;
const SOURCES_MAX_CHARS = 40_000;
const SOURCE_HEAD_LINES = 150;

// Reads of the extracted snapshot never follow a link (lib/snapshots/snapshot-fs.ts): a README that is a symbolic
// link, or a file behind one, is left out rather than read wherever it points.
async function readText(root: string, file: string, maxChars: number): Promise<string | null> {
  const content = await readSnapshotFile(root, file, { maxBytes: maxChars * 4 }).catch(() => null);
  return content === null ? null : content.toString("utf8").slice(0, maxChars);
}

export async function ensureContextDocument(opts: {
  repositoryId: string;
  repo: string;
  language: string;
  snapshotSha: string;
  snapshotDir: string;
  plan: PassPlan | null;
  client: OpenAI;
  model: string;
}): Promise<{ generated: boolean } & PricedUsage> {
  const existing = await readContextDocument(opts.repositoryId, "audit");
  if (existing && (existing.editedById || existing.snapshotSha === opts.snapshotSha))
    return { generated: false, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, costUsd: 0 };
  const files = await walkSnapshotFiles(opts.snapshotDir, { maxEntries: TREE_MAX_ENTRIES });
  let docs = "";
  for (const f of files.filter(
    (f) => /(^|\/)(readme|contributing|architecture)[^/]*$/i.test(f) || /^docs?\/.*\.(md|rst|txt)$/i.test(f),
  )) {
    if (docs.length >= DOCS_MAX_CHARS) break;
    const text = await readText(opts.snapshotDir, f, DOCS_MAX_CHARS - docs.length);
    if (text !== null) docs += `=== ${f}\n${text}\n`;
  }
  let sources = "";
  const ranked = (opts.plan?.passes ?? [])
    .filter((p) => p.kind === "individual")
    .flatMap((p) => p.files)
    .concat(opts.plan?.audited_files ?? []);
  for (const f of [...new Set(ranked)]) {
    if (sources.length >= SOURCES_MAX_CHARS) break;
    const text = (await readText(opts.snapshotDir, f, SOURCES_MAX_CHARS)) ?? "";
    sources += `=== ${f}\n${text
      .split("\n")
      .slice(0, SOURCE_HEAD_LINES)
      .join("\n")
      .slice(0, SOURCES_MAX_CHARS - sources.length)}\n`;
  }
  const template = loadPrompt(CONTEXT_PROMPT);
  const messages = buildContextMessages(template, {
    name: opts.repo,
    language: opts.language,
    tree: files.join("\n"),
    docs: docs || "(none)",
    sources: sources || "(none)",
  });
  const completion = await timedModelCall("audit-context", () =>
    opts.client.chat.completions.create({ model: opts.model, messages }),
  );
  const text = (completion.choices[0]?.message?.content ?? "").trim().slice(0, 100_000);
  if (!text) throw new Error("the model returned an empty context document");
  const usage = pricedUsage(opts.model, completion.usage);
  // Never replace a maintainer's edit made meanwhile.
  await storeAuditContext(opts.repositoryId, existing?.id ?? null, {
    text,
    model: opts.model,
    promptVersion: `${template.name}@${template.version}`,
    snapshotSha: opts.snapshotSha,
    tokens: usage.inputTokens + usage.outputTokens,
    costUsd: usage.costUsd,
  });
  return { generated: true, ...usage };
}
