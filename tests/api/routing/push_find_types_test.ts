/**
 * POST /rest/push/find for every type but push traffic (tests/api/routing/push_find_test.ts): the event
 * logs, processes, routes and robot traffic — their filters, sorts and defaults, and that they
 * are for administrators only; and GET /rest/push/getRobotContent.
 */
import assert from "node:assert/strict";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import {
  ftpRoutes,
  pushEvents,
  pushProcesses,
  robotEvents,
  robotTraffic,
  smtpRoutes,
  tcpRoutes,
  wsRoutes,
} from "../../../db/schema/mod.ts";

const BASE = Date.parse("2026-03-01T00:00:00Z");
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

async function tokens(ctx: Ctx) {
  const admin = await ctx.f.user({ rights: 1 });
  const client = await ctx.f.user({ rights: 100 });
  return {
    admin: (await signIn(ctx, admin.id, TEST_PASSWORD)).token,
    client: (await signIn(ctx, client.id, TEST_PASSWORD)).token,
    clientUser: client,
  };
}

const find = (ctx: Ctx, token: string, type: string, body: Record<string, unknown> = {}) =>
  ctx.call("POST", "/rest/push/find", { token, json: { type, ...body } });

/** A word in no other row: the database is shared by the module (and kept on PostgreSQL). */
const tagOf = () => `t${crypto.randomUUID().slice(0, 8)}`;
const uniqueInt = () => 100_000_000 + Math.floor(Math.random() * 1_000_000_000);

const ids = (r: { body: { results: { id: number }[] } }) => r.body.results.map((x) => x.id);

dbTest("[rest/push] find pushEvents: 10 a page, newest first, filters and sorts", async (ctx) => {
  const { admin } = await tokens(ctx);
  const tag = tagOf();
  const tgid0 = uniqueInt();
  const [process] = await ctx.db.insert(pushProcesses).values({
    hostname: `${tag}-pushc`,
    mode: "D",
    port: 5000,
    minSpare: 2,
    maxSpare: 4,
  }).returning();
  const rows = await ctx.db.insert(pushEvents).values(
    Array.from({ length: 12 }, (_, i) => ({
      timestamp: at(i),
      hostname: i % 2 ? `${tag}-pushc-b` : `${tag}-pushc-a`,
      processId: i < 3 ? process.id : null,
      tgidId: tgid0 + (i % 3),
      level: ["INFO", "WARN", "ERROR"][i % 3],
      message: i === 5 ? "Route 50%_off locked" : `Delivered ${i} messages`,
    })),
  ).returning({ id: pushEvents.id });
  const all = rows.map((r) => r.id);

  const mine = { hostname: tag };
  const first = await find(ctx, admin, "pushEvents", { filter: mine });
  assert.equal(first.status, 200);
  assert.ok(first.body.total >= 12);
  assert.equal(first.body.filtered, 12);
  // Default: 10 a page, timestamp descending.
  assert.deepEqual(ids(first), [...all].reverse().slice(0, 10));
  assert.equal(typeof first.body.results[0].timestamp, "string");
  assert.deepEqual(Object.keys(first.body.results[0]).sort(), [
    "hostname",
    "id",
    "level",
    "message",
    "processId",
    "tgid",
    "timestamp",
  ]);

  const warn = await find(ctx, admin, "pushEvents", { filter: { ...mine, level: "WARN" } });
  assert.equal(warn.body.filtered, 4);
  assert.ok(warn.body.results.every((r: { level: string }) => r.level === "WARN"));
  const host = await find(ctx, admin, "pushEvents", { filter: { hostname: `${tag}-PUSHC-B` } });
  assert.equal(host.body.filtered, 6);
  const byProcess = await find(ctx, admin, "pushEvents", { filter: { processId: process.id } });
  assert.equal(byProcess.body.filtered, 3);
  const byTgid = await find(ctx, admin, "pushEvents", { filter: { tgid: String(tgid0 + 1) } });
  assert.equal(byTgid.body.filtered, 4);
  const literal = await find(ctx, admin, "pushEvents", { filter: { ...mine, message: "50%_OFF" } });
  assert.deepEqual(ids(literal), [all[5]]);

  const oldest = await find(ctx, admin, "pushEvents", {
    filter: mine,
    sorting: { field: "timestamp", direction: "asc" },
    count: 3,
    page: 2,
  });
  assert.deepEqual(ids(oldest), all.slice(3, 6));
  const byHost = await find(ctx, admin, "pushEvents", {
    filter: mine,
    sorting: { field: "hostname", direction: "desc" },
    count: 1,
  });
  assert.equal(byHost.body.results[0].hostname, `${tag}-pushc-b`);
});

