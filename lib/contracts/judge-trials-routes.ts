import { activeJudgeSchema } from "./judge-quality";
import {
  judgeTrialListSchema,
  judgeTrialSchema,
  judgeTrialsQuerySchema,
  startJudgeTrialBodySchema,
} from "./judge-trials";
import { ADMIN, bodyJson, idPath, type ApiRoute } from "./route-kit";

// Candidate-judge trials (docs/judge-quality.md): admins only.
export const judgeTrialsRoutes = {
  getAdminJudgeTrials: {
    method: "get",
    path: "/api/v1/admin/judge-trials",
    tag: "Admin",
    summary: "A version's candidate-judge trials, the judge in use and how many labelled pairs a trial would judge",
    auth: ADMIN,
    query: judgeTrialsQuerySchema,
    success: { status: 200, schema: judgeTrialListSchema, description: "Trials, newest first" },
    errors: [404],
  },
  postAdminJudgeTrials: {
    method: "post",
    path: "/api/v1/admin/judge-trials",
    tag: "Admin",
    summary: "Try a candidate judge model on the version's labelled pairs, next to the judge in use (a worker job)",
    auth: ADMIN,
    body: bodyJson(startJudgeTrialBodySchema),
    success: { status: 201, schema: judgeTrialSchema, description: "The queued trial" },
    errors: [404, 409, 413],
  },
  getAdminJudgeTrialsId: {
    method: "get",
    path: "/api/v1/admin/judge-trials/{id}",
    tag: "Admin",
    summary: "One trial: its progress, then the side-by-side comparison",
    auth: ADMIN,
    params: idPath,
    success: { status: 200, schema: judgeTrialSchema, description: "The trial" },
    errors: [404],
  },
  postAdminJudgeTrialsIdSwitch: {
    method: "post",
    path: "/api/v1/admin/judge-trials/{id}/switch",
    tag: "Admin",
    summary: "Switch new scoring to the trial's candidate judge (audit-logged)",
    auth: ADMIN,
    params: idPath,
    success: { status: 200, schema: activeJudgeSchema, description: "The judge new scorings use" },
    errors: [404, 409],
  },
} satisfies Record<string, ApiRoute>;
