import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { z } from "zod";
import { publishedBuildSchema } from "@/lib/contracts/benchmark-builds";
import { publishBuild } from "@/lib/server/benchmark-builds/publish-build";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/publish - publishes the build as a new immutable version (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const text = await readBodyText(request, 1024);
  parseOrThrow(z.object({}), text.trim() ? parseJsonText(text, "The request body") : {}, "The publication");
  return respond(publishedBuildSchema, await publishBuild(caller, id), 201);
});
