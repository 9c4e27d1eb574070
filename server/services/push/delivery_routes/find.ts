/**
 * The route overview's lists (admin), one per type (tcp, ftp, ws, smtp): rows in the spec's field
 * names (Remise is the tgid), filtered, sorted (default: id) and paged.
 */
import { type AnyColumn, eq, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { ftpRoutes, smtpRoutes, tcpRoutes, tgids, wsRoutes } from "../../../../db/schema/mod.ts";
import type { PushFindOf, PushFound } from "../../../../openapi/schemas/push/push_find.ts";
import type { RouteType } from "../../../../openapi/enums.ts";
import { findPage } from "../../paging.ts";
import { contains } from "../../text_search.ts";

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
  f.id === undefined ? undefined : eq(t.id, f.id),
  f.Remise === undefined ? undefined : eq(t.tgidId, f.Remise),
  f.Member_or_MobileNum ? contains(t.memberOrMobileNum, f.Member_or_MobileNum) : undefined,
  f.Conversion === undefined ? undefined : eq(t.conversion, f.Conversion),
];

/** Status filter on an up flag: -1 Locked (any negative flag), 0 Inactive, 1 Active. */
const upIs = (column: AnyColumn, status: number | undefined): SQL | undefined =>
  status === undefined ? undefined : status < 0 ? lt(column, 0) : eq(column, status);
const flagIs = (column: AnyColumn, checked: number | undefined): SQL | undefined =>
  checked === undefined ? undefined : eq(column, checked === 1);
const text = (column: AnyColumn, value: string | undefined) =>
  value ? contains(column, value) : undefined;

const conversion = <R extends { Conversion: number }>(rows: R[]) =>
  rows.map((r) => ({ ...r, Conversion: r.Conversion as 0 | 1 | 2 | 3 | 4 | 5 }));

export async function findTcpRoutes(
  db: Db,
  req: PushFindOf<"tcp">,
): Promise<PushFound["tcp"]> {
  const t = tcpRoutes, f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      ...common(t),
      IP_Port_Tx_Primary: t.ipPortTxPrimary,
      IP_Port_Tx_Secondary: t.ipPortTxSecondary,
      Tx_Primary_Up: t.txPrimaryUp,
      Tx_Secondary_Up: t.txSecondaryUp,
    }).from(t).leftJoin(tgids, eq(tgids.id, t.tgidId)).$dynamic(),
    count: (one) => db.select(one).from(t),
    filters: [
      ...commonFilters(t, f),
      text(t.ipPortTxPrimary, f.IP_Port_Tx_Primary),
      text(t.ipPortTxSecondary, f.IP_Port_Tx_Secondary),
      upIs(t.txPrimaryUp, f.Tx_Primary_Up),
      upIs(t.txSecondaryUp, f.Tx_Secondary_Up),
    ],
    sorts: {
      ...commonSorts(t),
      IP_Port_Tx_Primary: t.ipPortTxPrimary,
      IP_Port_Tx_Secondary: t.ipPortTxSecondary,
      Tx_Primary_Up: t.txPrimaryUp,
      Tx_Secondary_Up: t.txSecondaryUp,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: t.id,
  });
  return { ...page, results: conversion(page.results) };
}

export async function findFtpRoutes(
  db: Db,
  req: PushFindOf<"ftp">,
): Promise<PushFound["ftp"]> {
  const t = ftpRoutes, f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      ...common(t),
      ftp_Type: t.ftpType,
      ftp_Verif: t.ftpVerif,
      ftp_Primary: t.ftpPrimary,
      ftp_Secondary: t.ftpSecondary,
      ftp_Primary_Up: t.ftpPrimaryUp,
      ftp_Secondary_Up: t.ftpSecondaryUp,
    }).from(t).leftJoin(tgids, eq(tgids.id, t.tgidId)).$dynamic(),
    count: (one) => db.select(one).from(t),
    filters: [
      ...commonFilters(t, f),
      f.ftp_Type === undefined ? undefined : eq(t.ftpType, f.ftp_Type),
      f.ftp_Verif === undefined ? undefined : eq(t.ftpVerif, f.ftp_Verif),
      text(t.ftpPrimary, f.ftp_Primary),
      text(t.ftpSecondary, f.ftp_Secondary),
      upIs(t.ftpPrimaryUp, f.ftp_Primary_Up),
      upIs(t.ftpSecondaryUp, f.ftp_Secondary_Up),
    ],
    sorts: {
      ...commonSorts(t),
      ftp_Type: t.ftpType,
      ftp_Verif: t.ftpVerif,
      ftp_Primary: t.ftpPrimary,
      ftp_Secondary: t.ftpSecondary,
      ftp_Primary_Up: t.ftpPrimaryUp,
      ftp_Secondary_Up: t.ftpSecondaryUp,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: t.id,
  });
  return { ...page, results: conversion(page.results) };
}

export async function findWsRoutes(
  db: Db,
  req: PushFindOf<"ws">,
): Promise<PushFound["ws"]> {
  const t = wsRoutes, f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      ...common(t),
      ws_Primary: t.wsPrimary,
      ws_Secondary: t.wsSecondary,
      ws_Primary_SSL_Check: t.wsPrimarySslCheck,
      ws_Secondary_SSL_Check: t.wsSecondarySslCheck,
      ws_Primary_Up: t.wsPrimaryUp,
      ws_Secondary_Up: t.wsSecondaryUp,
      keys: t.keys,
      token: t.token,
      Namespace: t.namespace,
      Format: t.format,
    }).from(t).leftJoin(tgids, eq(tgids.id, t.tgidId)).$dynamic(),
    count: (one) => db.select(one).from(t),
    filters: [
      ...commonFilters(t, f),
      text(t.wsPrimary, f.ws_Primary),
      text(t.wsSecondary, f.ws_Secondary),
      flagIs(t.wsPrimarySslCheck, f.ws_Primary_SSL_Check),
      flagIs(t.wsSecondarySslCheck, f.ws_Secondary_SSL_Check),
      upIs(t.wsPrimaryUp, f.ws_Primary_Up),
      upIs(t.wsSecondaryUp, f.ws_Secondary_Up),
      text(t.format, f.Format),
    ],
    sorts: {
      ...commonSorts(t),
      ws_Primary: t.wsPrimary,
      ws_Secondary: t.wsSecondary,
      ws_Primary_Up: t.wsPrimaryUp,
      ws_Secondary_Up: t.wsSecondaryUp,
      Format: t.format,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: t.id,
  });
  return { ...page, results: conversion(page.results) };
}

export async function findSmtpRoutes(
  db: Db,
  req: PushFindOf<"smtp">,
): Promise<PushFound["smtp"]> {
  const t = smtpRoutes, f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      ...common(t),
      email_Master: t.emailMaster,
      email_Secondary: t.emailSecondary,
      Encoding: t.encoding,
      Signature: t.signature,
      Subject: t.subject,
      Body: t.body,
    }).from(t).leftJoin(tgids, eq(tgids.id, t.tgidId)).$dynamic(),
    count: (one) => db.select(one).from(t),
    filters: [
      ...commonFilters(t, f),
      text(t.emailMaster, f.email_Master),
      text(t.emailSecondary, f.email_Secondary),
      text(t.encoding, f.Encoding),
    ],
    sorts: {
      ...commonSorts(t),
      email_Master: t.emailMaster,
      Encoding: t.encoding,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: t.id,
  });
  return { ...page, results: conversion(page.results) };
}
