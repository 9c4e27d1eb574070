/**
 * The /rest/audit calls (issue 40, docs/decisions/0024-audit-trail.md): the audit trail, read by
 * administrators whole and by clients about their own company's rows.
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  AuditFindRequestSchema,
  AuditFindResponseSchema,
} from "../../../openapi/schemas/audit/audit.ts";

export const find = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/audit/find",
  paged: true,
  summary: "Find audit entries (who changed what, when, from where)",
  description: "Every change a signed-in user's operation made to an audited row (one entry " +
    "per row: the operation, the row, the fields that changed before and after; a secret only " +
    "as changed), and the sign-ins, failed ones and sign-outs. Filter by user (key, or a part " +
    "of the login or name), the rows' company, operation, row (table and key: a row's history) " +
    "and time range; newest first. A client reads the entries about its own company's rows; " +
    "who made them, and from where, only when that was a user of its own company.",
  request: { body: jsonBody(AuditFindRequestSchema) },
  responses: {
    200: jsonResponse(AuditFindResponseSchema, "One page of entries, with the totals"),
  },
});
