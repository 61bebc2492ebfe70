import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import {
  drawReferenceAuditBodySchema,
  referenceAuditListSchema,
  referenceAuditsQuerySchema,
  referenceAuditViewSchema,
} from "@/lib/contracts/judge-quality";
import { drawReferenceAudit, listReferenceAudits } from "@/lib/server/judge-quality/reference-audit";

export const dynamic = "force-dynamic";

// POST /api/v1/reference-audits - draws reference bugs to audit {benchmark, size, seed?}, per repository in proportion
// (maintainers and admins; audit-logged)
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 4 * 1024), "The request body");
  const input = parseOrThrow(drawReferenceAuditBodySchema, body, "The audit");
  return respond(referenceAuditViewSchema, await drawReferenceAudit(caller, input), 201);
});

// GET /api/v1/reference-audits?benchmark=slug@version - the version's audits, with how many bugs the caller marked
export const GET = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  const query = parseOrThrow(
    referenceAuditsQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  return respond(referenceAuditListSchema, await listReferenceAudits(caller, query));
});
