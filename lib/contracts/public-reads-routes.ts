import { type ApiRoute, PUBLIC, ok, routeList } from "./route-kit";
import {
  benchmarkListSchema,
  downloadQuerySchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  planQuerySchema,
  queueQuerySchema,
  queueSchema,
  rankHistoryQuerySchema,
  rankHistorySchema,
  repositoryDetailSchema,
  repositoryPlanSchema,
  repositoryTablesSchema,
} from "./public-reads";
import { bugTypeDistancesQuerySchema, bugTypeDistancesSchema, bugTypesQuerySchema, bugTypesSchema } from "./bug-types";
import { validitySchema } from "./validity";

// The public reads: benchmarks, leaderboard, repositories, plans, bug types.
const { get } = routeList({ tag: "Public data", auth: PUBLIC });

export const publicReadsRoutes = {
  getBenchmarks: get(
    "/api/v1/benchmarks",
    "Benchmark versions with their repositories",
    ok(benchmarkListSchema, "Newest version first"),
  ),
  getLeaderboard: get(
    "/api/v1/leaderboard",
    "The leaderboard of a benchmark version, optionally pooled over a subset",
    ok(leaderboardSchema, "Rows ranked by F1", { csv: true, etag: true }),
    { query: leaderboardQuerySchema, errors: [404] },
  ),
  getSubmissionsIdRankHistory: get(
    "/api/v1/submissions/{id}/rank-history",
    "A public entry's rank over time",
    ok(rankHistorySchema, "Oldest first", { csv: true, etag: true }),
    {
      description:
        "Its rank by F1 (over every repository, among the entries of its coverage) at the end of each day an entry joined or left the board, from its approval: a point only where its rank or the number of ranked entries changed. Entries count from their approval until a rejection (the audit log); each is ranked by today's scores. 404 for an entry not on the board.",
      query: rankHistoryQuerySchema,
    },
  ),
  getRepositories: get(
    "/api/v1/repositories",
    "Recall and precision per repository x configuration",
    ok(repositoryTablesSchema, "Tables per language", { csv: true, etag: true }),
    { query: downloadQuerySchema, errors: [404] },
  ),
  getRepositoriesOwnerName: get(
    "/api/v1/repositories/{owner}/{name}",
    "One repository's recall and precision per configuration",
    ok(repositoryDetailSchema, "Rows per configuration", { csv: true, etag: true }),
    { query: downloadQuerySchema },
  ),
  getRepositoriesOwnerNamePlan: get(
    "/api/v1/repositories/{owner}/{name}/plan",
    "The repository snapshot's stored pass plan",
    ok(repositoryPlanSchema, "Snapshot facts and the plan"),
    { query: planQuerySchema },
  ),
  getBugTypes: get(
    "/api/v1/bug-types",
    "Bug-type and trigger shares, maintainers vs agents",
    ok(bugTypesSchema, "Stored and reported distributions", { csv: true, etag: true }),
    {
      description:
        "Tables 20-21. One labeller per comparison (F.7.3: one classifier for the reference bugs and every configuration's findings): `labellers` names each side's, `sameLabeller` says whether the reference bugs are labelled by the agents' classifier configuration or carry the benchmark file's own labels (the maintainers', another labeller), `labellerNote` says why and what turns the same-labeller comparison on, and `labellerChoices` lists the configurations one may pass as `labeller`. Findings labelled by another configuration are not counted.",
      query: bugTypesQuerySchema,
      errors: [404],
    },
  ),
  getBugTypesDistances: get(
    "/api/v1/bug-types/distances",
    "Jensen-Shannon distances between the bug-type distributions of the reference set and each configuration",
    ok(bugTypeDistancesSchema, "Subjects and the distance matrix", { csv: true, etag: true }),
    {
      description:
        "§4.2, Figure 6: one row and column per subject (the reference set, then every public verified configuration with attributed findings, its first run), and per configuration the distances between its runs and from the reference set to each run. One labeller for every subject (F.7.3), as on `GET /api/v1/bug-types`: `labellers`, `same_labeller`, `labeller_note`, `labeller_choices`.",
      query: bugTypeDistancesQuerySchema,
      errors: [404],
    },
  ),
  getQueue: get(
    "/api/v1/queue",
    "Entries not yet on the board: queued, scoring, failed or waiting for review",
    ok(queueSchema, "Oldest first, paginated"),
    {
      description:
        "Uploads still pending review and approved ones not yet scored, oldest first, with a public status only (no submitter, findings, error text or review reason). Withdrawn and rejected entries are not listed.",
      query: queueQuerySchema,
    },
  ),
  getValidity: get(
    "/api/v1/validity",
    "Validity beyond the reference set: published pooled figures, Table 15, and Figure 5's points",
    ok(validitySchema, "Published figures and the points", { csv: true, etag: true }),
    {
      description:
        "§4.2, §C.3: the published pooled panel validity (all, unmatched, matched findings) and the panel against a blind grader (Table 15) where the version has them; per entry its panel validity over its precision, both with 95% Clopper-Pearson intervals (the CSV has these points).",
      query: downloadQuerySchema,
      errors: [404],
    },
  ),
} satisfies Record<string, ApiRoute>;
