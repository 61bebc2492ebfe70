import { ACCOUNT_ROUTES } from "./account-routes";
import { ADMIN_ROUTES } from "./admin-routes";
import { ANALYSES_ROUTES } from "./analyses-routes";
import { AUDIT_RUNS_ROUTES } from "./audit-runs-routes";
import { CONTEXT_DOCUMENTS_ROUTES } from "./context-documents-routes";
import { DATASHEET_ROUTES } from "./datasheet-routes";
import { JUDGE_QUALITY_ROUTES } from "./judge-quality-routes";
import { JUDGE_TRIALS_ROUTES } from "./judge-trials-routes";
import { OVERRIDES_ROUTES } from "./overrides-routes";
import { PANEL_ROUTES } from "./panel-routes";
import { PUBLIC_READS_ROUTES } from "./public-reads-routes";
import type { ApiRoute } from "./route-kit";
import { SERVICE_ROUTES } from "./service-routes";
import { SUBMISSIONS_ROUTES } from "./submissions-routes";
import { WEBHOOKS_ROUTES } from "./webhooks-routes";
import { WORKBENCH_ROUTES } from "./workbench-routes";

// Every route under app/api with what it takes and answers: the one table the OpenAPI document is built from
// (lib/contracts/openapi-document.ts) and the typed client calls through (lib/api-client.ts). Each resource keeps its
// schemas in lib/contracts/<resource>.ts and its routes in lib/contracts/<resource>-routes.ts; a new resource adds
// its list here. A test walks app/api and fails when a route or method is missing.
export const API_ROUTES: readonly ApiRoute[] = [
  ...SUBMISSIONS_ROUTES,
  ...WORKBENCH_ROUTES,
  ...ANALYSES_ROUTES,
  ...PANEL_ROUTES,
  ...PUBLIC_READS_ROUTES,
  ...DATASHEET_ROUTES,
  ...CONTEXT_DOCUMENTS_ROUTES,
  ...OVERRIDES_ROUTES,
  ...ACCOUNT_ROUTES,
  ...WEBHOOKS_ROUTES,
  ...ADMIN_ROUTES,
  ...AUDIT_RUNS_ROUTES,
  ...SERVICE_ROUTES,
  ...JUDGE_QUALITY_ROUTES,
  ...JUDGE_TRIALS_ROUTES,
];

// next-auth's own endpoints (sign-in, callbacks, CSRF, session) follow its protocol, not this API's conventions; the
// metrics scrape answers Prometheus text for a monitoring system, not JSON for API clients (docs/operating.md).
export const UNDOCUMENTED_ROUTE_FILES = ["app/api/auth/[...nextauth]/route.ts", "app/api/metrics/route.ts"] as const;
