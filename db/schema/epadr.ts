/**
 * The EPADR robot's configuration (/management/epadr): one row (id 1). The robot reads enhanced
 * position/data reports arriving for Inmarsat C terminals from its source — a mailbox (0 SMTP) or
 * an FTP directory (1 FTP) — every `pollMinutes`, and hands them to the customers' routing in
 * `reportFormat`; `dnids` narrows it to those dnids (empty: every dnid). Its traffic is the robot
 * traffic of robot 'EPADR'.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { users } from "./admin.ts";

export const epadrConfig = pgTable("epadr_config", {
  /** Always 1: the robot has one configuration. */
  id: integer().primaryKey().default(1),
  enabled: boolean().notNull().default(false),
  /** ROBOT_TYPES: 0 SMTP (a mailbox), 1 FTP (a directory URL). */
  sourceType: integer().notNull().default(0),
  sourceAddress: text().notNull().default(""),
  pollMinutes: integer().notNull().default(5),
  /** EPADR_REPORT_FORMATS: 0 Raw, 1 CSV, 2 XML. */
  reportFormat: integer().notNull().default(0),
  /** The dnids the robot handles; empty: every dnid. */
  dnids: integer().array().notNull().default([]),
  updatedAt: tstz().notNull().defaultNow(),
  updatedByKey: integer().references(() => users.key, { onDelete: "set null" }),
}, (t) => [
  check("epadr_config_single_row", sql`${t.id} = 1`),
]);
