import type { CallSite, Pass, PassPlan } from "../validation/pass-plan";
import { buildCallGraph, type CallEdge } from "./call-graph";
import type { FileFacts } from "./extract-facts";
import { compareText } from "./select-files";

// The deterministic pass planner (paper, Appendix B). Pure: facts about the audited files in, the plan out. Every
// ordering is explicit and byte-wise, so the same snapshot gives the byte-identical plan on any machine.

/** Bumped whenever a change here or in the file selection or call graph can change a plan. */
export const PLANNER_VERSION = "1";

export const PLANNER_PARAMETERS = {
  // Appendix B: one cross-file call partner weighs as much as 60 lines.
  partnerWeight: 60,
  // Files scoring above this get a pass of their own (the paper gives no number: a 1,000-line file, or a 400-line
  // file with ten partners).
  individualScoreThreshold: 1_000,
  // Appendix B: individual passes for at most 15% of the audited files.
  individualFileShare: 0.15,
  // Appendix B: batches over a 60k-token budget are split.
  batchTokenBudget: 60_000,
  // Appendix B: up to 40 callers and 40 callees from other files for individual passes, 25 for batches.
  individualCallLimit: 40,
  batchCallLimit: 25,
} as const;

export type PlannerParameters = typeof PLANNER_PARAMETERS;

export type PlanInput = {
  audited: readonly FileFacts[];
  excluded: readonly { file: string; reason: string }[];
};

export function planPasses(input: PlanInput, parameters: PlannerParameters = PLANNER_PARAMETERS): PassPlan {
  const files = [...input.audited].sort((a, b) => compareText(a.path, b.path));
  const graph = buildCallGraph(files);

  const partners = new Map<string, Set<string>>(files.map((f) => [f.path, new Set()]));
  for (const e of graph.edges) {
    partners.get(e.from)!.add(e.to);
    partners.get(e.to)!.add(e.from);
  }
  const score = (f: FileFacts) => f.lines + parameters.partnerWeight * partners.get(f.path)!.size;

  const cap = Math.floor(files.length * parameters.individualFileShare);
  const individual = files
    .filter((f) => score(f) > parameters.individualScoreThreshold)
    .sort((a, b) => score(b) - score(a) || compareText(a.path, b.path))
    .slice(0, cap);
  const alone = new Set(individual.map((f) => f.path));

  const groups: FileFacts[][] = [];
  for (const f of individual) groups.push([f]);
  const byDirectory = new Map<string, FileFacts[]>();
  for (const f of files) {
    if (alone.has(f.path)) continue;
    const dir = directoryOf(f.path);
    const list = byDirectory.get(dir);
    if (list) list.push(f);
    else byDirectory.set(dir, [f]);
  }
  const batches: FileFacts[][] = [];
  for (const dir of [...byDirectory.keys()].sort(compareText))
    batches.push(...splitByTokens(byDirectory.get(dir)!, parameters.batchTokenBudget));
  // Individual passes in path order, then batches in directory order.
  groups.sort((a, b) => compareText(a[0]!.path, b[0]!.path));

  const incoming = groupEdges(graph.edges, (e) => e.to);
  const outgoing = groupEdges(graph.edges, (e) => e.from);
  const passes: Pass[] = [];
  const width = String(groups.length + batches.length).length;
  const addPass = (kind: Pass["kind"], group: FileFacts[]) => {
    const limit = kind === "individual" ? parameters.individualCallLimit : parameters.batchCallLimit;
    const inPass = new Set(group.map((f) => f.path));
    const callers = group.flatMap((f) => incoming.get(f.path) ?? []).filter((e) => !inPass.has(e.from));
    const callees = group.flatMap((f) => outgoing.get(f.path) ?? []).filter((e) => !inPass.has(e.to));
    const calleeSites = rankCallees(callees);
    const callerSites = rankCallers(callers);
    passes.push({
      id: `pass-${String(passes.length + 1).padStart(Math.max(width, 2), "0")}`,
      kind,
      files: group.map((f) => f.path),
      tokens: group.reduce((n, f) => n + f.tokens, 0),
      callers: callerSites.slice(0, limit),
      callees: calleeSites.slice(0, limit),
      callers_total: callerSites.length,
      callees_total: calleeSites.length,
    });
  };
  for (const group of groups) addPass("individual", group);
  for (const batch of batches) addPass("batch", batch);

  return {
    planner_version: PLANNER_VERSION,
    audited_files: files.map((f) => f.path),
    excluded: [...input.excluded].sort((a, b) => compareText(a.file, b.file)),
    call_graph: graph.stats,
    passes,
  };
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "." : path.slice(0, slash);
}

/** Consecutive files (in path order) while the batch stays within the budget; a file over the budget goes alone. */
function splitByTokens(files: readonly FileFacts[], budget: number): FileFacts[][] {
  const out: FileFacts[][] = [];
  let current: FileFacts[] = [];
  let tokens = 0;
  for (const f of files) {
    if (current.length > 0 && tokens + f.tokens > budget) {
      out.push(current);
      current = [];
      tokens = 0;
    }
    current.push(f);
    tokens += f.tokens;
  }
  if (current.length > 0) out.push(current);
  return out;
}

function groupEdges(edges: readonly CallEdge[], key: (e: CallEdge) => string): Map<string, CallEdge[]> {
  const out = new Map<string, CallEdge[]>();
  for (const e of edges) {
    const k = key(e);
    const list = out.get(k);
    if (list) list.push(e);
    else out.set(k, [e]);
  }
  return out;
}

const compareSite = (a: CallSite, b: CallSite) =>
  compareText(a.file, b.file) || a.line - b.line || compareText(a.name, b.name);

/**
 * Call sites in other files that call into the pass, taken round-robin over the calling files (the files with the
 * most call sites first), so a limited excerpt shows many callers rather than one file's call sites.
 */
function rankCallers(edges: readonly CallEdge[]): CallSite[] {
  const byFile = new Map<string, Map<string, CallSite>>();
  for (const e of edges) {
    const site = { file: e.from, line: e.line, name: e.name };
    let sites = byFile.get(e.from);
    if (!sites) byFile.set(e.from, (sites = new Map()));
    sites.set(`${e.line}:${e.name}`, site);
  }
  const queues = [...byFile.entries()]
    .map(([file, sites]) => ({ file, sites: [...sites.values()].sort(compareSite) }))
    .sort((a, b) => b.sites.length - a.sites.length || compareText(a.file, b.file));
  const out: CallSite[] = [];
  for (let round = 0; out.length < edges.length; round++) {
    let took = false;
    for (const q of queues) {
      const site = q.sites[round];
      if (site) {
        out.push(site);
        took = true;
      }
    }
    if (!took) break;
  }
  return out;
}

/** Definitions in other files that the pass calls, the most called first. */
function rankCallees(edges: readonly CallEdge[]): CallSite[] {
  const counted = new Map<string, { site: CallSite; calls: number }>();
  for (const e of edges) {
    const key = `${e.to}\u0000${e.toLine}\u0000${e.name}`;
    const entry = counted.get(key);
    if (entry) entry.calls++;
    else counted.set(key, { site: { file: e.to, line: e.toLine, name: e.name }, calls: 1 });
  }
  return [...counted.values()].sort((a, b) => b.calls - a.calls || compareSite(a.site, b.site)).map((c) => c.site);
}
