import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { API_ROUTES, UNDOCUMENTED_ROUTE_FILES } from "./api-routes";
import { buildOpenApiDocument } from "./openapi-document";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Every `route.ts` under app/api with the methods it exports, as `get /api/v1/submissions/{id}`. */
function routesInApp(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const file = path.relative(ROOT, full);
        if ((UNDOCUMENTED_ROUTE_FILES as readonly string[]).includes(file)) continue;
        const urlPath =
          "/" +
          path
            .dirname(file)
            .replace(/^app\//, "")
            .replace(/\[([^\]]+)\]/g, "{$1}");
        const source = readFileSync(full, "utf8");
        for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g))
          found.push(`${method!.toLowerCase()} ${urlPath}`);
      }
    }
  };
  walk(path.join(ROOT, "app", "api"));
  return found.sort();
}

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument() as {
    openapi: string;
    paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
  };

  it("is a valid OpenAPI 3.1 document (the OpenAPI Initiative's JSON Schema)", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // Ajv resolves the schema's `$dynamicRef: "#meta"` wrongly (it lands on the enclosing object); without a dialect
    // extension it means the plain Schema Object definition, which a `$ref` says directly.
    const oas = readFileSync(path.join(ROOT, "tests", "fixtures", "openapi-3.1.schema.json"), "utf8").replaceAll(
      '"$dynamicRef": "#meta"',
      '"$ref": "#/$defs/schema"',
    );
    const validate = ajv.compile(JSON.parse(oas));
    const ok = validate(document);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 5))).toEqual([]);
    expect(ok).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    // Every component compiles as JSON Schema 2020-12 (what 3.1 uses), so clients can validate answers with it.
    const withId = { ...document, $id: "https://probebench.com/openapi.json" };
    ajv.addSchema(withId);
    const components = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    for (const name of Object.keys(components))
      expect(
        () => ajv.getSchema(`https://probebench.com/openapi.json#/components/schemas/${name}`),
        name,
      ).not.toThrow();
  }, 60_000);

  it("covers every route and method under app/api, and lists nothing that does not exist", () => {
    const all = Object.entries(document.paths)
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`))
      .sort();
    // A download's `.csv` twin is served by its JSON route (server/server.ts rewrites it to format=csv).
    const twins = all.filter((op) => op.endsWith(".csv"));
    const documented = all.filter((op) => !op.endsWith(".csv"));
    expect(twins.map((op) => op.slice(0, -".csv".length))).toEqual(
      API_ROUTES.filter((r) => r.success.csv)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    expect(documented).toEqual(routesInApp());
    expect(API_ROUTES.length).toBe(documented.length);
  });

  it("answers every status a route can give with the error shape, and names the token scopes", () => {
    const submission = document.paths["/api/v1/submissions"]!.post!;
    expect(Object.keys(submission.responses)).toEqual(
      expect.arrayContaining(["202", "400", "401", "403", "409", "413", "422", "429", "500", "503"]),
    );
    expect(submission.security).toEqual([{ bearerToken: ["submit"] }, { session: [] }]);
    expect(Object.keys(document.paths["/api/v1/admin/submissions/{id}/review"]!.post!.responses)).toEqual(
      expect.arrayContaining(["401", "403", "404", "409", "422"]),
    );
    for (const [p, methods] of Object.entries(document.paths)) {
      for (const [m, op] of Object.entries(methods)) expect(op.responses["500"], `${m} ${p}`).toBeDefined();
    }
  });
});

describe("what third-party OpenAPI tools require of the document", () => {
  const document = buildOpenApiDocument() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: { type?: unknown } }[] }>>;
    webhooks: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  };

  it("gives every answer one media type: a download's CSV is its own operation, and servers is a URL", () => {
    const all = buildOpenApiDocument() as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    expect(new URL(all.servers[0]!.url).origin).toBe("http://localhost:3000");
    const board = all.paths["/api/v1/leaderboard"]!.get!.responses["200"]!.content!;
    expect(Object.keys(board)).toEqual(["application/json"]);
    const csv = all.paths["/api/v1/leaderboard.csv"]!.get!;
    expect(Object.keys(csv.responses["200"]!.content!)).toEqual(["text/csv"]);
    // The twin takes the JSON route's query without its `format` choice.
    expect((csv as unknown as { parameters: { name: string }[] }).parameters.map((p) => p.name)).not.toContain(
      "format",
    );
  });

  it("types no query parameter as null (a query string cannot carry null)", () => {
    const nullable = Object.entries(document.paths).flatMap(([p, ops]) =>
      Object.entries(ops).flatMap(([m, op]) =>
        (op.parameters ?? [])
          .filter((q) => Array.isArray(q.schema.type) && q.schema.type.includes("null"))
          .map((q) => `${m} ${p} ${q.name}`),
      ),
    );
    expect(nullable).toEqual([]);
  });

  it("gives every webhook an operationId and an explicit (empty) security requirement", () => {
    const operations = Object.values(document.webhooks).flatMap((ops) => Object.values(ops));
    expect(operations.length).toBeGreaterThanOrEqual(7);
    for (const op of operations) {
      expect(op.operationId).toMatch(/^webhook[A-Z]/);
      expect(op.security).toEqual([]);
    }
  });
});
