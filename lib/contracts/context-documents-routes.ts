import { type ApiRoute, bodyJson, STAFF_READ, ok, routeList } from "./route-kit";
import { contextDocumentSchema, contextPath, putContextBodySchema } from "./context-documents";
import { planQuerySchema } from "./public-reads";

// A repository's audit and panel context documents (staff).
const { get, put } = routeList({
  tag: "Staff",
  auth: { read: STAFF_READ, write: { kind: "session", roles: ["maintainer", "admin"] } },
});

export const contextDocumentsRoutes = {
  getRepositoriesOwnerNameContextKind: get(
    "/api/v1/repositories/{owner}/{name}/context/{kind}",
    "A repository's audit or panel context document",
    ok(contextDocumentSchema, "The document (text null when none)"),
    { params: contextPath, query: planQuerySchema },
  ),
  putRepositoriesOwnerNameContextKind: put(
    "/api/v1/repositories/{owner}/{name}/context/{kind}",
    "Replace a context document (audit-logged)",
    ok(contextDocumentSchema, "The stored document"),
    { params: contextPath, query: planQuerySchema, body: bodyJson(putContextBodySchema), errors: [400] },
  ),
} satisfies Record<string, ApiRoute>;
