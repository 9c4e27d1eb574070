import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import type { Ctx } from "../../fixtures/app.ts";
import { makeRoute } from "../../fixtures/routes.ts";
import { smtpRoutes, tcpRoutes } from "../../../db/schema/mod.ts";

async function admin(ctx: Ctx) {
  const user = await ctx.f.user({ rights: 1 });
  return (await signIn(ctx, user.id, TEST_PASSWORD)).token;
}
const post = (ctx: Ctx, token: string, path: string, json: unknown) =>
  ctx.call("POST", `/rest/push/${path}`, { token, json });
const get = (ctx: Ctx, token: string, path: string, id: number | string) =>
  ctx.call("GET", `/rest/push/${path}?id=${encodeURIComponent(String(id))}`, { token });
type Body = Record<string, unknown> & { message?: string };
const bodyOf = (r: { body: unknown }) => r.body as Body;

dbTest("[rest/push] addTcp, updateTcp and deleteTcp: lastInsertId, the route, 404", async (ctx) => {
  const token = await admin(ctx);
  const tgid = await ctx.f.tgid();
  const other = await ctx.f.tgid();
  const add = await post(ctx, token, "addTcp", {
    Remise: tgid.id,
    Member_or_MobileNum: "ALL",
    API_Add: true,
    Conversion: 2,
    Follow_On: true,
    Transmit_Frequency: 300,
    IP_Port_Tx_Primary: "203.0.113.5:5000",
    IP_Port_Tx_Secondary: "",
  });
  assert.equal(add.status, 200, JSON.stringify(add.body));
  const { lastInsertId, route } = add.body as { lastInsertId: number; route: Body };
  assert.equal(typeof lastInsertId, "number");
  assert.equal(route.id, lastInsertId);
  assert.equal(route.Remise, tgid.id);
  assert.equal(route.Conversion, 2);
  assert.equal(route.API_Add, true);
  assert.equal(route.IP_Port_Tx_Secondary, null);
  assert.equal(route.Tx_Primary_Up, 1);
  assert.equal(route.Tx_Secondary_Up, 0);

  // Update replaces the fields; a backup newly given comes up (1).
  const upd = await post(ctx, token, "updateTcp", {
    id: lastInsertId,
    Remise: other.id,
    IP_Port_Tx_Primary: "tcp.example.com:6000",
    IP_Port_Tx_Secondary: "198.51.100.4:6001",
  });
  assert.equal(upd.status, 200, JSON.stringify(upd.body));
  assert.equal(bodyOf(upd).Remise, other.id);
  assert.equal(bodyOf(upd).IP_Port_Tx_Primary, "tcp.example.com:6000");
  assert.equal(bodyOf(upd).Tx_Secondary_Up, 1);
  assert.equal(bodyOf(upd).Conversion, 0);
  assert.equal(bodyOf(upd).API_Add, false);

  const missing = await post(ctx, token, "updateTcp", {
    id: lastInsertId + 1000,
    Remise: tgid.id,
    IP_Port_Tx_Primary: "203.0.113.5:5000",
  });
  assert.equal(missing.status, 404);

  const del = await get(ctx, token, "deleteTcp", lastInsertId);
  assert.equal(del.status, 200);
  assert.deepEqual(del.body, { id: lastInsertId });
  assert.equal((await get(ctx, token, "deleteTcp", lastInsertId)).status, 404);
  assert.equal((await get(ctx, token, "deleteTcp", "x")).status, 400);
});

dbTest("[rest/push] a route's tgid (Remise) must exist", async (ctx) => {
  const token = await admin(ctx);
  const r = await post(ctx, token, "addSmtp", { Remise: 999_999, emailMaster: "a@example.com" });
  assert.equal(r.status, 400);
  assert.equal(bodyOf(r).message, "Tgid 999999 does not exist");
});

