/**
 * The Drizzle table of a new resource, `db/schema/<name>.ts`: company-owned rows (deleted with
 * their company, as its files are) with an index behind the tenant rule and each sortable column.
 */
import type { Names } from "./names.ts";

export function tableModule(n: Names): string {
  return `/**
 * ${n.Words} (${n.page}): each belongs to a company, and goes with it when the company is
 * deleted. The tenant rule reads company_id; the list sorts by id, label or created_at.
 */
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { companies } from "./admin.ts";

export const ${n.camel} = pgTable("${n.name}", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  companyId: integer().notNull().references(() => companies.id, { onDelete: "cascade" }),
  label: text().notNull(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  index("${n.name}_company_idx").on(t.companyId),
  index("${n.name}_label_idx").on(t.label),
  index("${n.name}_created_idx").on(t.createdAt),
]);
`;
}