dbTest("[rest/push] find robotEvents filters by robot and level", async (ctx) => {
  const { admin } = await tokens(ctx);
  const tag = tagOf();
  const rows = await ctx.db.insert(robotEvents).values(
    Array.from({ length: 8 }, (_, i) => ({
      timestamp: at(i),
      robot: ["EGC", "DNID", "CAPSAT", "EPADR"][i % 4],
      level: i < 2 ? "ERROR" : "INFO",
      message: `Message ${i} of ${tag} processed`,
    })),
  ).returning({ id: robotEvents.id });
  const mine = { message: tag };
  const first = await find(ctx, admin, "robotEvents", { filter: mine });
  assert.equal(first.body.filtered, 8);
  assert.deepEqual(ids(first), rows.map((r) => r.id).reverse());
  const egc = await find(ctx, admin, "robotEvents", { filter: { ...mine, robot: "EGC" } });
  assert.equal(egc.body.filtered, 2);
  const errors = await find(ctx, admin, "robotEvents", { filter: { ...mine, level: "ERROR" } });
  assert.deepEqual(ids(errors), [rows[1].id, rows[0].id]);
  const text = await find(ctx, admin, "robotEvents", {
    filter: { message: `message 7 of ${tag}` },
  });
  assert.equal(text.body.filtered, 1);
  const byRobot = await find(ctx, admin, "robotEvents", {
    filter: mine,
    sorting: { field: "robot", direction: "asc" },
    count: 2,
  });
  assert.deepEqual(byRobot.body.results.map((r: { robot: string }) => r.robot), [
    "CAPSAT",
    "CAPSAT",
  ]);
  const bad = await find(ctx, admin, "robotEvents", { filter: { robot: "NOPE" } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Robot must be one of EGC, DNID, CAPSAT, EPADR/);
});

dbTest("[rest/push] find process lists the push processes with their team", async (ctx) => {
  const { admin } = await tokens(ctx);
  const tag = tagOf();
  const team = await ctx.f.team({ rights: 1, name: "Operations" });
  const rows = await ctx.db.insert(pushProcesses).values([
    { hostname: `${tag}-pushc`, mode: "D", port: 5001, minSpare: 2, maxSpare: 4, teamId: team.id },
    {
      hostname: `${tag}-pushf`,
      mode: "F",
      port: 5002,
      minSpare: 0,
      maxSpare: 9,
      ipFep: "10.0.0.2",
    },
    { hostname: `${tag}-pushw`, mode: "W", port: 5003, minSpare: 5, maxSpare: 49 },
  ]).returning({ id: pushProcesses.id });
  const before = (await find(ctx, admin, "process")).body.total;
  const all = await find(ctx, admin, "process", { filter: { hostname: tag } });
  // `total` counts every process, the filter aside (other test files add processes meanwhile on a
  // shared PostgreSQL database, so it may only have grown).
  assert.ok(all.body.total >= before && before >= rows.length, `${all.body.total} < ${before}`);
  assert.equal(all.body.filtered, 3);
  assert.deepEqual(ids(all), rows.map((r) => r.id));
  assert.deepEqual(all.body.results[0], {
    id: rows[0].id,
    hostname: `${tag}-pushc`,
    mode: "D",
    protocol: null,
    port: 5001,
    min: 2,
    max: 4,
    ipFep: null,
    team: team.id,
    teamName: "Operations",
  });
  const ftp = await find(ctx, admin, "process", { filter: { hostname: tag, mode: "F" } });
  assert.deepEqual(ids(ftp), [rows[1].id]);
  const byMax = await find(ctx, admin, "process", {
    filter: { hostname: tag },
    sorting: { field: "max", direction: "desc" },
  });
  assert.deepEqual(ids(byMax), [rows[2].id, rows[1].id, rows[0].id]);
  const byTeam = await find(ctx, admin, "process", { filter: { team: team.id } });
  assert.equal(byTeam.body.filtered, 1);
  const bad = await find(ctx, admin, "process", { filter: { mode: "X" } });
  assert.equal(bad.status, 400);
});

dbTest("[rest/push] find tcp, ftp, ws and smtp routes in the spec's field names", async (ctx) => {
  const { admin } = await tokens(ctx);
  const tag = tagOf();
  const mine = { Member_or_MobileNum: tag };
  const tgid = await ctx.f.tgid({ label: "Fleet" });
  const other = await ctx.f.tgid({ label: "Other" });
  const tcp = await ctx.db.insert(tcpRoutes).values([
    {
      tgidId: tgid.id,
      ipPortTxPrimary: "10.0.0.1:4000",
      conversion: 2,
      memberOrMobileNum: `${tag}-7`,
    },
    {
      tgidId: other.id,
      ipPortTxPrimary: "10.0.0.2:4000",
      ipPortTxSecondary: "10.0.0.3:4000",
      txPrimaryUp: -1,
      txSecondaryUp: -2,
      memberOrMobileNum: tag,
    },
    {
      tgidId: other.id,
      ipPortTxPrimary: "10.0.0.4:4000",
      txPrimaryUp: 0,
      apiAdd: true,
      memberOrMobileNum: tag,
    },
  ]).returning({ id: tcpRoutes.id });

  const all = await find(ctx, admin, "tcp", { filter: mine });
  assert.equal(all.status, 200);
  assert.equal(all.body.filtered, 3);
  assert.deepEqual(ids(all), tcp.map((r) => r.id));
  assert.deepEqual(all.body.results[0], {
    id: tcp[0].id,
    Remise: tgid.id,
    tgidLabel: "Fleet",
    Member_or_MobileNum: `${tag}-7`,
    API_Add: false,
    Conversion: 2,
    Follow_On: false,
    Transmit_Frequency: 0,
    IP_Port_Tx_Primary: "10.0.0.1:4000",
    IP_Port_Tx_Secondary: null,
    Tx_Primary_Up: 1,
    Tx_Secondary_Up: 0,
  });
  const locked = await find(ctx, admin, "tcp", { filter: { ...mine, Tx_Primary_Up: "-1" } });
  assert.deepEqual(ids(locked), [tcp[1].id]);
  const backupLocked = await find(ctx, admin, "tcp", { filter: { ...mine, Tx_Secondary_Up: -1 } });
  assert.deepEqual(ids(backupLocked), [tcp[1].id]);
  const inactive = await find(ctx, admin, "tcp", { filter: { ...mine, Tx_Primary_Up: 0 } });
  assert.deepEqual(ids(inactive), [tcp[2].id]);
  const byTgid = await find(ctx, admin, "tcp", { filter: { Remise: other.id } });
  assert.equal(byTgid.body.filtered, 2);
  const xml = await find(ctx, admin, "tcp", { filter: { ...mine, Conversion: "2" } });
  assert.deepEqual(ids(xml), [tcp[0].id]);
  const dest = await find(ctx, admin, "tcp", { filter: { ...mine, IP_Port_Tx_Primary: "0.0.4" } });
  assert.deepEqual(ids(dest), [tcp[2].id]);
  const sorted = await find(ctx, admin, "tcp", {
    filter: mine,
    sorting: { field: "IP_Port_Tx_Primary", direction: "desc" },
  });
  assert.deepEqual(ids(sorted), [tcp[2].id, tcp[1].id, tcp[0].id]);
  const badStatus = await find(ctx, admin, "tcp", { filter: { Tx_Primary_Up: 5 } });
  assert.equal(badStatus.status, 400);
  assert.match(badStatus.body.message, /0 Inactive, 1 Active, -1 Locked/);
  const badConversion = await find(ctx, admin, "tcp", { filter: { Conversion: 6 } });
  assert.equal(badConversion.status, 400);

  const ftp = await ctx.db.insert(ftpRoutes).values([
    { tgidId: tgid.id, ftpPrimary: "ftp://a.example/in", ftpType: 1, ftpVerif: 1 },
    { tgidId: tgid.id, ftpPrimary: "ftp://b.example/in", ftpType: 0, ftpPrimaryUp: -1 },
  ]).returning({ id: ftpRoutes.id });
  const active = await find(ctx, admin, "ftp", { filter: { Remise: tgid.id, ftp_Type: 0 } });
  assert.deepEqual(ids(active), [ftp[1].id]);
  assert.equal(active.body.results[0].ftp_Primary_Up, -1);
  assert.equal(active.body.results[0].ftp_Primary, "ftp://b.example/in");
  const checked = await find(ctx, admin, "ftp", { filter: { Remise: tgid.id, ftp_Verif: "1" } });
  assert.deepEqual(ids(checked), [ftp[0].id]);
  const ftpLocked = await find(ctx, admin, "ftp", {
    filter: { Remise: tgid.id, ftp_Primary_Up: -1 },
  });
  assert.deepEqual(ids(ftpLocked), [ftp[1].id]);

  const ws = await ctx.db.insert(wsRoutes).values([
    { tgidId: tgid.id, wsPrimary: "https://a.example/ws", format: "json", namespace: "urn:a" },
    { tgidId: other.id, wsPrimary: "https://b.example/ws", wsPrimarySslCheck: false },
  ]).returning({ id: wsRoutes.id });
  const unchecked = await find(ctx, admin, "ws", {
    filter: { Remise: other.id, ws_Primary_SSL_Check: 0 },
  });
  assert.deepEqual(ids(unchecked), [ws[1].id]);
  const json = await find(ctx, admin, "ws", { filter: { Remise: tgid.id, Format: "JSON" } });
  assert.deepEqual(ids(json), [ws[0].id]);
  assert.equal(json.body.results[0].Namespace, "urn:a");
  assert.equal(json.body.results[0].ws_Primary_SSL_Check, true);

  const smtp = await ctx.db.insert(smtpRoutes).values([
    { tgidId: tgid.id, emailMaster: "ops@a.example", encoding: "Mime64", subject: "DR_Cap" },
    { tgidId: other.id, emailMaster: "noc@b.example", emailSecondary: "x@b.example" },
  ]).returning({ id: smtpRoutes.id });
  const mime = await find(ctx, admin, "smtp", { filter: { Remise: tgid.id, Encoding: "mime" } });
  assert.deepEqual(ids(mime), [smtp[0].id]);
  assert.equal(mime.body.results[0].Subject, "DR_Cap");
  const master = await find(ctx, admin, "smtp", {
    filter: { Remise: other.id, email_Master: "noc@" },
    sorting: { field: "Remise", direction: "desc" },
  });
  assert.deepEqual(ids(master), [smtp[1].id]);

  // Each type has its own fields: another type's filter or sort is refused.
  const foreign = await find(ctx, admin, "smtp", { filter: { IP_Port_Tx_Primary: "x" } });
  assert.equal(foreign.status, 400);
  const foreignSort = await find(ctx, admin, "ws", { sorting: { field: "email_Master" } });
  assert.equal(foreignSort.status, 400);
  assert.match(foreignSort.body.message, /Sort by one of: id, Remise/);
});

dbTest("[rest/push] find robotTraffic: received time newest first, filters", async (ctx) => {
  const { admin } = await tokens(ctx);
  const tgid = await ctx.f.tgid();
  const rows = await ctx.db.insert(robotTraffic).values(
    Array.from({ length: 12 }, (_, i) => ({
      type: i % 3 === 0 ? 1 : 0,
      robot: ["EGC", "DNID", "CAPSAT", "EPADR"][i % 4],
      receivedTime: at(i),
      status: i % 6,
      errorLabel: i === 4 ? "550 rejected\nCC: ops@a.example, duty@a.example" : null,
      deliveryAttempts: i,
      code: i === 4 ? 550 : null,
      logId: 7_000_000 + i,
      routageId: 3,
      tgidId: tgid.id,
      content: i === 0 ? null : `Text ${i}`,
    })),
  ).returning({ realId: robotTraffic.realId });
  const all = rows.map((r) => r.realId);
  const realIds = (r: { body: { results: { realId: number }[] } }) =>
    r.body.results.map((x) => x.realId);

  const mine = { tgid: tgid.id };
  const first = await find(ctx, admin, "robotTraffic", { filter: mine });
  assert.equal(first.status, 200);
  assert.equal(first.body.filtered, 12);
  assert.deepEqual(realIds(first), [...all].reverse().slice(0, 10));
  const row4 = (await find(ctx, admin, "robotTraffic", { filter: { realId: all[4] } })).body
    .results[0];
  assert.deepEqual(row4, {
    realId: all[4],
    type: 0,
    robot: "EGC",
    receivedTime: at(4).toISOString(),
    status: 4,
    errorLabel: "550 rejected\nCC: ops@a.example, duty@a.example",
    deliveryStatus: null,
    deliveryAttempts: 4,
    code: 550,
    logId: 7_000_004,
    routageId: 3,
    tgid: tgid.id,
    hasContent: true,
  });
  const ftp = await find(ctx, admin, "robotTraffic", {
    filter: { ...mine, type: "1" },
    count: 100,
  });
  assert.equal(ftp.body.filtered, 4);
  const capsat = await find(ctx, admin, "robotTraffic", { filter: { ...mine, robot: "CAPSAT" } });
  assert.deepEqual(realIds(capsat), [all[10], all[6], all[2]]);
  const failed = await find(ctx, admin, "robotTraffic", { filter: { ...mine, status: 3 } });
  assert.deepEqual(realIds(failed), [all[9], all[3]]);
  const label = await find(ctx, admin, "robotTraffic", { filter: { ...mine, errorLabel: "cc:" } });
  assert.deepEqual(realIds(label), [all[4]]);
  const byAttempts = await find(ctx, admin, "robotTraffic", {
    filter: mine,
    sorting: { field: "deliveryAttempts", direction: "asc" },
    count: 2000,
  });
  assert.deepEqual(realIds(byAttempts), all);
  assert.equal(byAttempts.body.results[0].hasContent, false);

  const badStatus = await find(ctx, admin, "robotTraffic", { filter: { status: 6 } });
  assert.equal(badStatus.status, 400);
  assert.match(badStatus.body.message, /Robot status must be one of 0 Processing/);
  const badType = await find(ctx, admin, "robotTraffic", { filter: { type: 2 } });
  assert.equal(badType.status, 400);
  assert.match(badType.body.message, /0 SMTP, 1 FTP/);
  const tooMany = await find(ctx, admin, "robotTraffic", { count: 2001 });
  assert.equal(tooMany.status, 400);
});

dbTest(
  "[rest/push] only administrators find events, processes, routes and robot traffic",
  async (ctx) => {
    const { admin, client, clientUser } = await tokens(ctx);
    await ctx.f.pushTraffic({ tgidId: (await ctx.f.tgid({ teamId: clientUser.teamId })).id });
    for (const type of ["pushEvents", "robotEvents", "process", "tcp", "ftp", "ws", "smtp"]) {
      const r = await find(ctx, client, type);
      assert.equal(r.status, 403, type);
      assert.equal(r.body.message, "Administrator permission required", type);
      assert.equal((await find(ctx, admin, type)).status, 200, type);
    }
    const robot = await find(ctx, client, "robotTraffic");
    assert.equal(robot.status, 403);
    assert.equal(robot.body.message, "Administrator permission required");
    // Push traffic stays every user's, scoped to its tgids.
    const mine = await find(ctx, client, "pushTraffic");
    assert.equal(mine.status, 200);
    assert.equal(mine.body.total, 1);

    const unknown = await find(ctx, admin, "robots");
    assert.equal(unknown.status, 400);
    const missing = await ctx.call("POST", "/rest/push/find", { token: admin, json: {} });
    assert.equal(missing.status, 400);
  },
);

dbTest("[rest/push] getRobotContent answers the robot's text as plain text", async (ctx) => {
  const { admin, client } = await tokens(ctx);
  const smtp = await ctx.f.robotTraffic({ content: "CAPSAT MESSAGE REF 123456\nFROM: 4123" });
  const ftp = await ctx.f.robotTraffic({ type: 1, content: "DNID 10 MEMBER 3" });
  const empty = await ctx.f.robotTraffic({ content: null });
  const get = (token: string, id: unknown, type: unknown) =>
    ctx.call("GET", `/rest/push/getRobotContent?id=${id}&type=${type}`, { token });

  const r = await get(admin, smtp.realId, 0);
  assert.equal(r.status, 200);
  assert.match(r.res.headers.get("content-type") ?? "", /^text\/plain/);
  assert.equal(new TextDecoder().decode(r.body), "CAPSAT MESSAGE REF 123456\nFROM: 4123");
  const f = await get(admin, ftp.realId, 1);
  assert.equal(new TextDecoder().decode(f.body), "DNID 10 MEMBER 3");

  // Another type's id, an unknown id, a row without content: 404.
  for (const [id, type] of [[ftp.realId, 0], [smtp.realId + 1000, 0], [empty.realId, 0]]) {
    const missing = await get(admin, id, type);
    assert.equal(missing.status, 404, `${id}/${type}`);
    assert.equal(missing.body.message, "Robot content not found");
  }
  assert.equal((await get(admin, "x", 0)).status, 400);
  assert.equal((await get(admin, smtp.realId, 2)).status, 400);

  const refused = await get(client, smtp.realId, 0);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, "Administrator permission required");
  const anonymous = await ctx.call("GET", `/rest/push/getRobotContent?id=${smtp.realId}&type=0`);
  assert.equal(anonymous.status, 401);
});
