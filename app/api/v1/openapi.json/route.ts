import "server-only";
import { buildOpenApiDocument, withServer } from "@/lib/contracts/openapi-document";
import { env } from "@/lib/env";
import { publicReadCacheControl } from "@/lib/server/http/cache-policy";
import { json, withErrors } from "@/lib/server/http/respond";

export const dynamic = "force-dynamic";

// GET /api/v1/openapi.json - the OpenAPI 3.1 document of this API, generated from the schemas the handlers use
// (public; shared caches may keep it like the published JSON Schemas)
export const GET = withErrors(async (request: Request) =>
  json(withServer(buildOpenApiDocument(), env.NEXTAUTH_URL && new URL(env.NEXTAUTH_URL).origin), 200, {
    "cache-control": publicReadCacheControl(request),
    "access-control-allow-origin": "*",
  }),
);
