import { defineConfig } from "prisma/config";

// The CLI is only used for `prisma generate` here; migrations run through scripts/migrate.ts (offline engine).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
