import type { CallSite, PassPlan } from "../validation/pass-plan";
import { encodeBlock } from "../llm/block-messages";
import { renderPrompt, type PromptTemplate } from "../llm/prompts";
import type { Harness } from "../contracts/harnesses";

// The harnesses (harness-names.ts) in practice. Pure: which passes a repository
// gets and what each pass's prompt says; the worker supplies file contents and snippets.
const VANILLA_PASS_KEY = "repository";

export type PlannedPass = { passKey: string; files: string[] };

/** The passes of one repository: the plan's passes (probe-passes, passes-only) or one session (vanilla). */
export function passesForHarness(harness: Harness, plan: PassPlan | null): PlannedPass[] {
  if (harness === "vanilla") return [{ passKey: VANILLA_PASS_KEY, files: [] }];
  if (!plan) return [];
  return plan.passes.map((p) => ({ passKey: p.id, files: p.files }));
}

export type ChatMessage = { role: "system" | "user"; content: string };

export type SnippetSite = CallSite & { snippet: string };

export type PassPromptInput = {
  repo: string;
  language: string;
  pass: { id: string; kind: string; files: string[] };
  // probe-passes only:
  contextDocument?: string;
  sources?: { path: string; text: string; truncated: boolean }[];
  callers?: SnippetSite[];
  callees?: SnippetSite[];
  callersTotal?: number;
  calleesTotal?: number;
};

const USER_MESSAGE_MARKER = "<!-- user message -->";

function split(template: PromptTemplate): [string, string] {
  const parts = template.body.split(USER_MESSAGE_MARKER);
  if (parts.length !== 2)
    throw new Error(`prompts/${template.name}.md needs exactly one "${USER_MESSAGE_MARKER}" line`);
  return [parts[0]!.trim(), parts[1]!.trim()];
}

function numbered(text: string): string {
  return text
    .split("\n")
    .map((line, i) => `${String(i + 1).padStart(6)}  ${line}`)
    .join("\n");
}

function sites(list: SnippetSite[], total: number) {
  return {
    total: Math.max(total, list.length),
    shown: list.map((s) => ({ file: s.file, line: s.line, name: s.name, snippet: s.snippet })),
  };
}

/** The system and user messages of a pass. */
export function buildPassMessages(harness: Harness, template: PromptTemplate, input: PassPromptInput): ChatMessage[] {
  const [system, user] = split(template);
  const values: Record<string, string | number> = {
    repo: input.repo,
    language: input.language,
    id: input.pass.id,
    kind: input.pass.kind,
  };
  if (harness === "probe-passes") {
    // Repository text and the model-written context document go in as JSON values with < and > escaped (as in the
    // panel's prompts): nothing in a file can close its block or open another.
    values.context = encodeBlock(input.contextDocument?.trim() || null);
    values.sources = encodeBlock(
      (input.sources ?? []).map((s) => ({ path: s.path, truncated: s.truncated, numbered_source: numbered(s.text) })),
    );
    values.call_graph = encodeBlock({
      callers_in_other_files: sites(input.callers ?? [], input.callersTotal ?? 0),
      callees_in_other_files: sites(input.callees ?? [], input.calleesTotal ?? 0),
    });
  }
  if (harness === "passes-only") values.file_list = input.pass.files.map((f) => `- ${f}`).join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: renderPrompt(user, { pass: values }) },
  ];
}

export type ContextPromptInput = { name: string; language: string; tree: string; docs: string; sources: string };

export function buildContextMessages(template: PromptTemplate, input: ContextPromptInput): ChatMessage[] {
  const [system, user] = split(template);
  return [
    { role: "system", content: system },
    { role: "user", content: renderPrompt(user, { repo: { ...input } }) },
  ];
}
