import type { PassPlan } from "../lib/validation/pass-plan";

const n = (value: number) => value.toLocaleString("en-US");

/** The human-readable summary of a plan that `probebench plan` prints without --json. */
export function formatPlan(plan: PassPlan): string {
  const individual = plan.passes.filter((p) => p.kind === "individual").length;
  const tokens = plan.passes.reduce((sum, p) => sum + p.tokens, 0);
  const g = plan.call_graph;
  const lines = [
    `Planner ${plan.planner_version}: ${n(plan.audited_files.length)} audited files, ${n(plan.excluded.length)} excluded, ` +
      `${n(plan.passes.length)} passes (${individual} individual, ${plan.passes.length - individual} batches), ${n(tokens)} tokens`,
    `Call graph: ${n(g.definitions)} definitions, ${n(g.calls)} calls: ${n(g.same_file)} within a file, ` +
      `${n(g.resolved_by_import)} resolved by import, ${n(g.resolved_by_name)} by unique name, ${n(g.unresolved)} unresolved`,
    "",
  ];
  for (const p of plan.passes) {
    const what = p.files.length === 1 ? p.files[0]! : `${p.files.length} files in ${commonDirectory(p.files)}`;
    lines.push(
      `${p.id}  ${p.kind.padEnd(10)}  ${n(p.tokens).padStart(7)} tokens  callers ${p.callers.length}/${p.callers_total}  callees ${p.callees.length}/${p.callees_total}  ${what}`,
    );
  }
  if (plan.excluded.length > 0) {
    lines.push("", "Excluded:");
    for (const e of plan.excluded) lines.push(`  ${e.file}  (${e.reason})`);
  }
  return lines.join("\n");
}

function commonDirectory(files: readonly string[]): string {
  const first = files[0]!;
  const dir = first.includes("/") ? first.slice(0, first.lastIndexOf("/") + 1) : "./";
  return dir;
}
