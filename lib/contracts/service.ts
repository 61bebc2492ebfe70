import { z } from "zod";

// The service's own routes: liveness and the OpenAPI document.

export const healthSchema = z.object({ ok: z.literal(true) }).meta({ id: "Health" });

export const openApiDocumentSchema = z.looseObject({ openapi: z.string() });
