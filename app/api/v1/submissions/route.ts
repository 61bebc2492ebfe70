import { env } from "@/lib/env";
import { requireApiCaller } from "@/lib/server/http/auth";
import { readBodyText } from "@/lib/server/http/read-body";
import { json, withErrors } from "@/lib/server/http/respond";
import { createSubmission, parseFindingsFile } from "@/lib/server/submissions/create-submission";

export const dynamic = "force-dynamic";

// POST /api/v1/submissions - upload a findings file (Bearer token); 202 {id, status} and scoring is queued
export const POST = withErrors(async (request: Request) => {
  const caller = await requireApiCaller(request);
  const file = parseFindingsFile(await readBodyText(request, env.UPLOAD_MAX_BYTES));
  const created = await createSubmission(file, caller.id);
  return json(created, 202, { location: `/api/v1/submissions/${created.id}` });
});
