import { type ApiRoute, optionalBodyJson, ADMIN, STAFF_READ, ok, accepted, routeList } from "./route-kit";
import {
  panelReviewsQuerySchema,
  panelReviewsSchema,
  startAttributionBodySchema,
  startPanelBodySchema,
  startedAttributionSchema,
  startedPanelSchema,
} from "./panel";

// Panel validation and bug-type attribution: each sampled finding's verdicts, and starting either.
const { get, post } = routeList({ tag: "Admin", auth: ADMIN });

export const panelRoutes = {
  getSubmissionsIdPanel: get(
    "/api/v1/submissions/{id}/panel",
    "Each sampled finding's panel verdicts",
    ok(panelReviewsSchema, "Sampled findings, 25 a page"),
    { tag: "Analyses", auth: STAFF_READ, query: panelReviewsQuerySchema },
  ),
  postAdminSubmissionsIdPanel: post(
    "/api/v1/admin/submissions/{id}/panel",
    "Start panel validation",
    accepted(startedPanelSchema, "Queued"),
    { body: optionalBodyJson(startPanelBodySchema), errors: [400, 409, 503] },
  ),
  postAdminSubmissionsIdAttribution: post(
    "/api/v1/admin/submissions/{id}/attribution",
    "Start bug-type attribution",
    accepted(startedAttributionSchema, "Queued"),
    { body: optionalBodyJson(startAttributionBodySchema), errors: [400, 409, 503] },
  ),
} satisfies Record<string, ApiRoute>;
