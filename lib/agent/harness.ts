import type { CallSite, PassPlan } from "../validation/pass-plan";
import { renderPrompt, type PromptTemplate } from "../llm/prompts";
import type { Harness } from "./harness-names";

// The harnesses (harness-names.ts) in practice. Pure: which passes a repository
// gets and what each pass's prompt says; the worker supplies file contents and snippets.
export const VANILLA_PASS_KEY = "repository";

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
  if (parts.length !== 2) throw new Error(`prompts/${template.name}.md needs exactly one "${USER_MESSAGE_MARKER}" line`);
  return [parts[0]!.trim(), parts[1]!.trim()];
}

function numbered(text: string): string {
  return text
    .split("\n")
    .map((line, i) => `${String(i + 1).padStart(6)}  ${line}`)
    .join("\n");
}

function sites(title: string, list: SnippetSite[], total: number): string {
  if (list.length === 0) return `${title}: none from other files.`;
  const more = total > list.length ? ` (${list.length} of ${total} shown)` : "";
  return `${title}${more}:\n` + list.map((s) => `--- ${s.file}:${s.line} ${s.name}\n${s.snippet}`).join("\n");
}

/** The system and user messages of a pass. */
export function buildPassMessages(harness: Harness, template: PromptTemplate, input: PassPromptInput): ChatMessage[] {
  const [system, user] = split(template);
  const values: Record<string, string | number> = { repo: input.repo, language: input.language, id: input.pass.id, kind: input.pass.kind };
  if (harness === "probe-passes") {
    values.context = input.contextDocument?.trim() || "(no context document)";
    values.sources = (input.sources ?? [])
      .map((s) => `=== ${s.path}${s.truncated ? " (truncated; read the rest with read_file)" : ""}\n${numbered(s.text)}`)
      .join("\n\n");
    values.call_graph = [
      sites("Callers in other files (call sites that call into the target files)", input.callers ?? [], input.callersTotal ?? 0),
      sites("Callees in other files (definitions the target files call)", input.callees ?? [], input.calleesTotal ?? 0),
    ].join("\n\n");
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
