import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { buildListSchema, buildViewSchema, createBuildBodySchema } from "@/lib/contracts/benchmark-builds";
import { listBuilds } from "@/lib/server/benchmark-builds/build-view";
import { createBuild } from "@/lib/server/benchmark-builds/create-build";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/builds - every benchmark build, newest first (admins)
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(buildListSchema, await listBuilds());
});

// POST /api/v1/admin/builds - starts a build {slug, name, version, snapshot, window_end, repositories} (admins;
// worker jobs; audit-logged)
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 64 * 1024), "The request body");
  const input = parseOrThrow(createBuildBodySchema, body, "The build");
  return respond(buildViewSchema, await createBuild(caller, input), 201);
});
