import { requireCaller } from "@/lib/server/auth/api-caller";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { createAuditRun } from "@/lib/server/audit-runs/create-run";
import { listAuditRuns } from "@/lib/server/audit-runs/get-run";
import { parseJsonText } from "@/lib/validation/parse-json";
import {
  auditRunListSchema,
  createRunBodySchema,
  createdAuditRunSchema,
  listRunsQuerySchema,
} from "@/lib/contracts/audit-runs";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/runs - launch an in-house audit run {benchmark, model, harness, repos?, budget?, ...} (admins; audit-logged)
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 64 * 1024), "The request body");
  return respond(
    createdAuditRunSchema,
    await createAuditRun(caller.id, parseOrThrow(createRunBodySchema, body, "The run")),
    202,
  );
});

// GET /api/v1/admin/runs?page=&per_page= - in-house runs, newest first (admins)
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(
    auditRunListSchema,
    await listAuditRuns(
      parseOrThrow(listRunsQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query"),
    ),
  );
});
