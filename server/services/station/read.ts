/**
 * Reading LES traffic (station messages): a page of the traffic overview, one message, and the
 * /station landing page's counts. A client (scope of one company) reaches only its company's
 * messages (`station_messages.companyId`); another company's answers exactly like a missing one.
 * A message shows (and is found by) the recipient's label it was sent with (`recipientLabel`,
 * docs/decisions/0019), never the terminal's label of today, which may be another company's.
 */
import { and, count, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { stationMessages, users } from "../../../db/schema/mod.ts";
import { DEFAULT_LES, LES } from "../../../openapi/enums.ts";
import {
  isDeletableStationStatus,
  isFinalStationStatus,
  STATION_STATUS_FAMILIES,
  stationFamilyOf,
  type StationFindRequest,
  type StationFindResponse,
  type StationMessage,
  stationStatusLabel,
  type StationSummary,
} from "../../../openapi/schemas/station/station.ts";
import { notFound } from "../../errors.ts";
import { countsOf, findPage } from "../paging.ts";
import { contains } from "../text_search.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { eqIf } from "../sql_filters.ts";

/** 404 naming nothing of the message: a client never learns another company's reference. */
const stationMessageNotFound = () => notFound("Station message");

const m = stationMessages;

const columns = {
  refNum: m.refNum,
  listId: m.listId,
  groupId: m.groupId,
  itemId: m.itemId,
  les: m.les,
  recipient: m.recipient,
  recipientLabel: m.recipientLabel,
  carbonCopies: m.carbonCopies,
  format: m.format,
  text: m.text,
  size: m.size,
  status: m.status,
  sender: users.id,
  from: m.sender,
  replyTo: m.replyTo,
  companyId: m.companyId,
  attachmentName: m.attachmentName,
  attachmentSize: m.attachmentSize,
  notificationRecipients: m.notificationRecipients,
  notificationReference: m.notificationReference,
  notificationDate: m.notificationDate,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
};

const base = (db: Db) => db.select(columns).from(m).leftJoin(users, eq(users.key, m.userKey));

type Row = Awaited<ReturnType<typeof base>>[number];

const toStationMessage = (r: Row): StationMessage => ({
  ...r,
  status: r.status as StationMessage["status"],
  statusLabel: stationStatusLabel(r.status),
  final: isFinalStationStatus(r.status),
  deletable: isDeletableStationStatus(r.status),
  carbonCopies: r.carbonCopies ?? [],
  notificationRecipients: r.notificationRecipients ?? [],
  notificationDate: r.notificationDate?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const inList = (column: SQL | typeof m.status, values: readonly number[]) =>
  sql`${column} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

/**
 * POST /rest/station/find: one page of the LES traffic, newest first by default. `mine` narrows
 * to the caller's own messages (`userKey`).
 */
export async function findStationMessages(
  db: Db,
  scope: Scope,
  userKey: number,
  req: StationFindRequest,
): Promise<StationFindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: base(db).$dynamic(),
    count: (one) => db.select(one).from(m),
    scope: companyRows(scope, m.companyId),
    filters: [
      eqIf(m.refNum, f.refNum),
      f.recipient
        ? or(contains(m.recipient, f.recipient), contains(m.recipientLabel, f.recipient))
        : undefined,
      eqIf(m.status, f.status),
      f.family === undefined ? undefined : inList(m.status, STATION_STATUS_FAMILIES[f.family]),
      eqIf(m.listId, f.listId),
      f.mine ? eq(m.userKey, userKey) : undefined,
      f.from ? gte(m.createdAt, f.from) : undefined,
      f.to ? lt(m.createdAt, f.to) : undefined,
      f.text ? contains(m.text, f.text) : undefined,
    ],
    sorts: {
      refNum: m.refNum,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
      status: m.status,
      recipient: m.recipient,
      size: m.size,
    },
    defaultSort: { field: "createdAt", direction: "desc" },
    key: m.refNum,
  });
  return {
    rows: page.results.map(toStationMessage),
    totalNumber: page.filtered,
    ...countsOf(page),
  };
}

/** One message, if the caller may see it; else 404. */
export async function stationMessage(
  db: Db,
  scope: Scope,
  refNum: number,
): Promise<StationMessage> {
  const [row] = await base(db).where(and(eq(m.refNum, refNum), companyRows(scope, m.companyId)));
  if (!row) throw stationMessageNotFound();
  return toStationMessage(row);
}

const SUMMARY_HOURS = 24;
const SUMMARY_LATEST = 8;

/**
 * The /station landing page: the caller's messages of the last 24 hours counted by status
 * family (one grouped query on the created-at index), and the latest few.
 */
export async function stationSummary(
  db: Db,
  scope: Scope,
  now = new Date(),
): Promise<StationSummary> {
  const since = new Date(now.getTime() - SUMMARY_HOURS * 3600_000);
  const where = and(gte(m.createdAt, since), companyRows(scope, m.companyId));
  const [groups, latest] = await Promise.all([
    db.select({ status: m.status, n: count() }).from(m).where(where).groupBy(m.status),
    base(db).where(companyRows(scope, m.companyId)).orderBy(desc(m.createdAt), desc(m.refNum))
      .limit(SUMMARY_LATEST),
  ]);
  const counts = { inProgress: 0, delivered: 0, failed: 0, deleted: 0 };
  for (const g of groups) counts[stationFamilyOf(g.status)] += Number(g.n);
  return {
    les: { id: DEFAULT_LES, name: LES[DEFAULT_LES] },
    since: since.toISOString(),
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    latest: latest.map(toStationMessage),
  };
}
