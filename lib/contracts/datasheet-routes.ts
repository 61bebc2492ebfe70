import { datasheetPathSchema, datasheetQuerySchema, datasheetSchema } from "./datasheet";
import { type ApiRoute, PUBLIC, ok, routeList } from "./route-kit";

// The benchmark datasheet (Tables 1, 6, 8, 9, Figures 3 and 10 computed from a version's data).
const { get } = routeList({ tag: "Public data", auth: PUBLIC });

export const datasheetRoutes = {
  getBenchmarksSlugVersionDatasheet: get(
    "/api/v1/benchmarks/{slug}/{version}/datasheet",
    "A benchmark version's datasheet: Tables 1, 6, 8, 9, the held-out check, Figures 3 and 10",
    ok(datasheetSchema, "The datasheet", { csv: true, etag: true }),
    {
      description:
        "Computed from the version's imported data (docs/analyses.md). `missing` names each part that cannot be computed and the benchmark-file field that provides it; `reported` holds the published values of a transcribed version. `format=csv` returns one table, chosen by `table`.",
      params: datasheetPathSchema,
      query: datasheetQuerySchema,
    },
  ),
} satisfies Record<string, ApiRoute>;
