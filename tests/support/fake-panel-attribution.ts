import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";

// The fake LLM's answers for panel validation, panel context documents and bug-type attribution (hooked into
// fake-openai.ts by the reply schema's name). Deterministic in the report's title and description, never in its
// opaque id, so a rerun, a retried job or another sample of the same finding gets the same verdict.
//  - markers steer a verdict: [panel:confirmed], [panel:rejected:<reason>], [panel:abstained], [panel:split]
//    (tier 1 judges disagree: a judge whose name ends in "-a" confirms, the other rejects; the tier 2 judge settles);
//  - without a marker the text's hash decides (about 70% confirmed, 20% rejected, 5% split, 5% abstained).
// A judge with the read-only repository tools (read_file, list_dir, grep and submit_verdict; no `run`) first reads
// the finding's file, then submits: `code-mismatch` when the first line of the finding's code_snippet is not in what
// read_file returned, else the verdict above; its rationale quotes the file's first line as the tool returned it.

const REASONS = ["code-mismatch", "unreachable", "intentional", "error-mode-only", "out-of-scope", "style-only"];

type Body = {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: { json_schema?: { name?: string; schema?: { properties?: Record<string, { enum?: unknown[] }> } } };
};

function block(user: string, name: string): Record<string, unknown> {
  const text = new RegExp(`<${name}>\\n([\\s\\S]*?)\\n</${name}>`).exec(user)?.[1];
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function hashOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

export type FakePanelReply = {
  verdict: "confirmed" | "rejected" | "abstained";
  reason: string | null;
  severity: string | null;
  confidence: "low" | "medium" | "high";
  rationale: string;
};

const confirmed = (why: string): FakePanelReply => ({
  verdict: "confirmed",
  reason: null,
  severity: "medium",
  confidence: "high",
  rationale: `fake panel: ${why}`,
});
const rejected = (reason: string, why: string): FakePanelReply => ({
  verdict: "rejected",
  reason,
  severity: null,
  confidence: "medium",
  rationale: `fake panel: ${why}`,
});
const abstained = (why: string): FakePanelReply => ({
  verdict: "abstained",
  reason: null,
  severity: null,
  confidence: "low",
  rationale: `fake panel: ${why}`,
});

/** What `judge` answers about a finding with this title and description. */
export function fakePanelVerdict(judge: string, title: string, description: string): FakePanelReply {
  const text = `${title}\n${description}`;
  const marker = /\[panel:(confirmed|abstained|split|rejected:([a-z-]+))\]/.exec(text);
  const h = hashOf(text);
  const kind = marker
    ? marker[1]!.startsWith("rejected")
      ? "rejected"
      : marker[1]!
    : (["rejected", "rejected", "split", "abstained"][h % 20] ?? "confirmed");
  if (kind === "confirmed") return confirmed("the described path is reachable and wrong");
  if (kind === "abstained") return abstained("not enough information");
  if (kind === "rejected") return rejected(marker?.[2] ?? REASONS[h % REASONS.length]!, "not a bug");
  if (judge.includes("tier2"))
    return h % 2 === 0 ? confirmed("tier 2 settles: a bug") : rejected("intentional", "tier 2 settles: intended");
  return judge.endsWith("-a")
    ? confirmed("judge a sees a bug")
    : rejected("unreachable", "judge b finds it unreachable");
}

/** The final verdict the panel should reach with tier 1 judges `judges` and tier 2 judge `tier2`. */
export function fakeFinalVerdict(judges: string[], tier2: string, title: string, description: string): FakePanelReply {
  const tier1 = judges.map((j) => fakePanelVerdict(j, title, description));
  return tier1.every((r) => r.verdict === tier1[0]!.verdict) ? tier1[0]! : fakePanelVerdict(tier2, title, description);
}

/** The answer to a panel, context or attribution request as JSON text, or undefined for any other request. */
export function answerPanelAttributionRequest(body: Body): string | undefined {
  const format = body.response_format?.json_schema;
  const user = body.messages?.findLast((m) => m.role === "user")?.content ?? "";
  if (format?.name === "panel_verdict") {
    const finding = block(user, "finding");
    return JSON.stringify(
      fakePanelVerdict(String(body.model ?? ""), String(finding.title ?? ""), String(finding.description ?? "")),
    );
  }
  if (format?.name === "panel_context") {
    const repository = block(user, "repository");
    return JSON.stringify({
      document: `Public API: the modules of ${String(repository.name ?? "the repository")}.\nSupported scope: documented inputs.\nIntentional deviations: none known.`,
    });
  }
  if (format?.name === "bug_type_attribution") {
    const report = block(user, "bug_report");
    const categories = (format.schema?.properties?.category?.enum ?? []) as string[];
    const levels = (format.schema?.properties?.trigger_level?.enum ?? [0]) as number[];
    const h = hashOf(`${String(report.title ?? "")}\n${String(report.description ?? "")}`);
    return JSON.stringify({
      category: categories[h % Math.max(categories.length, 1)] ?? "",
      trigger_level: levels[h % levels.length] ?? 0,
      rationale: "fake attribution by text hash",
    });
  }
  return undefined;
}

type ToolMsg = { role: string; content?: string | null; tool_call_id?: string };
type Send = (status: number, body: unknown) => void;
export const repositoryJudgeStats = { requests: 0 };

function repositoryJudgeTurn(model: string, messages: ToolMsg[]) {
  const f = block(messages.find((m) => m.role === "user")?.content ?? "", "finding");
  const file = String(f.file ?? "README.md");
  const call = (name: string, args: unknown) => ({
    content: null,
    tool_calls: [
      {
        id: `read_${repositoryJudgeStats.requests}`,
        type: "function",
        function: { name, arguments: JSON.stringify(args) },
      },
    ],
  });
  const read = messages.find((m) => m.role === "tool")?.content;
  if (read === undefined || read === null) return call("read_file", { path: file });
  // The tool prints "     1  <line>"; the first line of the file as the judge saw it.
  const firstLine = /^\s*1 {2}(.*)$/m.exec(read)?.[1] ?? "(nothing read)";
  const snippetLine =
    String(f.code_snippet ?? "")
      .split("\n")
      .map((l) => l.trim())
      .find(Boolean) ?? "";
  const title = String(f.title ?? "");
  const description = String(f.description ?? "");
  const verdict =
    snippetLine && !read.includes(snippetLine)
      ? rejected("code-mismatch", `the quoted code is not in ${file}`)
      : fakePanelVerdict(model, title, description);
  return call("submit_verdict", {
    ...verdict,
    rationale: `${verdict.rationale} (read ${file}: ${JSON.stringify(firstLine)})`,
  });
}

/** Handles a request of a judge with the read-only repository tools; false for every other request. */
export function handleRepositoryJudgeRequest(
  req: IncomingMessage,
  body: { model?: string; messages?: ToolMsg[]; tools?: { function?: { name?: string } }[] },
  send: Send,
): boolean {
  const names = (body.tools ?? []).map((t) => t.function?.name);
  if (!req.url?.endsWith("/chat/completions") || !names.includes("submit_verdict") || names.includes("run"))
    return false;
  if (req.headers.authorization !== "Bearer test-key") {
    send(401, { error: { message: "bad key", type: "invalid_request_error" } });
    return true;
  }
  repositoryJudgeStats.requests++;
  const messages = body.messages ?? [];
  send(200, {
    id: `chatcmpl-repository-${repositoryJudgeStats.requests}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        message: { role: "assistant", ...repositoryJudgeTurn(String(body.model ?? ""), messages) },
      },
    ],
    usage: {
      prompt_tokens: Math.ceil(messages.map((m) => m.content ?? "").join("\n").length / 4),
      completion_tokens: 40,
      total_tokens: 0,
    },
  });
  return true;
}
