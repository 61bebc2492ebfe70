import { type ApiRoute, idPath, bodyJson, STAFF_READ, STAFF_WRITE } from "./route-kit";
import {
  createOverrideBodySchema,
  listOverridesQuerySchema,
  overrideListSchema,
  overrideResultSchema,
  withdrawnOverrideSchema,
} from "./overrides";

// Maintainers' match overrides.
export const overridesRoutes = {
  postOverrides: {
    method: "post",
    path: "/api/v1/overrides",
    tag: "Staff",
    summary: "Decide a finding/reference pair (rescores every submission holding it)",
    auth: STAFF_WRITE,
    body: bodyJson(createOverrideBodySchema),
    success: { status: 201, schema: overrideResultSchema, description: "The override" },
    errors: [400, 404, 409, 413],
  },
  getOverrides: {
    method: "get",
    path: "/api/v1/overrides",
    tag: "Staff",
    summary: "Every override, newest first",
    auth: STAFF_READ,
    query: listOverridesQuerySchema,
    success: { status: 200, schema: overrideListSchema, description: "Overrides" },
  },
  deleteOverridesId: {
    method: "delete",
    path: "/api/v1/overrides/{id}",
    tag: "Staff",
    summary: "Withdraw an override",
    auth: STAFF_WRITE,
    params: idPath,
    success: {
      status: 200,
      schema: withdrawnOverrideSchema,
      description: "Withdrawn; affected submissions are rescored",
    },
    errors: [404],
  },
} satisfies Record<string, ApiRoute>;
