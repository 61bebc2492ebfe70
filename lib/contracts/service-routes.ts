import { type ApiRoute, PUBLIC, ok, routeList } from "./route-kit";
import { healthSchema, openApiDocumentSchema } from "./service";

// The service's own routes: the OpenAPI document and liveness.
const { get } = routeList({ tag: "Service", auth: PUBLIC });

export const serviceRoutes = {
  getOpenapiJson: get("/api/v1/openapi.json", "This OpenAPI 3.1 document", ok(openApiDocumentSchema, "The document")),
  getHealth: get("/api/health", "Liveness plus a database round trip", ok(healthSchema, "Up")),
} satisfies Record<string, ApiRoute>;
