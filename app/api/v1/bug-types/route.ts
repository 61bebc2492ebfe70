import { bugTypesQuerySchema, bugTypesSchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadBugTypes, type DistributionRow } from "@/lib/server/leaderboard/load-bug-types";
import { readBenchmarkStamp } from "@/lib/server/leaderboard/stamp-cache";

export const dynamic = "force-dynamic";

const csvCell = (v: unknown) =>
  v === null || v === undefined ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);

// GET /api/v1/bug-types?benchmark=slug@version[&harness=probe-passes|all|<label>][&source=all|upload|in_house][&format=csv]
// - bug-type and trigger shares, maintainers vs agents (agents: LLM-attributed findings of the pooled configurations)
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(bugTypesQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  const data = await loadBugTypes(query.benchmark, { harness: query.harness, source: query.source });
  const rows = (kind: string, list: DistributionRow[] | undefined, source: string) =>
    (list ?? []).map((r) => ({ source, kind, ...r }));
  const all = [
    ...rows("category", data.stored?.categories, "stored"),
    ...rows("trigger", data.stored?.triggers, "stored"),
    ...rows("category", data.reported?.categories, "reported"),
    ...rows("trigger", data.reported?.triggers, "reported"),
  ];
  return downloadResponse(request, {
    format: query.format,
    stamp: await readBenchmarkStamp(data.benchmark.id),
    variant: `bug-types|${data.benchmark.key}|${query.source}|${query.harness.toLowerCase()}`,
    filename: `bug-types-${fileSafe(data.benchmark.key)}`,
    json: () => shaped(bugTypesSchema, data),
    csv: () =>
      [
        [
          "source",
          "kind",
          "name",
          "family",
          "level",
          "human_n",
          "human_share",
          "agent_share",
          "agent_min",
          "agent_max",
          "gap",
        ].join(","),
        ...all.map((r) =>
          [
            r.source,
            r.kind,
            r.name,
            r.family,
            r.level,
            r.humanN,
            r.humanShare,
            r.agentShare,
            r.agentRange?.[0],
            r.agentRange?.[1],
            r.gap,
          ]
            .map(csvCell)
            .join(","),
        ),
      ].join("\n") + "\n",
  });
});
