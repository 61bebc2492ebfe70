import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/api-reference";

export const metadata: Metadata = { title: "API reference" };

// GET /docs/api - the API reference, rendered in the browser from the OpenAPI document the server generates.
export default function ApiReferencePage() {
  return (
    <div>
      <div className="prose">
        <h1>API reference</h1>
        <p>
          Every route of the HTTP API with its parameters, token scopes, answers and errors, generated from the schemas
          the server validates and answers with. The raw document is at{" "}
          <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1) for client generators; uploads and
          webhooks are explained in the <Link href="/submit-guide">submit guide</Link>.
        </p>
      </div>
      <section aria-label="Operations">
        <ApiReference />
      </section>
    </div>
  );
}
