import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Tests run server modules in plain Node: "server-only" resolves to its empty module there, as it does on the server.
  resolve: { alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") } },
  test: {
    reporters: ["default", ["json", { outputFile: "test-artifacts/vitest.json" }]],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["lib/**/*.test.ts", "cli/**/*.test.ts", "worker/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"], environment: "node" },
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
