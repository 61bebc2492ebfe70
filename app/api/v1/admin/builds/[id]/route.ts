import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { getBuild } from "@/lib/server/benchmark-builds/build-view";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/builds/{id} - a build: Table 1 so far and every candidate's trail (admins)
export const GET = handle(benchmarkBuildsRoutes.getAdminBuildsId, ({ params }) => getBuild(params.id));
