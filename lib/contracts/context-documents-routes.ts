import { type ApiRoute, bodyJson, STAFF_READ } from "./route-kit";
import { contextDocumentSchema, contextPath, putContextBodySchema } from "./context-documents";
import { planQuerySchema } from "./public-reads";

// A repository's audit and panel context documents (staff).
export const contextDocumentsRoutes = {
  getRepositoriesOwnerNameContextKind: {
    method: "get",
    path: "/api/v1/repositories/{owner}/{name}/context/{kind}",
    tag: "Staff",
    summary: "A repository's audit or panel context document",
    auth: STAFF_READ,
    params: contextPath,
    query: planQuerySchema,
    success: { status: 200, schema: contextDocumentSchema, description: "The document (text null when none)" },
    errors: [404],
  },
  putRepositoriesOwnerNameContextKind: {
    method: "put",
    path: "/api/v1/repositories/{owner}/{name}/context/{kind}",
    tag: "Staff",
    summary: "Replace a context document (audit-logged)",
    auth: { kind: "session", roles: ["maintainer", "admin"] },
    params: contextPath,
    query: planQuerySchema,
    body: bodyJson(putContextBodySchema),
    success: { status: 200, schema: contextDocumentSchema, description: "The stored document" },
    errors: [400, 404, 413],
  },
} satisfies Record<string, ApiRoute>;
