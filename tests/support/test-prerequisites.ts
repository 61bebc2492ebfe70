import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

// Before the suite, as root on a machine that lacks something the tests need (Chromium, nginx, openssl, bubblewrap,
// or PostgreSQL / Redis at their default addresses): runs scripts/test-prerequisites.sh, as .ci/run does, so
// `npm ci && npm test` on a fresh Debian machine needs no other step. Elsewhere the tests that need a missing piece
// fail and name it.

const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

export async function ensureTestPrerequisites(
  root: string,
  services: { postgres: () => Promise<boolean>; redis: () => Promise<boolean> },
): Promise<void> {
  if (process.getuid?.() !== 0 || process.env.CI === "true") return; // .ci/run has run the script already
  const missing = [
    ...["chromium", "bwrap", "openssl", "redis-server", "pg_ctlcluster"].filter((c) => !has(c)),
    ...(existsSync("/usr/sbin/nginx") ? [] : ["nginx"]),
    ...(process.env.TEST_DATABASE_URL || (await services.postgres()) ? [] : ["PostgreSQL on 127.0.0.1:5432"]),
    ...(process.env.TEST_REDIS_URL || (await services.redis()) ? [] : ["Redis on 127.0.0.1:6379"]),
  ];
  if (missing.length === 0) return;
  console.log(`Missing for the tests: ${missing.join(", ")}; running scripts/test-prerequisites.sh ...`);
  const result = spawnSync(path.join(root, "scripts", "test-prerequisites.sh"), {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) throw new Error(`scripts/test-prerequisites.sh failed (exit ${result.status})`);
}
