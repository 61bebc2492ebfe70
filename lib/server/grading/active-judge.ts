import { db } from "../../db";
import { env } from "../../env";
import { OFFLINE_JUDGE_MODEL } from "../../llm/judge";
import { roleEndpoint } from "../../llm/endpoint";

// The judge model new scorings use: the one an admin switched to after a trial (the ActiveJudge row), else JUDGE_MODEL;
// without an LLM endpoint, the offline rule whatever is stored. Read by the scoring worker for every attempt, and by
// the pages that say which judge is in use. No server-only marker: the worker loads it.

export type ActiveJudge = {
  model: string;
  /** stored: switched to by an admin; environment: JUDGE_MODEL; offline: no LLM endpoint is configured. */
  source: "stored" | "environment" | "offline";
  trialId: string | null;
  setAt: Date | null;
};

export async function readActiveJudge(): Promise<ActiveJudge> {
  if (!roleEndpoint("judge")) return { model: OFFLINE_JUDGE_MODEL, source: "offline", trialId: null, setAt: null };
  const row = await db.activeJudge.findUnique({ where: { id: "active" } });
  return row
    ? { model: row.model, source: "stored", trialId: row.trialId, setAt: row.updatedAt }
    : { model: env.JUDGE_MODEL, source: "environment", trialId: null, setAt: null };
}
