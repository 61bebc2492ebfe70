// Applies prisma/migrations/* to DATABASE_URL with Prisma's official WebAssembly schema engine, recording them in
// _prisma_migrations exactly as `prisma migrate deploy` does. The Prisma CLI's native engine cannot be downloaded
// on offline machines, so operators and CI use this instead. `--diff` prints the SQL that takes the migrations to
// the current schema.prisma from a previous schema file (`--diff --from old.prisma`) or from nothing.
//
// `--to <migration>` applies the migrations up to that one only (a database at an earlier release's schema, as the
// upgrade test builds).
//
// Run with: node --experimental-wasm-modules scripts/migrate.mjs [--to <migration>] [--diff [--from old-schema.prisma]]
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { SchemaEngine } from "@prisma/schema-engine-wasm";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const root = path.resolve(import.meta.dirname, "..");
const migrationsDir = path.join(root, "prisma", "migrations");
const schemaPath = path.join(root, "prisma", "schema.prisma");

/** The migrations in order; with `upTo`, only those up to that one (a database at an earlier release's schema). */
function loadMigrations(upTo) {
  const all = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  if (upTo !== undefined && !all.includes(upTo)) {
    console.error(`--to ${upTo}: no such migration in prisma/migrations`);
    process.exit(2);
  }
  const dirs = upTo === undefined ? all : all.filter((name) => name <= upTo);
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set: it must point at the PostgreSQL database to migrate.");
    process.exit(2);
  }
  const schema = readFileSync(schemaPath, "utf8");
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: url }));
  const log = (msg) => {
    if (process.env.MIGRATE_DEBUG) console.error(msg);
  };
  const engine = await SchemaEngine.new({ datamodels: [["schema.prisma", schema]] }, log, adapter);
  const filters = { externalTables: [], externalEnums: [] };
  try {
    if (process.argv.includes("--diff")) {
      // Diffing from the migrations directory needs a shadow database, which the wasm engine cannot describe
      // through the pg adapter; diff from the previous schema file instead (e.g. `git show HEAD:prisma/schema.prisma`).
      const fromIndex = process.argv.indexOf("--from");
      const fromFile = fromIndex > 0 ? process.argv[fromIndex + 1] : undefined;
      const result = await engine.diff({
        from: fromFile
          ? { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: readFileSync(fromFile, "utf8") }] }
          : { tag: "empty" },
        to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schema }] },
        script: true,
        exitCode: null,
        filters,
      });
      process.stdout.write(result.stdout ?? "");
      return;
    }
    const toIndex = process.argv.indexOf("--to");
    const upTo = toIndex > 0 ? process.argv[toIndex + 1] : undefined;
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList: loadMigrations(upTo), filters });
    console.log(
      appliedMigrationNames.length
        ? `Applied ${appliedMigrationNames.length} migration(s): ${appliedMigrationNames.join(", ")}`
        : "Database is up to date: no migration to apply.",
    );
  } finally {
    engine.free();
  }
}

main().catch((error) => {
  console.error("Migration failed:", error?.message ?? error);
  process.exit(1);
});
