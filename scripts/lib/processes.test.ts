import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, WORKER_NODE_ARGS, WORKER_V8_FLAGS } from "./processes";

// The scoring worker's V8 flags are part of how it meets its event-loop target (processes.ts says why), so every way
// of starting it, and the bench that measures it, must pass them.
describe("WORKER_V8_FLAGS", () => {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts;

  it("are passed by the npm scripts that run scoring (the worker, and bench:score, which scores in-process)", () => {
    for (const name of ["worker", "bench:score"]) {
      for (const flag of WORKER_V8_FLAGS) expect(scripts[name], `npm run ${name}`).toContain(flag);
    }
  });

  it("are passed to every spawned worker process", () => {
    expect(WORKER_NODE_ARGS).toEqual(expect.arrayContaining(WORKER_V8_FLAGS));
    for (const file of ["scripts/demo.ts", "tests/support/global-setup.ts", "tests/support/fault-harness.ts"]) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      expect(source, file).toMatch(/\[\.\.\.WORKER_NODE_ARGS, [^\]]*worker\/index\.ts"\)?\]/);
    }
  });
});
