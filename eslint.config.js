// ESLint (flat config): TypeScript, React hooks and Next's rules, plus import boundaries that encode the architecture
// (docs/architecture.md, "Layout"). `npm run lint` checks; formatting is Prettier's (`npm run format:check`).
import path from "node:path";
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Modules and packages that do I/O or hold secrets: pure folders may not import them.
const IO_MODULES = [
  "**/lib/db",
  "**/lib/env",
  "**/lib/pg-pool",
  "**/lib/queue/**",
  "**/lib/server/**",
  "**/lib/observability/log",
  "**/lib/sandbox/**",
];
const IO_PACKAGES = [
  "pg",
  "ioredis",
  "bullmq",
  "openai",
  "@prisma/adapter-pg",
  "@prisma/client",
  "dockerode",
  "next-auth",
  "pino",
  "prom-client",
  "node:fs",
  "node:fs/promises",
  "fs",
  "fs/promises",
  "node:child_process",
  "child_process",
  "node:net",
  "node:http",
  "node:https",
];
const UPWARD = {
  app: ["**/app/**", "@/app/**"],
  components: ["**/components/**", "@/components/**"],
  worker: ["**/worker/**", "@/worker/**"],
  server: ["**/server/server", "**/server/page-cache", "@/server/**"],
};

// The ranks of lib/ (docs/architecture.md, "Ranks of lib/"), lowest first. A unit is a file at the top of lib/, a
// folder of lib/, or a folder (or file) of lib/server. A unit imports only units of lower ranks, and, within its own
// rank, units listed before it: so no import runs upward and no two units import each other. A new folder gets its
// place here and in the docs.
const LIB_RANKS = [
  [
    "base",
    ["process-globals", "zod-messages", "errors", "format", "hash", "steps", "secret-box", "env", "blinding-key"],
  ],
  ["validation (file formats)", ["validation"]],
  ["contracts (wire shapes)", ["contracts"]],
  [
    "pure domain",
    [
      "scoring",
      "planner",
      "charts",
      "webhooks",
      "auth",
      "analyses",
      "attribution",
      "panel",
      "workbench",
      "leaderboard",
      "datasheet",
      "grading",
      "benchmark-build",
    ],
  ],
  [
    "adapters",
    [
      "generated",
      "observability",
      "thread-client",
      "pg-pool",
      "db",
      "db-selects",
      "queue",
      "api-client",
      "snapshots",
      "llm",
      "sandbox",
      "agent",
      "embeddings",
    ],
  ],
  [
    "server (use cases)",
    [
      "server/health",
      "server/bulk-insert",
      "server/judge-verdicts",
      "server/scoring",
      "server/audit-log",
      "server/rate-limit",
      "server/pagination",
      "server/tokens",
      "server/webhooks",
      "server/http",
      "server/public-reads",
      "server/users",
      "server/attribution",
      "server/auth",
      "server/route-handler",
      "server/context",
      "server/datasheet",
      "server/panel",
      "server/benchmarks",
      "server/metrics",
      "server/grading",
      "server/snapshots",
      "server/submissions",
      "server/workbench",
      "server/analyses",
      "server/audit-runs",
      "server/reported",
      "server/admin",
      "server/leaderboard",
      "server/benchmark-builds",
    ],
  ],
];
const LIB_ROOT = path.join(import.meta.dirname, "lib");
const UNIT_PLACE = new Map(
  LIB_RANKS.flatMap(([rank, units], r) => units.map((unit, order) => [unit, { rank, r, order }])),
);

/** The unit of a file under lib/ (`server/users`, `scoring`, `env`), or null outside lib/. */
function libUnit(file) {
  const rel = path.relative(LIB_ROOT, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep).map((p, i, all) => (i === all.length - 1 ? p.replace(/\.(ts|tsx)$/, "") : p));
  return parts[0] === "server" && parts.length > 1 ? `server/${parts[1]}` : parts[0];
}

