import { type ApiRoute, OPTIONAL_READ, ok, routeList } from "./route-kit";
import { submissionAnalysesSchema } from "./analyses";
import { repeatedRunsQuerySchema, repeatedRunsSchema } from "./repeated-runs";

// The paper's statistics of one submission: fix-rank contamination tests, repeated runs.
const { get } = routeList({ tag: "Analyses", auth: OPTIONAL_READ });

export const analysesRoutes = {
  getSubmissionsIdAnalyses: get(
    "/api/v1/submissions/{id}/analyses",
    "The fix-rank contamination test of every run and the stable-beta fit of repeated runs",
    ok(submissionAnalysesSchema, "Contamination tests and, for repeated runs, the fit"),
    {
      description:
        "Stored results only (§C.4, §E.2); the tests are empty until the worker has computed them. Same visibility as the submission (404 for anyone who may not see it).",
    },
  ),
  getSubmissionsIdRuns: get(
    "/api/v1/submissions/{id}/runs",
    "Repeated runs: per-run scores with distinct findings, the n-of-k curve, the frequency spectrum and the run analyses of Figures 7-9",
    ok(repeatedRunsSchema, "Runs, curve and spectrum", { csv: true }),
    {
      description:
        "`table` picks which table `format=csv` downloads. 404 for a submission with one run (or one the caller may not see); 409 until it has been scored.",
      query: repeatedRunsQuerySchema,
      errors: [409],
    },
  ),
} satisfies Record<string, ApiRoute>;
