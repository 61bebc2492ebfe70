import { accountRoutes } from "./account-routes";
import { adminRoutes } from "./admin-routes";
import { analysesRoutes } from "./analyses-routes";
import { auditRunsRoutes } from "./audit-runs-routes";
import { benchmarkBuildsRoutes } from "./benchmark-builds-routes";
import { contextDocumentsRoutes } from "./context-documents-routes";
import { datasheetRoutes } from "./datasheet-routes";
import { gradingRoutes } from "./grading-routes";
import { overridesRoutes } from "./overrides-routes";
import { panelRoutes } from "./panel-routes";
import { publicReadsRoutes } from "./public-reads-routes";
import type { ApiRoute } from "./route-kit";
import { serviceRoutes } from "./service-routes";
import { submissionsRoutes } from "./submissions-routes";
import { webhooksRoutes } from "./webhooks-routes";
import { workbenchRoutes } from "./workbench-routes";

// Every route under app/api with what it takes and answers: the one table the OpenAPI document is built from
// (lib/contracts/openapi-document.ts) and the typed client calls through (lib/api-client.ts). Each resource keeps its
// schemas in lib/contracts/<resource>.ts and its routes in lib/contracts/<resource>-routes.ts; a new resource adds
// its list here. A test walks app/api and fails when a route or method is missing.
export const API_ROUTES: readonly ApiRoute[] = [
  ...Object.values(submissionsRoutes),
  ...Object.values(workbenchRoutes),
  ...Object.values(analysesRoutes),
  ...Object.values(panelRoutes),
  ...Object.values(publicReadsRoutes),
  ...Object.values(datasheetRoutes),
  ...Object.values(contextDocumentsRoutes),
  ...Object.values(overridesRoutes),
  ...Object.values(accountRoutes),
  ...Object.values(webhooksRoutes),
  ...Object.values(adminRoutes),
  ...Object.values(auditRunsRoutes),
  ...Object.values(serviceRoutes),
  ...Object.values(gradingRoutes),
  ...Object.values(benchmarkBuildsRoutes),
];

// next-auth's own endpoints (sign-in, callbacks, CSRF, session) follow its protocol, not this API's conventions; the
// metrics scrape answers Prometheus text for a monitoring system, not JSON for API clients (docs/operating.md); the
// catch-all answers the JSON 404 of paths that are not routes.
export const UNDOCUMENTED_ROUTE_FILES = [
  "app/api/auth/[...nextauth]/route.ts",
  "app/api/metrics/route.ts",
  "app/api/[...path]/route.ts",
] as const;
