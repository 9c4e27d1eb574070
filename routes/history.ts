/** A detail page's History section, its first page loaded with the page (issue 40). */
import type { Db } from "../db/client.ts";
import type { Scope } from "../server/services/tenancy.ts";
import { findAudit } from "../server/services/audit/read.ts";
import { rowsOf } from "../islands/kit/table/finder.ts";
import {
  HISTORY_TABLE_DEFAULTS,
  type HistoryOf,
} from "../islands/administration/audit/audit_api.ts";
import type { History } from "../islands/administration/audit/history_table.tsx";

export async function historyOf(db: Db, scope: Scope, of: HistoryOf): Promise<History> {
  const first = await findAudit(db, scope, {
    filter: of,
    sorting: { field: "at", direction: "desc" },
    count: HISTORY_TABLE_DEFAULTS.count,
    page: 1,
  });
  return { of, first: rowsOf(first) };
}
