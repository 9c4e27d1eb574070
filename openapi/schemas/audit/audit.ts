/**
 * The audit trail (issue 40, docs/decisions/0024-audit-trail.md): who changed what, when and from
 * where. An entry is one row a signed-in user's operation inserted, changed or deleted (or an
 * event that changes no audited row: a sign-in, a failed one, a sign-out), with the fields that
 * changed, before and after; a secret field only says that it changed.
 */
import { z } from "zod";
import { findRequestSchema, findResponseSchema, idFilter } from "../find.ts";
import { textFilter } from "../common.ts";
import { timeBound } from "../time_bounds.ts";

import { AUDIT_SORT_FIELDS, AUDITED_TABLES } from "./audited_tables.ts";

const AuditChangeSchema = z.union([
  z.object({ changed: z.literal(true) }).meta({
    description: "A secret (a password, a token): only that it changed, never its value",
  }),
  z.object({ before: z.unknown().optional(), after: z.unknown().optional() }).meta({
    description: "The field's value before and after (an insert has no before, a delete no after)",
  }),
]);

const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime().meta({ description: "When the change's transaction began (UTC)" }),
  user: z.object({
    key: z.number().int().nullable(),
    login: z.string().nullable(),
    name: z.string().nullable(),
  }).nullable().meta({
    description: "Who: null for a client when it was a user of another company (an operator)",
  }),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({
    description: "The company of who did it (null: unknown, or hidden from a client)",
  }),
  clientAddress: z.string().nullable().meta({
    description: "From where (behind TRUST_PROXY, the forwarded address); hidden like `user`",
  }),
  operation: z.string().meta({ description: "The contract's operationId" }),
  action: z.string().meta({
    description: "insert, update, delete, or the event: sign-in, sign-in failed, sign-out…",
  }),
  rowTable: z.string().nullable(),
  rowId: z.string().nullable().meta({
    description: "The row's primary key (its columns' values joined by '/')",
  }),
  rowCompany: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({
    description: "The company the row belongs to (null: administrators' data, or deleted since)",
  }),
  changes: z.record(z.string(), AuditChangeSchema).meta({
    description: "The fields that changed (column names as stored)",
  }),
}).meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** A time bound typed in a filter box (a day: `to` takes the whole day). */
const timeFilter = (label: string, end: boolean) =>
  timeBound(label, end, end ? "entries before it" : "entries from it");

const AuditFilterSchema = z.object({
  userKey: idFilter("User key").optional().meta({
    description: "Who: exactly this user (its key)",
  }),
  user: textFilter("User").meta({ description: "Who: a part of the login or name (any case)" }),
  company: textFilter("Company").meta({
    description: "Entries about the rows of the companies whose name contains it (any case)",
  }),
  operation: textFilter("Operation").meta({
    description: "A part of the operationId (any case)",
  }),
  rowTable: z.enum(AUDITED_TABLES, {
    error: `Table must be one of ${AUDITED_TABLES.join(", ")}`,
  }).optional(),
  rowId: textFilter("Row").meta({
    description: "The row's key exactly; with rowTable, the row's history (`total` counts it)",
  }),
  from: timeFilter("From", false).optional(),
  to: timeFilter("To", true).optional(),
}).strict().meta({ id: "AuditFilter" });

export const AuditFindRequestSchema = findRequestSchema(
  "AuditFindRequest",
  AuditFilterSchema,
  AUDIT_SORT_FIELDS,
  "at descending (newest first)",
);
export type AuditFindRequest = z.output<typeof AuditFindRequestSchema>;

export const AuditFindResponseSchema = findResponseSchema(
  "AuditFindResponse",
  AuditEntrySchema,
  "entry",
);
export type AuditFindResponse = z.infer<typeof AuditFindResponseSchema>;