const libRanksPlugin = {
  rules: {
    rank: {
      meta: { type: "problem", schema: [], docs: { description: "lib/ units import only lower ranks" } },
      create(context) {
        const from = libUnit(context.filename);
        if (!from) return {};
        const place = UNIT_PLACE.get(from);
        const check = (node) => {
          const spec = node.source && node.source.value;
          if (typeof spec !== "string" || !spec.startsWith(".")) return;
          const to = libUnit(path.resolve(path.dirname(context.filename), spec));
          if (!to || to === from) return;
          if (!place) {
            context.report({ node, message: `lib/${from} has no rank: place it in LIB_RANKS (eslint.config.js).` });
            return;
          }
          const target = UNIT_PLACE.get(to);
          if (!target) {
            context.report({ node, message: `lib/${to} has no rank: place it in LIB_RANKS (eslint.config.js).` });
          } else if (target.r > place.r || (target.r === place.r && target.order >= place.order)) {
            context.report({
              node,
              message: `lib/${from} (${place.rank}) may not import lib/${to} (${target.rank}${target.r === place.r ? ", listed after it" : ", a higher rank"}): move the shared part down (docs/architecture.md, "Ranks of lib/").`,
            });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

// The database client (lib/db's `db` and `Tx`, lib/pg-pool, a PrismaClient of its own, the pg driver) is imported only
// by lib/server, where data access lives, and by the job claims: the fenced claim, lease and reconciler of worker/jobs
// and each feature's claim-*.ts, whose token checks must run in the statement or transaction that writes the row
// (docs/architecture.md, "Data access"). `disconnectDb` (closing the pool at exit) and the `Prisma` namespace (SQL
// fragments, JSON nulls, input types) are not the client.
const DATABASE_MODULES = new Map([
  [path.join(LIB_ROOT, "db"), new Set(["disconnectDb"])],
  [path.join(LIB_ROOT, "pg-pool"), new Set()],
  [path.join(LIB_ROOT, "generated", "prisma", "client"), null],
]);
const DATABASE_PACKAGES = new Set(["pg", "@prisma/adapter-pg", "@prisma/client"]);

/** The module a specifier names, as an absolute path without extension, or the package name. */
function importTarget(filename, spec) {
  if (spec.startsWith("@/")) return path.join(import.meta.dirname, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(filename), spec).replace(/\.(ts|tsx|js)$/, "");
  return spec;
}

/** The names `const { a, b } = await import(...)` takes; "*" when the module is kept whole. */
function destructuredNames(node) {
  const declarator = node.parent?.type === "AwaitExpression" ? node.parent.parent : null;
  if (declarator?.type !== "VariableDeclarator" || declarator.id.type !== "ObjectPattern") return ["*"];
  return declarator.id.properties.map((p) => (p.type === "Property" && p.key.type === "Identifier" ? p.key.name : "*"));
}

const dataAccessPlugin = {
  rules: {
    "database-client": {
      meta: {
        type: "problem",
        schema: [],
        docs: { description: "only lib/server and the job claims import the database client" },
      },
      create(context) {
        const report = (node, what) =>
          context.report({
            node,
            message: `${what} is the database client: only lib/server and the job claims import it. Read and write through a lib/server store (docs/architecture.md, "Data access").`,
          });
        const check = (node) => {
          const spec = node.source && node.source.value;
          if (typeof spec !== "string") return;
          const target = importTarget(context.filename, spec);
          if (DATABASE_PACKAGES.has(target)) return report(node, `"${spec}"`);
          if (!DATABASE_MODULES.has(target)) return;
          const allowed = DATABASE_MODULES.get(target);
          const names =
            node.type === "ImportDeclaration"
              ? node.specifiers.map((s) => (s.type === "ImportSpecifier" ? s.imported.name : "*"))
              : node.type === "ExportNamedDeclaration"
                ? node.specifiers.map((s) => s.local.name)
                : node.type === "ImportExpression"
                  ? destructuredNames(node)
                  : ["*"];
          // The generated client: only PrismaClient itself (or the whole module) is the client.
          const forbidden =
            allowed === null
              ? names.filter((n) => n === "PrismaClient" || n === "*")
              : names.filter((n) => !allowed.has(n));
          if (forbidden.length > 0) report(node, `${forbidden.join(", ")} of "${spec}"`);
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

/** A no-restricted-imports rule forbidding `groups` (glob patterns), with `message`. */
function forbid(...groups) {
  return ["error", { patterns: groups.map(({ group, message }) => ({ group, message })) }];
}

const libBoundary = {
  group: [...UPWARD.app, ...UPWARD.components, ...UPWARD.worker, ...UPWARD.server],
  message: "lib/ is shared code: it never imports app/, components/, worker/ or server/.",
};
const pureBoundary = {
  group: [...IO_MODULES, ...IO_PACKAGES],
  message:
    "A pure folder (lib/scoring, lib/planner, lib/validation, ...) does no I/O: move the I/O to lib/server/<domain> or worker/ and pass data in.",
};
const aliasInWeb = {
  regex: "^\\.\\./",
  message: "In app/ and components/, import other folders with `@/` paths (one import style per layer).",
};
const aliasOnlyInWeb = {
  group: ["@/*"],
  message: "Outside app/ and components/, import with relative paths (one import style per layer).",
};

export default tseslint.config(
  {
    ignores: [
      "lib/generated/**",
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      "test-artifacts/**",
      "public/**",
      "data/**",
      "tests/fixtures/**",
      "next-env.d.ts",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/consistent-type-imports": [
        "warn",
        { prefer: "type-imports", fixStyle: "inline-type-imports" },
      ],
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "no-console": "warn",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // Our <a> elements to /api/... and /schemas/... are downloads of data, not pages; the rule reads them as pages.
      "@next/next/no-html-link-for-pages": "off",
      // Client state restored from the URL, storage or a finished stream after hydration is set in effects on purpose.
      "react-hooks/set-state-in-effect": "off",
      // TanStack Table's hooks are known to the React Compiler as incompatible; this app does not use the compiler.
      "react-hooks/incompatible-library": "off",
    },
  },
  // Web code imports with `@/` paths; `./` reaches only the same folder.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [aliasInWeb] }] },
  },
  // Components are presentational: they read through props and server actions, not the database or the worker.
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...UPWARD.app, ...UPWARD.worker, ...UPWARD.server],
              message: "components/ never imports app/, worker/ or server/.",
            },
            aliasInWeb,
          ],
        },
      ],
    },
  },
  { files: ["lib/**/*.ts"], rules: { "no-restricted-imports": forbid(libBoundary, aliasOnlyInWeb) } },
  {
    files: ["lib/**/*.ts"],
    ignores: ["**/*.test.ts", "lib/generated/**"],
    plugins: { "lib-ranks": libRanksPlugin },
    rules: { "lib-ranks/rank": "error" },
  },
  {
    files: [
      "lib/contracts/**/*.ts",
      "lib/scoring/**/*.ts",
      "lib/planner/**/*.ts",
      "lib/validation/**/*.ts",
      "lib/leaderboard/**/*.ts",
      "lib/charts/**/*.ts",
      "lib/workbench/**/*.ts",
      "lib/datasheet/**/*.ts",
      "lib/format.ts",
      "lib/errors.ts",
    ],
    // grammars.ts reads the tree-sitter grammars' wasm files shipped in node_modules: the planner's one fixed input.
    ignores: ["**/*.test.ts", "lib/planner/grammars.ts"],
    rules: { "no-restricted-imports": forbid(libBoundary, pureBoundary, aliasOnlyInWeb) },
  },
  {
    files: ["worker/**/*.ts"],
    rules: {
      "no-restricted-imports": forbid(
        {
          group: [...UPWARD.app, ...UPWARD.components, ...UPWARD.server],
          message: "worker/ never imports app/, components/ or server/.",
        },
        aliasOnlyInWeb,
      ),
    },
  },
  {
    files: ["server/**/*.ts", "cli/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts"],
    rules: { "no-restricted-imports": forbid(aliasOnlyInWeb) },
  },
  // Data access lives in lib/server (and the job claims): see dataAccessPlugin above. Tests and the scripts (tools
  // that seed, migrate and measure) reach the database directly.
  {
    files: ["**/*.{ts,tsx}"],
    ignores: [
      "lib/server/**",
      "lib/db.ts",
      "lib/pg-pool.ts",
      "lib/generated/**",
      "worker/jobs/fenced-row.ts",
      "worker/jobs/lease.ts",
      "worker/jobs/reconcile.ts",
      "worker/**/claim-*.ts",
      "tests/**",
      "scripts/**",
      "**/*.test.ts",
    ],
    plugins: { "data-access": dataAccessPlugin },
    rules: { "data-access/database-client": "error" },
  },
  // Test doubles stand in for loosely typed wire formats (the Docker API, raw JSON answers).
  {
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/consistent-type-imports": "off" },
  },
  // User-facing output of the CLI and the scripts is their stdout/stderr; the app logs through lib/observability/log.
  {
    files: ["cli/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts", "bin/**/*.js", "**/*.test.ts", "app/error.tsx"],
    rules: { "no-console": "off" },
  },
);
