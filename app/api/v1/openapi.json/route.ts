import "server-only";
import { buildOpenApiDocument, withServer } from "@/lib/contracts/openapi-document";
import { serviceRoutes } from "@/lib/contracts/service-routes";
import { env } from "@/lib/env";
import { publicReadCacheControl } from "@/lib/server/http/cache-policy";
import { json } from "@/lib/server/http/respond";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/openapi.json - the OpenAPI 3.1 document of this API, generated from the schemas the handlers use
// (public; shared caches may keep it like the published JSON Schemas)
export const GET = handle(serviceRoutes.getOpenapiJson, async ({ request }) =>
  json(withServer(buildOpenApiDocument(), env.NEXTAUTH_URL && new URL(env.NEXTAUTH_URL).origin), 200, {
    "cache-control": publicReadCacheControl(request),
    "access-control-allow-origin": "*",
  }),
);
