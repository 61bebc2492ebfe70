import type { LlmCheckReport, ModelProbe, ProbeResult, RoleCheck } from "../lib/llm/endpoint-check";
import { ENABLE_LLM_HINT } from "../lib/llm/endpoint";
import { EXIT_CODES } from "./exit-codes";

// The text form of `probebench llm check` (a table, then what failed and how to fix it) and its exit code. Pure.

const HEADINGS = [
  "role",
  "endpoint",
  "acct",
  "model",
  "result",
  "temperature",
  "token limit",
  "structured output",
  "limits configured",
  "limits from headers",
];

function perMinute(rpm: number | undefined, tpm: number | undefined, none: string): string {
  const parts = [rpm !== undefined && `${rpm} rpm`, tpm !== undefined && `${tpm} tpm`].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : none;
}

function modelCells(role: RoleCheck, probe: ModelProbe): string[] {
  const mark = (value: string, learned: boolean) => (learned ? `${value}*` : value);
  const learnedTemperature = probe.learned.some((l) => l.includes("temperature"));
  const chat = probe.kind === "chat" && probe.result === "ok";
  return [
    probe.model,
    probe.result,
    chat ? mark(probe.temperature ? "yes" : "no", learnedTemperature) : "",
    chat ? mark(probe.tokenLimitField!, probe.learned.includes(probe.tokenLimitField!)) : "",
    chat
      ? mark(
          probe.structuredOutput!,
          probe.learned.some((l) => l.startsWith("structured output")),
        )
      : probe.dimensions !== undefined
        ? `${probe.dimensions} dimensions`
        : "",
    perMinute(role.configuredLimits.rpm, role.configuredLimits.tpm, "none (learned)"),
    probe.result === "ok" || probe.result === "rate_limited"
      ? perMinute(probe.limits.limitRequests, probe.limits.limitTokens, "none sent")
      : "",
  ];
}

function rows(report: LlmCheckReport): string[][] {
  return report.roles.flatMap((role) => {
    const head = [role.role, role.endpoint ?? "-", role.account ?? "-"];
    if (role.models.length === 0)
      return [[...head, "-", role.state === "not_configured" ? "not configured" : "skipped"]];
    return role.models.map((probe) => [...head, ...modelCells(role, probe)]);
  });
}

/** The report as a table, then the notes and failures, one line each. */
export function formatLlmCheck(report: LlmCheckReport): string {
  const table = [HEADINGS, ...rows(report)];
  const widths = HEADINGS.map((_, i) => Math.max(...table.map((r) => (r[i] ?? "").length)));
  const lines = table.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
  if (report.roles.some((r) => r.models.some((m) => m.learned.length > 0)))
    lines.push(
      "",
      "* not told by the model's name: the app learns it from the first refusal (one extra call a process)",
    );
  if (report.roles.some((r) => r.account))
    lines.push(
      "Roles with the same account letter share one endpoint and key, hence one budget of requests and tokens.",
    );
  const notes = report.roles.filter((r) => r.note).map((r) => `${r.role}: ${r.note}`);
  const problems = report.roles.flatMap((r) =>
    r.models.filter((m) => m.message).map((m) => `${r.role} ${m.model} (${m.setting}): ${m.message}`),
  );
  if (notes.length > 0) lines.push("", ...notes);
  if (problems.length > 0) lines.push("", ...problems);
  lines.push(
    "",
    !report.roles.some((r) => r.account)
      ? `No role has a model endpoint, so nothing was called and scoring uses the offline judge: ${ENABLE_LLM_HINT}.`
      : report.ok
        ? "Every configured role can call its models."
        : "Some roles cannot call their models (above).",
  );
  return lines.join("\n");
}

const EXIT_BY_RESULT: Partial<Record<ProbeResult, number>> = {
  unauthorized: EXIT_CODES.auth,
  model_not_found: EXIT_CODES.not_found,
  insufficient_quota: EXIT_CODES.rate_limited,
  unreachable: EXIT_CODES.network,
  failed: EXIT_CODES.error,
};

/** 0 when every role works; else the exit code of the first failure (auth, not found, quota, network, other). */
export function llmCheckExitCode(report: LlmCheckReport): number {
  for (const role of report.roles)
    for (const probe of role.models) {
      const code = EXIT_BY_RESULT[probe.result];
      if (code !== undefined) return code;
    }
  return EXIT_CODES.ok;
}
