import { type ApiRoute, OPTIONAL_READ, routeList } from "./route-kit";
import {
  compareEntriesQuerySchema,
  compareQuerySchema,
  comparisonSchema,
  entriesComparisonSchema,
  matchesQuerySchema,
  pairPath,
  pairQuerySchema,
  pairViewSchema,
  referenceBugDetailSchema,
  referenceBugPath,
  referenceBugQuerySchema,
  repositoryBugsQuerySchema,
  repositoryBugsSchema,
  submissionMatchesSchema,
} from "./workbench";

// The workbench reads: matches, pairs, comparisons, a repository's reference bugs.
const { get } = routeList({ tag: "Workbench", auth: OPTIONAL_READ, base: "/api/v1" });

export const workbenchRoutes = {
  getSubmissionsIdMatches: get("/submissions/{id}/matches", "One run's matched, missed and unmatched per repository", {
    query: matchesQuerySchema,
    ok: [submissionMatchesSchema, "Matches by repository", { csv: true }],
  }),
  getSubmissionsIdPairsFindingIdReferenceBugId: get(
    "/submissions/{id}/pairs/{finding_id}/{reference_bug_id}",
    "A finding/reference pair: both records, the six signals and the verdict",
    { params: pairPath, query: pairQuerySchema, ok: [pairViewSchema, "The pair"] },
  ),
  getCompare: get("/compare", "Reference bugs two submissions found on one repository", {
    query: compareQuerySchema,
    ok: [comparisonSchema, "Both, only one, neither", { csv: true }],
    errors: [404],
  }),
  getCompareEntries: get(
    "/compare/entries",
    "Reference bugs two or more public entries of a version found, and every pair's overlap",
    {
      query: compareEntriesQuerySchema,
      ok: [entriesComparisonSchema, "Overlap and the chosen entries", { csv: true }],
      errors: [404],
    },
  ),
  getRepositoriesOwnerNameBugs: get(
    "/repositories/{owner}/{name}/bugs",
    "Each reference bug with how many configurations found it",
    { query: repositoryBugsQuerySchema, ok: [repositoryBugsSchema, "Reference bugs", { csv: true }] },
  ),
  getRepositoriesOwnerNameBugsBugId: get(
    "/repositories/{owner}/{name}/bugs/{bug_id}",
    "One reference bug and every approved finding that matched it",
    {
      params: referenceBugPath,
      query: referenceBugQuerySchema,
      ok: [referenceBugDetailSchema, "The bug and its matches", { csv: true }],
    },
  ),
} satisfies Record<string, ApiRoute>;
