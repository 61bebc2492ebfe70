import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/api-reference";
import { API_ROUTES } from "@/lib/contracts/api-routes";
import type { ApiRoute } from "@/lib/contracts/route-kit";

export const metadata: Metadata = { title: "API reference" };

/** Who may call a route, in a few words (the reference itself says it in full per operation). */
function authWords(auth: ApiRoute["auth"]): string {
  if (auth.kind === "public" || auth.kind === "same-origin") return "public";
  if (auth.kind === "optional") return "public; a token shows more";
  if (auth.kind === "session") return auth.roles ? `session, ${auth.roles.join(" or ")}` : "session";
  const roles = auth.roles ? `, ${auth.roles.join(" or ")}` : "";
  return `token: ${auth.scopes.join(" or ")}${roles}`;
}

/**
 * Every operation by tag, rendered on the server: the page has its content at first paint (and without scripts);
 * the interactive reference replaces it once loaded.
 */
function OperationIndex() {
  const tags = [...new Set(API_ROUTES.map((r) => r.tag))];
  return (
    <div className="prose api-index" data-testid="api-index">
      <p className="muted">Loading the interactive reference; every operation in brief:</p>
      {tags.map((tag) => (
        <section key={tag} aria-label={tag}>
          <h2>{tag}</h2>
          <ul>
            {API_ROUTES.filter((r) => r.tag === tag).map((r) => (
              <li key={`${r.method} ${r.path}`}>
                <code>{`${r.method.toUpperCase()} ${r.path}`}</code> {r.summary}{" "}
                <span className="muted small">({authWords(r.auth)})</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

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
          webhooks are explained on the <Link href="/submit">submit page</Link>.
        </p>
      </div>
      <section aria-label="Operations">
        <ApiReference>
          <OperationIndex />
        </ApiReference>
      </section>
    </div>
  );
}
