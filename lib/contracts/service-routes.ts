import { type ApiRoute } from "./route-kit";
import { healthSchema, openApiDocumentSchema } from "./service";

// The service's own routes: the OpenAPI document and liveness.
export const serviceRoutes = {
  getOpenapiJson: {
    method: "get",
    path: "/api/v1/openapi.json",
    tag: "Service",
    summary: "This OpenAPI 3.1 document",
    auth: { kind: "public" },
    success: { status: 200, schema: openApiDocumentSchema, description: "The document" },
  },
  getHealth: {
    method: "get",
    path: "/api/health",
    tag: "Service",
    summary: "Liveness plus a database round trip",
    auth: { kind: "public" },
    success: { status: 200, schema: healthSchema, description: "Up" },
  },
} satisfies Record<string, ApiRoute>;
