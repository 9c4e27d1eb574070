import { timestamp } from "drizzle-orm/pg-core";

/** A timestamp with time zone read as a Date. */
export const tstz = (name?: string) =>
  name
    ? timestamp(name, { withTimezone: true, mode: "date" })
    : timestamp({ withTimezone: true, mode: "date" });

/** created_at / updated_at pair carried by most editable rows. */
export const auditTimes = () => ({
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
});
