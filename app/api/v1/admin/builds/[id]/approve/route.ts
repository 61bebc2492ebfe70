import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { z } from "zod";
import { buildViewSchema } from "@/lib/contracts/benchmark-builds";
import { approveBuild } from "@/lib/server/benchmark-builds/decide-build";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/approve - approves spend past the budget, or resumes a failed build (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const text = await readBodyText(request, 1024);
  parseOrThrow(z.object({}), text.trim() ? parseJsonText(text, "The request body") : {}, "The approval");
  return respond(buildViewSchema, await approveBuild(caller, id));
});
