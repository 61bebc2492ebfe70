import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { uniqueSlug } from "./fixtures";

// In-house run fixtures: a benchmark with one Python repository whose snapshot plans into `dirs` batch passes (one
// module per directory), imported into the SNAPSHOT_STORE the test worker reads; and the fake model's controls.

export async function seedAuditBenchmark(
  dirs = 3,
  prefix = "audit",
): Promise<{ slug: string; ref: string; repo: string }> {
  const slug = uniqueSlug(prefix);
  const repo = "acme/tool";
  await importBenchmark(
    benchmarkFileSchema.parse({
      slug,
      name: "Audit run tests",
      version: "1",
      snapshot_date: "2025-01-01",
      repositories: [{ name: repo, language: "python" }],
      reference_bugs: [
        {
          id: "T1",
          repo,
          file: "mod0/core.py",
          line_start: 1,
          line_end: 3,
          title: "Unchecked input in core.py [root:T1]",
          description: "An argument is used without validation. [root:T1]",
          code_snippet: "",
        },
      ],
    }),
  );
  const root = mkdtempSync(path.join(tmpdir(), "probebench-audit-tree-"));
  for (let i = 0; i < dirs; i++) {
    mkdirSync(path.join(root, `mod${i}`), { recursive: true });
    writeFileSync(
      path.join(root, `mod${i}`, "core.py"),
      `def handle_${i}(value):\n    return 10 / value\n\n\ndef run_${i}(items):\n    return [handle_${i}(x) for x in items]\n`,
    );
  }
  writeFileSync(path.join(root, "README.md"), "# tool\nA tiny tool for the audit run tests.\n");
  await importSnapshot({ benchmark: `${slug}@1`, repo, source: root });
  return { slug, ref: `${slug}@1`, repo };
}

export type AgentSettings = {
  mode?: "submit" | "explore";
  latencyMs?: number;
  promptTokens?: number | null;
  completionTokens?: number;
  submitInvalidFirst?: boolean;
};

/** Sets the fake model's agent behaviour (and resets its counters); returns nothing. */
export async function setAgent(fakeUrl: string, settings: AgentSettings = {}): Promise<void> {
  const response = await fetch(fakeUrl.replace(/\/v1$/, "/__agent"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`fake agent control answered ${response.status}`);
}

export async function agentStats(
  fakeUrl: string,
): Promise<{ toolCalls: number; contextCalls: number; requests: number }> {
  return (await fetch(fakeUrl.replace(/\/v1$/, "/__agent"))).json();
}

type RunView = {
  status: string;
  finished_at: string | null;
  passes: { id: string; status: string; turns: number; attempts: number }[];
  [k: string]: unknown;
};

/** Polls the admin API until `until` holds for the run. */
export async function waitForRun(
  webUrl: string,
  token: string,
  id: string,
  until: (run: RunView) => boolean,
  timeoutMs = 90_000,
): Promise<RunView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${webUrl}/api/v1/admin/runs/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const run = (await response.json()) as RunView;
    if (until(run)) return run;
    if (Date.now() > deadline)
      throw new Error(
        `run ${id} did not reach the expected state in ${timeoutMs} ms: ${JSON.stringify(run).slice(0, 2_000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
