import { requireCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { getContextDocument, putContextDocument } from "@/lib/server/context/context-documents";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";
import { contextDocumentSchema, contextKindSchema, putContextBodySchema } from "@/lib/contracts/context-documents";
import { planQuerySchema } from "@/lib/contracts/public-reads";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ owner: string; name: string; kind: string }> };

// GET /api/v1/repositories/{owner}/{name}/context/{audit|panel}?benchmark=slug@version - the repository's context document (maintainers, admins)
export const GET = withErrors(async (request: Request, context: Context) => {
  const { owner, name, kind } = await context.params;
  await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  const query = parseOrThrow(planQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  const contextKind = parseOrThrow(contextKindSchema, kind, "The document kind");
  return respond(contextDocumentSchema, await getContextDocument(query.benchmark, `${owner}/${name}`, contextKind));
});

// PUT /api/v1/repositories/{owner}/{name}/context/{audit|panel}?benchmark=slug@version - replace the text {text, reason?} (maintainers, admins; audit-logged)
export const PUT = withErrors(async (request: Request, context: Context) => {
  const { owner, name, kind } = await context.params;
  // A browser session only: tokens carry no maintainer scope, and a leaked upload token must not rewrite what auditors read.
  const caller = await requireCaller(request, { access: "write", roles: ["maintainer", "admin"], tokens: "none" });
  const query = parseOrThrow(planQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  const body = parseJsonText(await readBodyText(request, 512 * 1024), "The request body");
  const contextKind = parseOrThrow(contextKindSchema, kind, "The document kind");
  const edit = parseOrThrow(putContextBodySchema, body, "The context document");
  return respond(
    contextDocumentSchema,
    await putContextDocument(caller.id, query.benchmark, `${owner}/${name}`, contextKind, edit),
  );
});
