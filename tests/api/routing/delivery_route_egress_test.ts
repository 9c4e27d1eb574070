/**
 * Route destinations the delivery engine would never dial are refused on add and update
 * (server/services/push/delivery_routes/egress.ts): a metadata, a private and a loopback address not in
 * DELIVERY_ALLOW, as primary or backup, for tcp, ftp and ws, with a 400 naming the field and the
 * engine's reason, nothing written; an address DELIVERY_ALLOW lists is accepted, and so are host
 * names (resolved when delivered) and public addresses even when DELIVERY_PUBLIC denies them.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { call, type Ctx, dbTest, signIn, testApp } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { ftpRoutes, tcpRoutes, wsRoutes } from "../../../db/schema/mod.ts";

const PROTOCOLS = [
  {
    type: "Tcp",
    table: tcpRoutes,
    fields: ["IP_Port_Tx_Primary", "IP_Port_Tx_Secondary"],
    at: (host: string) => `${host}:5000`,
  },
  {
    type: "Ftp",
    table: ftpRoutes,
    fields: ["ftp_Primary", "ftp_Secondary"],
    at: (host: string) => `ftp://${host}/inbound`,
  },
  {
    type: "Ws",
    table: wsRoutes,
    fields: ["ws_Primary", "ws_Secondary"],
    at: (host: string) => `http://${host}:8080/in`,
  },
] as const;

/** [host, the reason the engine gives] for addresses DELIVERY_ALLOW does not list. */
const REFUSED = [
  ["169.254.169.254", "169.254.169.254 is a cloud metadata address (not in DELIVERY_ALLOW)"],
  ["10.1.2.3", "10.1.2.3 is a private address (not in DELIVERY_ALLOW)"],
  ["127.0.0.1", "127.0.0.1 is a loopback address (not in DELIVERY_ALLOW)"],
] as const;
/** Private, but allow-listed in this test's app. */
const ALLOWED = "10.20.30.40";
const LABELS = ["Primary destination", "Backup destination"];

/** An app configured as DELIVERY_ALLOW=10.20.0.0/16 (public destinations denied), signed in. */
async function adminApp(ctx: Ctx) {
  const app = testApp(ctx.database, { DELIVERY_ALLOW: "10.20.0.0/16", DELIVERY_PUBLIC: "deny" });
  const user = await ctx.f.user({ rights: 1 });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  return (path: string, json: unknown) => call(app, "POST", `/rest/push/${path}`, { token, json });
}

for (const p of PROTOCOLS) {
  dbTest(
    `[rest/push] add${p.type} and update${p.type} refuse a metadata, private or loopback destination not in DELIVERY_ALLOW`,
    async (ctx) => {
      const post = await adminApp(ctx);
      const tgid = await ctx.f.tgid();
      const routesOfTgid = () => ctx.db.select().from(p.table).where(eq(p.table.tgidId, tgid.id));
      const body = (primary: string, backup: string | null = null) => ({
        Remise: tgid.id,
        [p.fields[0]]: primary,
        [p.fields[1]]: backup,
      });

      // The allow-listed address is accepted, as primary and as backup.
      const added = await post(`add${p.type}`, body(p.at(ALLOWED), p.at(ALLOWED)));
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const id = added.body.lastInsertId as number;
      const [before] = await routesOfTgid();

      for (const [host, reason] of REFUSED) {
        for (const [i, field] of p.fields.entries()) {
          const request = i === 0
            ? body(p.at(host), p.at(ALLOWED))
            : body(p.at(ALLOWED), p.at(host));
          const message = `${LABELS[i]} is not allowed: ${reason}`;
          for (
            const [path, json] of [[`add${p.type}`, request], [`update${p.type}`, {
              ...request,
              id,
            }]] as const
          ) {
            const r = await post(path, json);
            assert.equal(r.status, 400, `${path} ${field} ${host}: ${JSON.stringify(r.body)}`);
            assert.deepEqual(r.body, { code: 400, message, fields: [{ path: field, message }] });
          }
        }
      }
      // Nothing was written: still the one route, unchanged.
      assert.deepEqual(await routesOfTgid(), [before]);

      const updated = await post(`update${p.type}`, { ...body(p.at(ALLOWED)), id });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
    },
  );
}

dbTest(
  "[rest/push] other written forms of a refused address, localhost and metadata names are refused; host names and public addresses pass",
  async (ctx) => {
    const post = await adminApp(ctx);
    const tgid = await ctx.f.tgid();
    const refused = [
      ["addTcp", { IP_Port_Tx_Primary: "2852039166:80" }, "169.254.169.254 is a cloud metadata"],
      ["addTcp", { IP_Port_Tx_Primary: "0x7f.1:80" }, "127.0.0.1 is a loopback"],
      ["addWs", { ws_Primary: "http://[::1]:8080/in" }, "::1 is a loopback"],
      ["addWs", { ws_Primary: "http://[::ffff:169.254.169.254]/" }, "cloud metadata"],
      ["addWs", { ws_Primary: "https://localhost/in" }, "127.0.0.1 is a loopback"],
      ["addFtp", { ftp_Primary: "metadata.google.internal/in" }, "cloud metadata host"],
    ] as const;
    for (const [path, fields, reason] of refused) {
      const r = await post(path, { Remise: tgid.id, ...fields });
      assert.equal(r.status, 400, `${JSON.stringify(fields)}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, new RegExp(`^Primary destination is not allowed: .*${reason}`));
    }
    // A host name resolves when delivered; a public address is not refused by DELIVERY_PUBLIC
    // here (docs/decisions/0015-delivery-engine.md, "Safety").
    for (
      const [path, fields] of [
        ["addTcp", { IP_Port_Tx_Primary: "tcp.example.com:6000" }],
        ["addTcp", { IP_Port_Tx_Primary: "203.0.113.5:5000" }],
        ["addWs", { ws_Primary: "https://api.example.com/in" }],
      ] as const
    ) {
      const r = await post(path, { Remise: tgid.id, ...fields });
      assert.equal(r.status, 200, `${JSON.stringify(fields)}: ${JSON.stringify(r.body)}`);
    }
  },
);
