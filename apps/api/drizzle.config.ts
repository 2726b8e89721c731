import { defineConfig } from "drizzle-kit";

// `npm run db:generate -w apps/api` writes SQL migrations
// to apps/api/drizzle/, which are committed and applied at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
