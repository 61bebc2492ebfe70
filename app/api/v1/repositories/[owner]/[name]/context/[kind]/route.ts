import { contextDocumentsRoutes } from "@/lib/contracts/context-documents-routes";
import { getContextDocument, putContextDocument } from "@/lib/server/context/context-documents";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}/context/{audit|panel}?benchmark=slug@version - the repository's context document (maintainers, admins)
export const GET = handle(
  contextDocumentsRoutes.getRepositoriesOwnerNameContextKind,
  ({ params, query }) => getContextDocument(query.benchmark, `${params.owner}/${params.name}`, params.kind),
  { path: "The document kind" },
);

// PUT /api/v1/repositories/{owner}/{name}/context/{audit|panel}?benchmark=slug@version - replace the text {text, reason?} (maintainers, admins; audit-logged).
// A browser session only: tokens carry no maintainer scope, and a leaked upload token must not rewrite what auditors read.
export const PUT = handle(
  contextDocumentsRoutes.putRepositoriesOwnerNameContextKind,
  ({ caller, params, query, body }) =>
    putContextDocument(caller.id, query.benchmark, `${params.owner}/${params.name}`, params.kind, body),
  { path: "The document kind", body: "The context document", maxBodyBytes: 512 * 1024 },
);
