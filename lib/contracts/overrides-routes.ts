import { type ApiRoute, bodyJson, STAFF_READ, STAFF_WRITE, routeList } from "./route-kit";
import {
  createOverrideBodySchema,
  listOverridesQuerySchema,
  overrideListSchema,
  overrideResultSchema,
  withdrawnOverrideSchema,
} from "./overrides";

// Maintainers' match overrides.
const { delete: del, get, post } = routeList("Staff", STAFF_WRITE);

export const overridesRoutes = {
  postOverrides: post("/api/v1/overrides", "Decide a finding/reference pair (rescores every submission holding it)", {
    body: bodyJson(createOverrideBodySchema),
    created: [overrideResultSchema, "The override"],
    errors: [400, 404, 409],
  }),
  getOverrides: get("/api/v1/overrides", "Every override, newest first", {
    auth: STAFF_READ,
    query: listOverridesQuerySchema,
    ok: [overrideListSchema, "Overrides"],
  }),
  deleteOverridesId: del("/api/v1/overrides/{id}", "Withdraw an override", {
    ok: [withdrawnOverrideSchema, "Withdrawn; affected submissions are rescored"],
  }),
} satisfies Record<string, ApiRoute>;
