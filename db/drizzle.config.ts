import { defineConfig } from "drizzle-kit";

// drizzle-kit only reads the schema and writes SQL; it never connects to a database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/mod.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
