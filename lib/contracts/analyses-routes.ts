import { type ApiRoute, idPath } from "./route-kit";
import { submissionAnalysesSchema } from "./analyses";
import { repeatedRunsQuerySchema, repeatedRunsSchema } from "./repeated-runs";

// The paper's statistics of one submission: fix-rank contamination tests, repeated runs.
export const analysesRoutes = {
  getSubmissionsIdAnalyses: {
    method: "get",
    path: "/api/v1/submissions/{id}/analyses",
    tag: "Analyses",
    summary: "The fix-rank contamination test of every run and the stable-beta fit of repeated runs",
    description:
      "Stored results only (§C.4, §E.2); the tests are empty until the worker has computed them. Same visibility as the submission (404 for anyone who may not see it).",
    auth: { kind: "optional", scope: "read" },
    params: idPath,
    success: {
      status: 200,
      schema: submissionAnalysesSchema,
      description: "Contamination tests and, for repeated runs, the fit",
    },
    errors: [404],
  },
  getSubmissionsIdRuns: {
    method: "get",
    path: "/api/v1/submissions/{id}/runs",
    tag: "Analyses",
    summary:
      "Repeated runs: per-run scores with distinct findings, the n-of-k curve, the frequency spectrum and the run analyses of Figures 7-9",
    description:
      "`table` picks which table `format=csv` downloads. 404 for a submission with one run (or one the caller may not see); 409 until it has been scored.",
    auth: { kind: "optional", scope: "read" },
    params: idPath,
    query: repeatedRunsQuerySchema,
    success: { status: 200, schema: repeatedRunsSchema, description: "Runs, curve and spectrum", csv: true },
    errors: [404, 409],
  },
} satisfies Record<string, ApiRoute>;
