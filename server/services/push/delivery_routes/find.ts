/**
 * The route overview's lists (admin), one per type (tcp, ftp, ws, smtp): rows in the spec's field
 * names (Remise is the tgid), filtered, sorted (default: id) and paged. One implementation reads
 * every type; a table names each type's own fields.
 */
import { type AnyColumn, type Column, eq, type GetColumnData, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { ftpRoutes, smtpRoutes, tcpRoutes, tgids, wsRoutes } from "../../../../db/schema/mod.ts";
import type { PushFindOf, PushFound } from "../../../../openapi/schemas/push/push_find.ts";
import type { RouteType } from "../../../../openapi/enums.ts";
import { findPage } from "../../paging.ts";
import { contains } from "../../text_search.ts";
import { checkedIf, eqIf } from "../../sql_filters.ts";

type RouteTable = typeof tcpRoutes | typeof ftpRoutes | typeof wsRoutes | typeof smtpRoutes;

/** The columns every route type shares, under the spec's names. */
const common = (t: RouteTable) => ({
  id: t.id,
  Remise: t.tgidId,
  tgidLabel: tgids.label,
  Member_or_MobileNum: t.memberOrMobileNum,
  API_Add: t.apiAdd,
  Conversion: t.conversion,
  Follow_On: t.followOn,
  Transmit_Frequency: t.transmitFrequency,
});
const commonSorts = (t: RouteTable) => ({
  id: t.id,
  Remise: t.tgidId,
  Member_or_MobileNum: t.memberOrMobileNum,
  Conversion: t.conversion,
  Transmit_Frequency: t.transmitFrequency,
});

type CommonFilter = PushFindOf<RouteType>["filter"];
const commonFilters = (t: RouteTable, f: CommonFilter) => [
  eqIf(t.id, f.id),
  eqIf(t.tgidId, f.Remise),
  f.Member_or_MobileNum ? contains(t.memberOrMobileNum, f.Member_or_MobileNum) : undefined,
  eqIf(t.conversion, f.Conversion),
];

/** How a type's own filter field matches its column. */
const MATCH = {
  /** A code, exactly. */
  eq: (column: AnyColumn, value: number | undefined) => eqIf(column, value),
  /** The text, anywhere in the column (an empty text matches every row). */
  text: (column: AnyColumn, value: string | undefined) =>
    value ? contains(column, value) : undefined,
  /** Status on an up flag: -1 Locked (any negative flag), 0 Inactive, 1 Active. */
  up: (column: AnyColumn, status: number | undefined): SQL | undefined =>
    status === undefined ? undefined : status < 0 ? lt(column, 0) : eq(column, status),
  /** A checkbox on a boolean column: 1 checked, 0 not. */
  flag: checkedIf,
};

/** A type's own field: its column, how its filter field matches (none: no filter), whether it sorts. */
interface Field {
  column: AnyColumn;
  filter?: keyof typeof MATCH;
  sort?: true;
}

/** Each route type's table and its own fields, in the row's order (after the common ones). */
const ROUTE_TYPES = {
  tcp: {
    table: tcpRoutes,
    fields: {
      IP_Port_Tx_Primary: { column: tcpRoutes.ipPortTxPrimary, filter: "text", sort: true },
      IP_Port_Tx_Secondary: { column: tcpRoutes.ipPortTxSecondary, filter: "text", sort: true },
      Tx_Primary_Up: { column: tcpRoutes.txPrimaryUp, filter: "up", sort: true },
      Tx_Secondary_Up: { column: tcpRoutes.txSecondaryUp, filter: "up", sort: true },
    },
  },
  ftp: {
    table: ftpRoutes,
    fields: {
      ftp_Type: { column: ftpRoutes.ftpType, filter: "eq", sort: true },
      ftp_Verif: { column: ftpRoutes.ftpVerif, filter: "eq", sort: true },
      ftp_Primary: { column: ftpRoutes.ftpPrimary, filter: "text", sort: true },
      ftp_Secondary: { column: ftpRoutes.ftpSecondary, filter: "text", sort: true },
      ftp_Primary_Up: { column: ftpRoutes.ftpPrimaryUp, filter: "up", sort: true },
      ftp_Secondary_Up: { column: ftpRoutes.ftpSecondaryUp, filter: "up", sort: true },
    },
  },
  ws: {
    table: wsRoutes,
    fields: {
      ws_Primary: { column: wsRoutes.wsPrimary, filter: "text", sort: true },
      ws_Secondary: { column: wsRoutes.wsSecondary, filter: "text", sort: true },
      ws_Primary_SSL_Check: { column: wsRoutes.wsPrimarySslCheck, filter: "flag" },
      ws_Secondary_SSL_Check: { column: wsRoutes.wsSecondarySslCheck, filter: "flag" },
      ws_Primary_Up: { column: wsRoutes.wsPrimaryUp, filter: "up", sort: true },
      ws_Secondary_Up: { column: wsRoutes.wsSecondaryUp, filter: "up", sort: true },
      keys: { column: wsRoutes.keys },
      token: { column: wsRoutes.token },
      Namespace: { column: wsRoutes.namespace },
      Format: { column: wsRoutes.format, filter: "text", sort: true },
    },
  },
  smtp: {
    table: smtpRoutes,
    fields: {
      email_Master: { column: smtpRoutes.emailMaster, filter: "text", sort: true },
      email_Secondary: { column: smtpRoutes.emailSecondary, filter: "text" },
      Encoding: { column: smtpRoutes.encoding, filter: "text", sort: true },
      Signature: { column: smtpRoutes.signature },
      Subject: { column: smtpRoutes.subject },
      Body: { column: smtpRoutes.body },
    },
  },
} as const satisfies Record<RouteType, { table: RouteTable; fields: Record<string, Field> }>;

// Compile-time checks that the table fits the schemas (each is `true`, or says what is wrong): a
// type's own fields are its row's fields after the common ones, giving the data the row says;
// those with a match are its filter's fields after the common ones, each taking what its match
// takes; those that sort are its sort fields after the common ones.
type Fields<K extends RouteType> = (typeof ROUTE_TYPES)[K]["fields"];
type OwnOf<K extends RouteType, P extends keyof Field> = {
  [N in keyof Fields<K>]: Fields<K>[N] extends Record<P, unknown> ? N : never;
}[keyof Fields<K>];
type DataOf<F> = F extends { column: infer C extends Column } ? GetColumnData<C> : never;
type MatchOf<F> = F extends { filter: infer M extends keyof typeof MATCH }
  ? Parameters<(typeof MATCH)[M]>[1]
  : never;
type SchemaRow<K extends RouteType> = PushFound[K]["results"][number];
type SchemaFilter<K extends RouteType> = PushFindOf<K>["filter"];
type SchemaSort<K extends RouteType> = NonNullable<PushFindOf<K>["sorting"]>["field"];
type Same<A, B> = [A, B] extends [B, A] ? true : false;
type Checks<K extends RouteType> = [
  row: Same<keyof Fields<K>, Exclude<keyof SchemaRow<K>, keyof ReturnType<typeof common>>>,
  data: [{ [N in keyof Fields<K>]: DataOf<Fields<K>[N]> }] extends
    [Pick<SchemaRow<K>, keyof Fields<K> & keyof SchemaRow<K>>] ? true : false,
  filter: Same<OwnOf<K, "filter">, Exclude<keyof SchemaFilter<K>, keyof CommonFilter>>,
  match: [SchemaFilter<K>] extends [{ [N in OwnOf<K, "filter">]?: MatchOf<Fields<K>[N]> }] ? true
    : false,
  sort: Same<OwnOf<K, "sort">, Exclude<SchemaSort<K>, keyof ReturnType<typeof commonSorts>>>,
];
const _tableFits: { [K in RouteType]: Checks<K> extends true[] ? true : Checks<K> } = {
  tcp: true,
  ftp: true,
  ws: true,
  smtp: true,
};

async function findAnyRoutes(
  db: Db,
  req: PushFindOf<RouteType>,
): Promise<PushFound[RouteType]> {
  const { table: t, fields } = ROUTE_TYPES[req.type];
  const f: CommonFilter & Record<string, unknown> = req.filter;
  const own = Object.entries<Field>(fields);
  const page = await findPage<Record<string, unknown> & { Conversion: number }, string>(db, req, {
    rows: db.select({
      ...common(t),
      ...Object.fromEntries(own.map(([name, field]) => [name, field.column])),
    }).from(t).leftJoin(tgids, eq(tgids.id, t.tgidId)).$dynamic(),
    count: (one) => db.select(one).from(t),
    filters: [
      ...commonFilters(t, f),
      ...own.map(([name, field]) =>
        // A table row names its filter kind; the request schema gave this field that kind's type,
        // which TypeScript cannot follow through the row (a union of the matchers' arguments).
        field.filter && MATCH[field.filter](field.column, f[name] as never)
      ),
    ],
    sorts: {
      ...commonSorts(t),
      ...Object.fromEntries(
        own.filter(([, field]) => field.sort).map(([name, field]) => [name, field.column]),
      ),
    },
    defaultSort: { field: "id", direction: "asc" },
    key: t.id,
  });
  const results = page.results.map((r) => ({
    ...r,
    Conversion: r.Conversion as 0 | 1 | 2 | 3 | 4 | 5,
  }));
  return { ...page, results } as PushFound[RouteType];
}

/** One page of the routes of `req.type`, in that type's rows. */
export const findRoutes = findAnyRoutes as <K extends RouteType>(
  db: Db,
  req: PushFindOf<K>,
) => Promise<PushFound[K]>;
