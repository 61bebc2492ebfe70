import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // fmin's ES sources import without file extensions, which Node's loader refuses; Vite resolves them when inlined
    // (the worker runs under tsx, which resolves them too).
    server: { deps: { inline: ["fmin"] } },
    reporters: ["default", ["json", { outputFile: "test-artifacts/vitest.json" }]],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "cli/**/*.test.ts",
            "worker/**/*.test.ts",
            "scripts/**/*.test.ts",
            "components/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
