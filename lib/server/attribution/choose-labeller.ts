import "server-only";
import type { AgentPool } from "../../attribution/agent-pool";
import {
  comparisonLabellers,
  labellerKey,
  selectLabeller,
  type ComparisonLabellers,
  type LabellerSelection,
} from "../../attribution/labeller";
import { invalidInput } from "../../errors";
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
  // A key that names no stored configuration is refused, not answered empty: each such answer would be cached apart.
  if (options.requested && !candidates.some((c) => labellerKey(c) === options.requested)) {
    const known = candidates.map(labellerKey).slice(0, 20);
    throw invalidInput("Unknown labeller", [
      {
        path: "labeller",
        message: known.length
          ? `no classifier configuration labelled here under that key; one of: ${known.join(", ")}`
          : "no classifier configuration has labelled anything here yet",
      },
    ]);
  }
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
