import { type ApiRoute, bodyJson, STAFF_READ, STAFF_WRITE, created, ok, routeList } from "./route-kit";
import {
  createOverrideBodySchema,
  listOverridesQuerySchema,
  overrideListSchema,
  overrideResultSchema,
  withdrawnOverrideSchema,
} from "./overrides";

// Maintainers' match overrides.
const { delete: del, get, post } = routeList({ tag: "Staff", auth: { read: STAFF_READ, write: STAFF_WRITE } });

export const overridesRoutes = {
  postOverrides: post(
    "/api/v1/overrides",
    "Decide a finding/reference pair (rescores every submission holding it)",
    created(overrideResultSchema, "The override"),
    { body: bodyJson(createOverrideBodySchema), errors: [400, 404, 409] },
  ),
  getOverrides: get("/api/v1/overrides", "Every override, newest first", ok(overrideListSchema, "Overrides"), {
    query: listOverridesQuerySchema,
  }),
  deleteOverridesId: del(
    "/api/v1/overrides/{id}",
    "Withdraw an override",
    ok(withdrawnOverrideSchema, "Withdrawn; affected submissions are rescored"),
  ),
} satisfies Record<string, ApiRoute>;
