import { type ApiRoute, OPTIONAL_READ, ok, routeList } from "./route-kit";
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
const { get } = routeList({ tag: "Workbench", auth: OPTIONAL_READ });

export const workbenchRoutes = {
  getSubmissionsIdMatches: get(
    "/api/v1/submissions/{id}/matches",
    "One run's matched, missed and unmatched per repository",
    ok(submissionMatchesSchema, "Matches by repository", { csv: true }),
    { query: matchesQuerySchema },
  ),
  getSubmissionsIdPairsFindingIdReferenceBugId: get(
    "/api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id}",
    "A finding/reference pair: both records, the six signals and the verdict",
    ok(pairViewSchema, "The pair"),
    { params: pairPath, query: pairQuerySchema },
  ),
  getCompare: get(
    "/api/v1/compare",
    "Reference bugs two submissions found on one repository",
    ok(comparisonSchema, "Both, only one, neither", { csv: true }),
    { query: compareQuerySchema, errors: [404] },
  ),
  getCompareEntries: get(
    "/api/v1/compare/entries",
    "Reference bugs two or more public entries of a version found, and every pair's overlap",
    ok(entriesComparisonSchema, "Overlap and the chosen entries", { csv: true }),
    { query: compareEntriesQuerySchema, errors: [404] },
  ),
  getRepositoriesOwnerNameBugs: get(
    "/api/v1/repositories/{owner}/{name}/bugs",
    "Each reference bug with how many configurations found it",
    ok(repositoryBugsSchema, "Reference bugs", { csv: true }),
    { query: repositoryBugsQuerySchema },
  ),
  getRepositoriesOwnerNameBugsBugId: get(
    "/api/v1/repositories/{owner}/{name}/bugs/{bug_id}",
    "One reference bug and every approved finding that matched it",
    ok(referenceBugDetailSchema, "The bug and its matches", { csv: true }),
    { params: referenceBugPath, query: referenceBugQuerySchema },
  ),
} satisfies Record<string, ApiRoute>;
