import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import AuditList, { type AuditListProps } from "../../islands/administration/audit/AuditList.tsx";
import {
  AUDIT_TABLE_DEFAULTS,
  auditFindBody,
} from "../../islands/administration/audit/audit_api.ts";
import { AuditFindRequestSchema } from "../../openapi/schemas/audit/audit.ts";
import { findAudit } from "../../server/services/audit/read.ts";

const auditRoute: PageRoute<AuditListProps> = {
  pattern: "/administration/audit",
  title: "Audit trail",
  summary: "Who changed what, when and from where: every change, sign-in and sign-out.",
  admin: true,
  parent: "/administration",
  load: ({ deps, url, scope }) =>
    firstPage(
      url,
      AUDIT_TABLE_DEFAULTS,
      AuditFindRequestSchema,
      (req) => findAudit(deps.db, scope, req),
      {},
      auditFindBody,
    ),
  view: ({ data }) => <Island of={AuditList} props={data} />,
};

export default [auditRoute] satisfies AnyPageRoute[];