dbTest("[rest/push] destinations are validated with clear messages", async (ctx) => {
  const token = await admin(ctx);
  const tgid = await ctx.f.tgid();
  const refused = async (path: string, json: Record<string, unknown>, message: string) => {
    const r = await post(ctx, token, path, { Remise: tgid.id, ...json });
    assert.equal(r.status, 400, `${path} ${JSON.stringify(json)}`);
    assert.match(
      JSON.stringify(r.body),
      new RegExp(message.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")),
    );
  };
  await refused(
    "addTcp",
    { IP_Port_Tx_Primary: "203.0.113.5" },
    "Primary destination must be host:port (e.g. 203.0.113.5:5000)",
  );
  await refused(
    "addTcp",
    { IP_Port_Tx_Primary: "203.0.113.5:70000" },
    "Primary destination port must be between 1 and 65535",
  );
  await refused(
    "addTcp",
    { IP_Port_Tx_Primary: "203.0.113.5:5000", IP_Port_Tx_Secondary: "h:0" },
    "Backup destination port must be between 1 and 65535",
  );
  await refused(
    "addFtp",
    { ftp_Primary: "http://ftp.example.com/in" },
    "Primary destination must be an FTP address",
  );
  await refused(
    "addWs",
    { ws_Primary: "ftp://x.example.com" },
    "must be an http:// or https:// URL",
  );
  await refused("addWs", { ws_Primary: "https://" }, "must be an http:// or https:// URL");
  await refused("addSmtp", { emailMaster: "nobody" }, "Master e-mail must be an e-mail address");
  await refused(
    "addTcp",
    { IP_Port_Tx_Primary: "a:1", Conversion: 6 },
    "Conversion must be one of",
  );

  // Accepted forms: ftp with or without ftp://, a port and a path; ws http and https.
  for (
    const ftp of [
      "ftp.example.com:21/inbound/positions",
      "ftp://ftp.example.com/in",
      "203.0.113.21",
    ]
  ) {
    const r = await post(ctx, token, "addFtp", { Remise: tgid.id, ftp_Primary: ftp, mode: 0 });
    assert.equal(r.status, 200, `${ftp}: ${JSON.stringify(r.body)}`);
    const route = (r.body as { route: Body }).route;
    assert.equal(route.ftp_Type, 0);
    assert.equal(route.ftp_Verif, 0);
  }
  const ws = await post(ctx, token, "addWs", {
    Remise: tgid.id,
    ws_Primary: "http://api.example.com:8080/in",
    ws_Secondary: "https://b.example.com/in",
    keys: "dnid,member",
    token: "abc",
    namespace: "urn:x",
    format: "JSON",
  });
  assert.equal(ws.status, 200, JSON.stringify(ws.body));
  const w = (ws.body as { route: Body }).route;
  assert.deepEqual([w.keys, w.token, w.Namespace, w.Format], [
    "dnid,member",
    "abc",
    "urn:x",
    "JSON",
  ]);
  assert.equal(w.ws_Secondary_Up, 1);
});

dbTest("[rest/push] SMTP: secondary e-mails are normalised, each must be valid", async (ctx) => {
  const token = await admin(ctx);
  const tgid = await ctx.f.tgid();
  const r = await post(ctx, token, "addSmtp", {
    Remise: tgid.id,
    emailMaster: "positions@example.com",
    emailSecondary: " ops@example.com ;\nduty@example.com,, fleet@example.com;\n",
    encoding: "Mime64",
    signature: "DR_Cap",
    subject: "DR_Cap",
    body: "",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const route = (r.body as { route: Body }).route;
  assert.equal(route.email_Secondary, "ops@example.com,duty@example.com,fleet@example.com");
  assert.deepEqual(
    [route.Encoding, route.Signature, route.Subject, route.Body],
    ["Mime64", "DR_Cap", "DR_Cap", null],
  );
  const [row] = await ctx.db.select().from(smtpRoutes).where(eq(smtpRoutes.id, route.id as number));
  assert.equal(row.emailSecondary, "ops@example.com,duty@example.com,fleet@example.com");

  const bad = await post(ctx, token, "updateSmtp", {
    id: route.id,
    Remise: tgid.id,
    emailMaster: "positions@example.com",
    emailSecondary: "ops@example.com; not-an-address",
  });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /Secondary e-mail not-an-address is not a valid address/);

  const upd = await post(ctx, token, "updateSmtp", {
    id: route.id,
    Remise: tgid.id,
    emailMaster: "positions@example.com",
    emailSecondary: "",
  });
  assert.equal(upd.status, 200);
  assert.equal(bodyOf(upd).email_Secondary, null);
  assert.equal((await get(ctx, token, "deleteSmtp", route.id as number)).status, 200);
});

dbTest("[rest/push] lockDestination locks (negative up flag) and unlocks (1)", async (ctx) => {
  const token = await admin(ctx);
  const tgid = await ctx.f.tgid();
  const { id } = await makeRoute(ctx.db, "tcp", tgid.id);
  const flags = async () => {
    const [r] = await ctx.db.select().from(tcpRoutes).where(eq(tcpRoutes.id, id));
    return [r.txPrimaryUp, r.txSecondaryUp];
  };
  const lock = (target: string, lock: boolean, type = "tcp", routeId = id) =>
    post(ctx, token, "lockDestination", { id: routeId, type, target, lock });

  const locked = await lock("backup", true);
  assert.equal(locked.status, 200, JSON.stringify(locked.body));
  assert.deepEqual(locked.body, { id, type: "tcp", target: "backup", up: -1, locked: true });
  assert.deepEqual(await flags(), [1, -1]);
  // Locking again changes nothing; an update keeps the lock.
  assert.equal(bodyOf(await lock("backup", true)).up, -1);
  const upd = await post(ctx, token, "updateTcp", {
    id,
    Remise: tgid.id,
    IP_Port_Tx_Primary: "203.0.113.5:5000",
    IP_Port_Tx_Secondary: "198.51.100.5:5000",
    Tx_Secondary_Up: 1,
  });
  assert.equal(upd.status, 200, JSON.stringify(upd.body));
  assert.deepEqual(await flags(), [1, -1]);

  assert.equal(bodyOf(await lock("primary", true)).locked, true);
  assert.deepEqual(await flags(), [-1, -1]);
  assert.deepEqual((await lock("backup", false)).body, {
    id,
    type: "tcp",
    target: "backup",
    up: 1,
    locked: false,
  });
  assert.deepEqual(await flags(), [-1, 1]);

  // The other types, and the refusals.
  const ftp = await makeRoute(ctx.db, "ftp", tgid.id);
  assert.equal(bodyOf(await lock("primary", true, "ftp", ftp.id)).up, -1);
  const ws = await makeRoute(ctx.db, "ws", tgid.id, { wsSecondary: null, wsSecondaryUp: 0 });
  const noBackup = await lock("backup", true, "ws", ws.id);
  assert.equal(noBackup.status, 409);
  assert.equal(bodyOf(noBackup).message, "This route has no backup destination");
  assert.equal((await lock("primary", true, "ws", ws.id + 1000)).status, 404);
  assert.equal((await lock("primary", true, "smtp")).status, 400);
  assert.equal((await lock("middle", true)).status, 400);
});

dbTest("[rest/push] route calls are for administrators: a client gets 403", async (ctx) => {
  const client = await ctx.f.user({ rights: 100 });
  const tgid = await ctx.f.tgid({ teamId: client.teamId });
  const { token } = await signIn(ctx, client.id, TEST_PASSWORD);
  const { id } = await makeRoute(ctx.db, "tcp", tgid.id);
  assert.equal(
    (await post(ctx, token, "addTcp", { Remise: tgid.id, IP_Port_Tx_Primary: "h:1" })).status,
    403,
  );
  assert.equal(
    (await post(ctx, token, "lockDestination", { id, type: "tcp", target: "backup", lock: true }))
      .status,
    403,
  );
  assert.equal((await get(ctx, token, "deleteTcp", id)).status, 403);
  const [row] = await ctx.db.select().from(tcpRoutes).where(eq(tcpRoutes.id, id));
  assert.equal(row.txSecondaryUp, 1);
});
