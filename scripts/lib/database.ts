import pg from "pg";
import { run } from "./processes";

/** Drops and recreates a database (for tests), connecting to the server's `postgres` database. */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to recreate database with unusual name ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** Creates the database if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Applies the migrations to `url`: every one, or those up to `upTo` (a migration folder's name). */
export async function migrate(url: string, quiet = true, upTo?: string): Promise<string> {
  const args = ["--no-warnings", "--experimental-wasm-modules", "scripts/migrate.mjs"];
  return run(process.execPath, upTo === undefined ? args : [...args, "--to", upTo], {
    env: { DATABASE_URL: url },
    quiet,
  });
}

export async function canConnect(url: string): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
