import "server-only";
import type { AgentPool } from "../../attribution/agent-pool";
import {
  comparisonLabellers,
  selectLabeller,
  type ComparisonLabellers,
  type LabellerSelection,
} from "../../attribution/labeller";
import { configuredLabeller } from "../../llm/attribution-classifier";
import { countLabellerCandidates, type PoolOptions } from "./attributed-counts";

// The labeller of one bug-type comparison (Tables 20-21 or Figure 6): the stored classifier configurations with what
// each labelled in the comparison's pool and reference set, the configured one, and the pure rule of
// lib/attribution/labeller.ts.

export async function chooseLabeller(
  benchmarkId: string,
  taxonomyValue: unknown,
  pool: AgentPool,
  options: PoolOptions & { requested?: string | null },
): Promise<{ selection: LabellerSelection; labellers: ComparisonLabellers }> {
  const { candidates, referenceTotal } = await countLabellerCandidates(benchmarkId, pool, options);
  const configured = configuredLabeller(taxonomyValue);
  const current = configured.ok ? configured.labeller : null;
  const selection = selectLabeller({ candidates, referenceTotal, configured: current, requested: options.requested });
  return {
    selection,
    labellers: comparisonLabellers(selection, {
      candidates,
      referenceTotal,
      configured: current,
      unavailable: configured.ok ? null : configured.message,
    }),
  };
}
