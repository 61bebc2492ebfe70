import { contractFetch } from "./api-contract";
import { randomUUID } from "node:crypto";
import { db } from "../../lib/db";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { createApiToken } from "../../lib/server/tokens/api-tokens";
import { createUser } from "../../lib/server/users/create-user";
import { benchmarkFileSchema, type BenchmarkFile } from "../../lib/validation/benchmark-file";

// Hand-built data for integration tests. `[root:NAME]` markers tell the fake judge which reports share a root cause.

export function uniqueSlug(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function smallBenchmark(slug: string): BenchmarkFile {
  return benchmarkFileSchema.parse({
    slug,
    name: "Integration benchmark",
    version: "1",
    snapshot_date: "2025-01-01",
    repositories: [
      { name: "acme/parser", language: "python", domain: "parsing" },
      { name: "acme/ui", language: "typescript", domain: "rendering" },
    ],
    reference_bugs: [
      ref(
        "P1",
        "acme/parser",
        "parser/lexer.py",
        40,
        48,
        "Lexer drops the last token when input lacks a trailing newline",
        "next_token(buf)",
      ),
      ref(
        "P2",
        "acme/parser",
        "parser/ast.py",
        100,
        110,
        "Binary operator precedence wrong for exponent",
        "parse_binary(left, op)",
      ),
      ref(
        "P3",
        "acme/parser",
        "parser/errors.py",
        10,
        14,
        "Error position uses byte offset instead of column",
        "format_error(pos)",
      ),
      ref("U1", "acme/ui", "src/render.ts", 200, 215, "Tooltip not removed when chart unmounts", "removeTooltip(node)"),
    ],
  });
}

function ref(id: string, repo: string, file: string, start: number, end: number, title: string, code: string) {
  return {
    id,
    repo,
    file,
    line_start: start,
    line_end: end,
    title: `${title} [root:${id}]`,
    description: `${title}. Observed on ordinary input. [root:${id}]`,
    code_snippet: code,
    severity: "medium",
    category: "Unhandled degenerate value",
  };
}

/** A bug-type taxonomy of two families and two trigger levels; the reference bugs above carry its first category. */
export const SMALL_TAXONOMY = {
  families: [
    {
      name: "Incomplete input handling",
      categories: [
        { name: "Unhandled degenerate value", definition: "zero, empty, missing" },
        { name: "Missing rejection of invalid input", definition: "invalid input flows on" },
      ],
    },
    {
      name: "Local logic errors",
      categories: [{ name: "Wrong arithmetic or comparison expression", definition: "wrong operator or bound" }],
    },
  ],
  triggers: [
    { level: 1, name: "any input" },
    { level: 2, name: "a particular input" },
  ],
};

export function finding(root: string, repo: string, file: string, start: number, end: number, title: string) {
  return {
    repo,
    file,
    line_start: start,
    line_end: end,
    title: `${title} [root:${root}]`,
    description: `The agent reports: ${title}. [root:${root}]`,
    code_snippet: "call(x)",
    severity: "high" as const,
    confidence: 0.8,
  };
}

export async function seedBenchmark(slug = uniqueSlug("itest")): Promise<string> {
  await importBenchmark(smallBenchmark(slug));
  return slug;
}

export async function userWithToken(
  role: "user" | "maintainer" | "admin" = "user",
): Promise<{ id: string; token: string; email: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const user = await createUser({ email, role });
  // Staff tokens carry the admin scope, as an admin or maintainer would choose for API work.
  const { token } = await createApiToken(email, role !== "user" ? { scopes: ["submit", "read", "admin"] } : {});
  return { id: user.id, token, email };
}

export async function waitForStatus(
  webUrl: string,
  id: string,
  token: string,
  until: string[] = ["scored", "failed"],
  timeoutMs = 90_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await contractFetch(`${webUrl}/api/v1/submissions/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.json();
    if (until.includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`submission ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export { db };
