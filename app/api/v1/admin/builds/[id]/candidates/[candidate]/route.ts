import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { buildViewSchema, decideCandidateBodySchema } from "@/lib/contracts/benchmark-builds";
import { decideCandidate } from "@/lib/server/benchmark-builds/decide-build";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/candidates/{candidate} - accepts, rejects or edits a candidate (admins; audit-logged)
export const POST = withErrors(
  async (request: Request, context: { params: Promise<{ id: string; candidate: string }> }) => {
    const { id, candidate } = await context.params;
    const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
    const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
    const input = parseOrThrow(decideCandidateBodySchema, body, "The decision");
    return respond(buildViewSchema, await decideCandidate(caller, id, candidate, input));
  },
);
