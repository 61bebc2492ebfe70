import { type z } from "zod";
import { FULL_HARNESS, type agentPoolQuerySchema } from "../contracts/bug-types";

// Which configurations the agent side of the bug-type shares pools (Tables 20-21 pool the paper's full-harness
// configurations, one run each). The default is the full harness (probe-passes, F.5.2); `harness` may name another
// harness label (as a findings file gives it) or "all", and `source` keeps uploads or in-house runs only. Pure.

export type AgentPool = z.infer<typeof agentPoolQuerySchema>;

export const DEFAULT_AGENT_POOL: AgentPool = { harness: FULL_HARNESS, source: "all" };

/** What the agent shares pool, in words, for the page and the API. */
export function describeAgentPool(pool: AgentPool, configurations: number): string {
  const harness =
    pool.harness === "all"
      ? "every harness"
      : pool.harness === FULL_HARNESS
        ? `the full harness (${FULL_HARNESS})`
        : `harness ${pool.harness}`;
  const source = pool.source === "all" ? "uploaded or in-house" : pool.source === "upload" ? "uploaded" : "in-house";
  const n = `${configurations} public verified configuration${configurations === 1 ? "" : "s"}`;
  return `Agent shares pool the first run of ${n} (${source}, ${harness}), classified by one LLM with one prompt; self-reported categories are not counted.`;
}
