import "server-only";
import { env } from "../../env";
import { checkModelEndpoints, type LlmCheckReport } from "../../llm/endpoint-check";

// The model roles' endpoints for the admin page: as configured, or probed once (the same check as
// `npx probebench llm check`, run by the web process with its own settings).
export function readModelEndpoints(probe: boolean): Promise<LlmCheckReport> {
  return checkModelEndpoints(env, { probe });
}
