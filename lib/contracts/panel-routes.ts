import { type ApiRoute, idPath, optionalBodyJson, ADMIN, STAFF_READ } from "./route-kit";
import {
  panelReviewsQuerySchema,
  panelReviewsSchema,
  startAttributionBodySchema,
  startPanelBodySchema,
  startedAttributionSchema,
  startedPanelSchema,
} from "./panel";

// Panel validation and bug-type attribution: each sampled finding's verdicts, and starting either.
export const panelRoutes = {
  getSubmissionsIdPanel: {
    method: "get",
    path: "/api/v1/submissions/{id}/panel",
    tag: "Analyses",
    summary: "Each sampled finding's panel verdicts",
    auth: STAFF_READ,
    params: idPath,
    query: panelReviewsQuerySchema,
    success: { status: 200, schema: panelReviewsSchema, description: "Sampled findings, 25 a page" },
    errors: [404],
  },
  postAdminSubmissionsIdPanel: {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/panel",
    tag: "Admin",
    summary: "Start panel validation",
    auth: ADMIN,
    params: idPath,
    body: optionalBodyJson(startPanelBodySchema),
    success: { status: 202, schema: startedPanelSchema, description: "Queued" },
    errors: [400, 404, 409, 413, 503],
  },
  postAdminSubmissionsIdAttribution: {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/attribution",
    tag: "Admin",
    summary: "Start bug-type attribution",
    auth: ADMIN,
    params: idPath,
    body: optionalBodyJson(startAttributionBodySchema),
    success: { status: 202, schema: startedAttributionSchema, description: "Queued" },
    errors: [400, 404, 409, 413, 503],
  },
} satisfies Record<string, ApiRoute>;
