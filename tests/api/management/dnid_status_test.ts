/**
 * The dnid status calls: the status list (filters, active, sorting, paging, the default flag,
 * terminals and exception counts), marking members active or inactive (and the not-authorized
 * refusal), the default mtl and its toggle, a member's details, deleting a member, the oceans and
 * the member routing exceptions; and client isolation throughout.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { admin, assertAdminOnly, terminal } from "../../fixtures/companies_teams.ts";
import {
  companies,
  defaultMtls,
  dnidStatuses,
  routingMemberRules,
} from "../../../db/schema/mod.ts";
import { OCEANS } from "../../../openapi/enums.ts";
import { DNID_STATUS_MESSAGES } from "../../../openapi/schemas/dnids/dnid_status.ts";
import { ROUTING_RULE_MESSAGES } from "../../../openapi/schemas/tgid/routing_rules.ts";

type StatusRow = typeof dnidStatuses.$inferSelect;

/** A client (team rights 100) of a new company, signed in, with a tgid of its team. */
async function client(ctx: Ctx) {
  const user = await ctx.f.user({ rights: 100 });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  const tgid = await ctx.f.tgid({ teamId: user.teamId });
  return { user, token, tgid, companyId: user.companyId };
}

let devices = 0;
/** A device (imn) no other test uses. */
const newDevice = () =>
  `4${String(Date.now() % 1e7).padStart(7, "0")}${(++devices).toString().padStart(3, "0")}${
    Math.floor(Math.random() * 1000)
  }`;

/** A member row with everything set explicitly. */
async function member(
  ctx: Ctx,
  dnid: { id: number; les: number },
  m: number,
  opts: Partial<typeof dnidStatuses.$inferInsert> = {},
): Promise<StatusRow> {
  const [row] = await ctx.db.insert(dnidStatuses).values({
    dnidId: dnid.id,
    les: dnid.les,
    member: m,
    device: newDevice(),
    serial: `SN-${m}`,
    status: 0,
    ...opts,
  }).returning();
  return row;
}

const keyOf = (s: StatusRow) => ({
  dnid: s.dnidId,
  les: s.les,
  member: s.member,
  device: s.device,
});
const query = (s: StatusRow) =>
  new URLSearchParams({
    dnid: String(s.dnidId),
    les: String(s.les),
    member: String(s.member),
    device: s.device,
  }).toString();
const setActive = (s: StatusRow, active: boolean) => ({
  device: s.device,
  dnid_id: s.dnidId,
  member: s.member,
  les: s.les,
  active,
});

type Row = { dnid: number; les: number; member: number; device: string };
const find = async (ctx: Ctx, token: string, body: Record<string, unknown>) => {
  const r = await ctx.call("POST", "/rest/dnids/getDnidStatuses", { token, json: body });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { data: (Row & Record<string, unknown>)[]; total: number; filtered: number };
};
const keys = (rows: Row[]) => rows.map((r) => `${r.dnid}/${r.les}/${r.member}/${r.device}`);
const k = (s: StatusRow) => `${s.dnidId}/${s.les}/${s.member}/${s.device}`;

async function statusOf(ctx: Ctx, s: StatusRow) {
  const [row] = await ctx.db.select().from(dnidStatuses).where(and(
    eq(dnidStatuses.dnidId, s.dnidId),
    eq(dnidStatuses.les, s.les),
    eq(dnidStatuses.member, s.member),
    eq(dnidStatuses.device, s.device),
  ));
  return row;
}

async function defaultOf(ctx: Ctx, device: string) {
  const [row] = await ctx.db.select().from(defaultMtls).where(eq(defaultMtls.deviceId, device));
  return row ?? null;
}

// ---- the list ----

dbTest(
  "[rest/dnid-status] getDnidStatuses: a row with its state, default flag, tgid, terminal and exceptions",
  async (ctx) => {
    const c = await client(ctx);
    const dnid = await ctx.f.dnid({ companyId: c.companyId, tgidId: c.tgid.id });
    const device = newDevice();
    const vessel = await terminal(ctx, c.tgid.id, { label: "Vessel 7", imn: device, serial: "S7" });
    const updatedOn = new Date("2026-03-04T05:06:07.000Z");
    const progUpdatedOn = new Date("2026-03-01T00:00:00.000Z");
    const s = await member(ctx, dnid, 7, {
      device,
      serial: "S7",
      status: 2,
      progActive: true,
      progInterval: 360,
      progStartFrame: 1200,
      progUpdatedOn,
      updatedOn,
    });
    await ctx.db.insert(defaultMtls).values({
      deviceId: device,
      dnidId: dnid.id,
      les: dnid.les,
      member: 7,
    });
    const other = await ctx.f.tgid({ teamId: c.user.teamId, label: "Elsewhere" });
    for (const ocean of ["AORW", "IOR"]) {
      await ctx.db.insert(routingMemberRules).values({
        tgidId: other.id,
        dnidId: dnid.id,
        les: dnid.les,
        member: 7,
        ocean,
      });
    }
    const plain = await member(ctx, dnid, 8, { status: 5, updatedOn });

    const r = await find(ctx, c.token, { filter: { dnid: dnid.id }, count: 255 });
    assert.deepEqual(r, {
      data: [
        {
          dnid: dnid.id,
          les: 21,
          member: 7,
          device,
          serial: "S7",
          status: 2,
          state: "active",
          isDefault: true,
          progActive: true,
          progInterval: 360,
          progStartFrame: 1200,
          progUpdatedOn: progUpdatedOn.toISOString(),
          updatedOn: updatedOn.toISOString(),
          tgid: { id: c.tgid.id, label: c.tgid.label },
          terminal: { deviceId: vessel.deviceId, label: "Vessel 7" },
          exceptions: 2,
        },
        {
          dnid: dnid.id,
          les: 21,
          member: 8,
          device: plain.device,
          serial: "SN-8",
          status: 5,
          state: "inactive",
          isDefault: false,
          progActive: false,
          progInterval: null,
          progStartFrame: null,
          progUpdatedOn: null,
          updatedOn: updatedOn.toISOString(),
          tgid: { id: c.tgid.id, label: c.tgid.label },
          terminal: null,
          exceptions: 0,
        },
      ],
      total: 2,
      filtered: 2,
      totalCapped: false,
      filteredCapped: false,
    });
    assert.equal(k(s), keys(r.data)[0]);
  },
);

dbTest(
  "[rest/dnid-status] getDnidStatuses: each filter, active true/false/null, and the totals",
  async (ctx) => {
    const c = await client(ctx);
    const a = await ctx.f.dnid({ companyId: c.companyId, tgidId: c.tgid.id });
    const b = await ctx.f.dnid({ companyId: c.companyId, les: 15 });
    const a1 = await member(ctx, a, 1, { status: 0, device: "871234001", serial: "TT-A1" });
    const a2 = await member(ctx, a, 2, { status: 2, device: "871234002", serial: "TT-A2" });
    const a3 = await member(ctx, a, 3, { status: 3, device: "761234003", serial: "XY-187" });
    const b1 = await member(ctx, b, 1, { status: -1, device: "761871234", serial: "TT-B1" });
    const b2 = await member(ctx, b, 4, { status: 9, device: "551234005", serial: null });
    const all = [a1, a2, a3, b1, b2].map(k).sort();

    const check = async (body: Record<string, unknown>, expected: StatusRow[], what: string) => {
      const r = await find(ctx, c.token, { count: 255, ...body });
      assert.deepEqual(keys(r.data).sort(), expected.map(k).sort(), what);
      assert.equal(r.total, 5, `${what}: total is every row the client may see`);
      assert.equal(r.filtered, expected.length, what);
    };
    // A new company: the client's rows are exactly these five.
    assert.deepEqual(keys((await find(ctx, c.token, { count: 255 })).data).sort(), all);
    await check({ filter: { dnid: a.id } }, [a1, a2, a3], "dnid");
    await check({ filter: { dnid: String(b.id) } }, [b1, b2], "dnid as text");
    await check({ filter: { les: 15 } }, [b1, b2], "les");
    await check({ filter: { member: 1 } }, [a1, b1], "member");
    // The device filter is a prefix: 871234 starts a1 and a2, and is inside b1's device only.
    await check({ filter: { device: "871234" } }, [a1, a2], "device prefix");
    await check({ filter: { serial: "tt-" } }, [a1, a2, b1], "serial contains, any case");
    await check({ filter: { serial: "18" } }, [a3], "serial contains");
    await check({ filter: { state: "active" } }, [a1, a2], "state active");
    await check({ filter: { state: "inactive" } }, [a3, b2], "state inactive");
    await check({ filter: { state: "unauthorized" } }, [b1], "state unauthorized");
    await check({ filter: { tgid: c.tgid.id } }, [a1, a2, a3], "the dnid's tgid");
    await check({ active: true }, [a1, a2], "active: status 0 to 2, not the negative");
    await check({ active: false }, [a3, b2], "inactive: 3 or more");
    await check({ active: null }, [a1, a2, a3, b1, b2], "active null: all");
    await check({}, [a1, a2, a3, b1, b2], "active absent: all");
    await check({ active: true, filter: { les: 21, member: 2 } }, [a2], "combined");

    for (
      const [body, message] of [
        [{ filter: { state: "asleep" } }, "State must be one of active, inactive, unauthorized"],
        [{ filter: { member: "x" } }, "Member must be a whole number"],
        [{ active: "yes" }, "Active must be true, false or null"],
        [
          { sorting: { field: "serial" } },
          "Sort by one of: dnid, member, device, status, updatedOn",
        ],
        [{ filter: { company: "x" } }, undefined],
      ] as const
    ) {
      const r = await ctx.call("POST", "/rest/dnids/getDnidStatuses", {
        token: c.token,
        json: body,
      });
      assert.equal(r.status, 400, JSON.stringify(body));
      if (message) assert.equal(r.body.message, message);
    }
  },
);

dbTest(
  "[rest/dnid-status] getDnidStatuses: sorts (default dnid, LES, member, device) and pages",
  async (ctx) => {
    const c = await client(ctx);
    const lo = await ctx.f.dnid({ companyId: c.companyId, id: 1_900_000_000 + (Date.now() % 1e6) });
    const hi = await ctx.f.dnid({ companyId: c.companyId, id: lo.id + 1 });
    const hi15 = await ctx.f.dnid({ companyId: c.companyId, id: lo.id + 1, les: 15 });
    const t = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));
    const rows = [
      await member(ctx, hi, 2, { device: "3000", status: 4, updatedOn: t(5) }),
      await member(ctx, hi, 1, { device: "2000", status: 1, updatedOn: t(1) }),
      await member(ctx, hi15, 1, { device: "1000", status: 0, updatedOn: t(3) }),
      await member(ctx, lo, 9, { device: "5000", status: 3, updatedOn: t(2) }),
      await member(ctx, hi, 1, { device: "1500", status: -2, updatedOn: t(4) }),
    ];
    const [h2, h1b, h15, l9, h1a] = rows;
    const order = async (sorting?: Record<string, string>) =>
      keys((await find(ctx, c.token, { count: 255, ...(sorting ? { sorting } : {}) })).data);

    // Default: dnid, then LES, member and device.
    assert.deepEqual(await order(), [l9, h15, h1a, h1b, h2].map(k));
    assert.deepEqual(
      await order({ field: "dnid", direction: "desc" }),
      [h2, h1b, h1a, h15, l9].map(k),
    );
    assert.deepEqual(await order({ field: "member" }), [h15, h1a, h1b, h2, l9].map(k));
    assert.deepEqual(
      await order({ field: "device", direction: "desc" }),
      [l9, h2, h1b, h1a, h15].map(k),
    );
    assert.deepEqual(await order({ field: "status" }), [h1a, h15, h1b, l9, h2].map(k));
    assert.deepEqual(
      await order({ field: "updatedOn", direction: "desc" }),
      [h2, h1a, h15, l9, h1b].map(k),
    );

    // Pages of two, in the default order, never overlapping.
    const pages = [];
    for (const page of [1, 2, 3]) {
      const r = await find(ctx, c.token, { count: 2, page });
      assert.equal(r.total, 5);
      assert.equal(r.filtered, 5);
      pages.push(...keys(r.data));
    }
    assert.deepEqual(pages, [l9, h15, h1a, h1b, h2].map(k));
    // The API's own default page size is the find calls' (10); the page asks for 255.
    const big = await find(ctx, c.token, { count: 255 });
    assert.equal(big.data.length, 5);
  },
);

dbTest(
  "[rest/dnid-status] a client sees only its company's members; an administrator every company's",
  async (ctx) => {
    const a = await client(ctx), b = await client(ctx);
    const da = await ctx.f.dnid({ companyId: a.companyId, tgidId: a.tgid.id });
    const db = await ctx.f.dnid({ companyId: b.companyId, tgidId: b.tgid.id });
    const sa = await member(ctx, da, 1);
    const sb = await member(ctx, db, 1);
    // A's device is a terminal of B's tgid: A's row names no terminal of B's.
    await terminal(ctx, b.tgid.id, { label: "B's vessel", imn: sa.device });

    const mine = await find(ctx, a.token, { count: 255 });
    assert.deepEqual(keys(mine.data), [k(sa)]);
    assert.equal(mine.total, 1);
    assert.equal(mine.data[0].terminal, null);
    assert.doesNotMatch(JSON.stringify(mine), /B's vessel/);
    const asking = await find(ctx, a.token, { filter: { dnid: db.id } });
    assert.deepEqual(asking.data, []);
    assert.equal(asking.total, 1);

    const { token } = await admin(ctx);
    const both = await find(ctx, token, { filter: { tgid: b.tgid.id } });
    assert.deepEqual(keys(both.data), [k(sb)]);
    const aRow = await find(ctx, token, { filter: { dnid: da.id } });
    assert.equal((aRow.data[0].terminal as { label: string }).label, "B's vessel");
  },
);

// ---- marking active and inactive ----

dbTest(
  "[rest/dnid-status] setdnidActive: false sets 3, true sets 0, and answers the row",
  async (ctx) => {
    const c = await client(ctx);
    const dnid = await ctx.f.dnid({ companyId: c.companyId, tgidId: c.tgid.id });
    const old = new Date("2026-01-01T00:00:00.000Z");
    const s = await member(ctx, dnid, 3, { status: 1, updatedOn: old });

    const off = await ctx.call("POST", "/rest/dnids/setdnidActive", {
      token: c.token,
      json: setActive(s, false),
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.status, 3);
    assert.equal(off.body.state, "inactive");
    assert.deepEqual(
      [off.body.dnid, off.body.les, off.body.member, off.body.device],
      [s.dnidId, 21, 3, s.device],
    );
    assert.equal((await statusOf(ctx, s)).status, 3);
    assert.ok((await statusOf(ctx, s)).updatedOn > old, "updatedOn moves");

    const on = await ctx.call("POST", "/rest/dnids/setdnidActive", {
      token: c.token,
      json: setActive(s, true),
    });
    assert.equal(on.status, 200);
    assert.equal(on.body.status, 0);
    assert.equal(on.body.state, "active");
    assert.equal((await statusOf(ctx, s)).status, 0);
    // An inactive one other than 3 becomes 0 too; an active one other than 0 becomes 3.
    const five = await member(ctx, dnid, 4, { status: 5 });
    await ctx.call("POST", "/rest/dnids/setdnidActive", {
      token: c.token,
      json: setActive(five, true),
    });
    assert.equal((await statusOf(ctx, five)).status, 0);
  },
);

dbTest(
  "[rest/dnid-status] setdnidActive refuses a not authorized member with the spec's message, unchanged",
  async (ctx) => {
    const c = await client(ctx);
    const dnid = await ctx.f.dnid({ companyId: c.companyId });
    const old = new Date("2026-01-01T00:00:00.000Z");
    const s = await member(ctx, dnid, 5, { status: -1, updatedOn: old });
    for (const active of [true, false]) {
      const r = await ctx.call("POST", "/rest/dnids/setdnidActive", {
        token: c.token,
        json: setActive(s, active),
      });
      assert.equal(r.status, 409);
      assert.deepEqual(r.body, {
        code: 409,
        message: "User not authorize to change active staus of this device",
      });
      const row = await statusOf(ctx, s);
      assert.equal(row.status, -1);
      assert.equal(row.updatedOn.toISOString(), old.toISOString());
    }
    assert.equal(
      DNID_STATUS_MESSAGES.notAuthorized,
      "User not authorize to change active staus of this device",
    );
  },
);

dbTest(
  "[rest/dnid-status] setdnidActive: 404 for an unknown member and for another company's, unchanged",
  async (ctx) => {
    const a = await client(ctx), b = await client(ctx);
    const db = await ctx.f.dnid({ companyId: b.companyId });
    const sb = await member(ctx, db, 1, { status: 0 });
    const theirs = await ctx.call("POST", "/rest/dnids/setdnidActive", {
      token: a.token,
      json: setActive(sb, false),
    });
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body, { code: 404, message: "Dnid status not found" });
    assert.equal((await statusOf(ctx, sb)).status, 0);
    const unknown = await ctx.call("POST", "/rest/dnids/setdnidActive", {
      token: b.token,
      json: { ...setActive(sb, false), member: 256 },
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, theirs.body, "another company's answers like a missing one");
    const bad = await ctx.call("POST", "/rest/dnids/setdnidActive", {
      token: b.token,
      json: { ...setActive(sb, false), active: "no" },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, "Active must be true or false");
  },
);

// ---- the default mtl ----

dbTest(
  "[rest/dnid-status] defaultMtl: update sets and moves the default, delete removes it (the toggle)",
  async (ctx) => {
    const c = await client(ctx);
    const d1 = await ctx.f.dnid({ companyId: c.companyId, tgidId: c.tgid.id });
    const d2 = await ctx.f.dnid({ companyId: c.companyId, tgidId: c.tgid.id });
    const device = newDevice();
    const s1 = await member(ctx, d1, 1, { device });
    const s2 = await member(ctx, d2, 6, { device });
    const flags = async () =>
      Object.fromEntries(
        (await find(ctx, c.token, { filter: { tgid: c.tgid.id }, count: 255 })).data
          .map((r) => [`${r.dnid}/${r.member}`, r.isDefault]),
      );
    const body = (s: StatusRow) => ({
      deviceId: s.device,
      dnid: s.dnidId,
      les: s.les,
      member: s.member,
    });
    assert.deepEqual(await flags(), { [`${d1.id}/1`]: false, [`${d2.id}/6`]: false });

    // Toggle on: not the default → update.
    const set = await ctx.call("POST", "/rest/defaultMtl/update", {
      token: c.token,
      json: body(s1),
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body, body(s1));
    assert.deepEqual(await flags(), { [`${d1.id}/1`]: true, [`${d2.id}/6`]: false });
    // Setting another member of the same terminal moves the default (one per terminal).
    const moved = await ctx.call("POST", "/rest/defaultMtl/update", {
      token: c.token,
      json: body(s2),
    });
    assert.equal(moved.status, 200);
    assert.deepEqual(await flags(), { [`${d1.id}/1`]: false, [`${d2.id}/6`]: true });
    assert.equal((await defaultOf(ctx, device))?.dnidId, d2.id);

    // Toggle off: the default → delete.
    const gone = await ctx.call("POST", "/rest/defaultMtl/delete", {
      token: c.token,
      json: { deviceId: device },
    });
    assert.equal(gone.status, 200);
    assert.deepEqual(gone.body, body(s2));
    assert.equal(await defaultOf(ctx, device), null);
    assert.deepEqual(await flags(), { [`${d1.id}/1`]: false, [`${d2.id}/6`]: false });
    const again = await ctx.call("POST", "/rest/defaultMtl/delete", {
      token: c.token,
      json: { deviceId: device },
    });
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, { code: 404, message: "Default mtl not found" });

    // The status row must exist: a member the terminal is not on is 404.
    const none = await ctx.call("POST", "/rest/defaultMtl/update", {
      token: c.token,
      json: { ...body(s1), member: 99 },
    });
    assert.equal(none.status, 404);
    assert.equal(await defaultOf(ctx, device), null);
  },
);

dbTest(
  "[rest/dnid-status] defaultMtl: a client cannot set, take over or delete another company's default",
  async (ctx) => {
    const a = await client(ctx), b = await client(ctx);
    const da = await ctx.f.dnid({ companyId: a.companyId });
    const db = await ctx.f.dnid({ companyId: b.companyId });
    const device = newDevice();
    const sa = await member(ctx, da, 1, { device });
    const sb = await member(ctx, db, 2, { device });
    const body = (s: StatusRow) => ({
      deviceId: device,
      dnid: s.dnidId,
      les: s.les,
      member: s.member,
    });

    // B's member, by A: 404, nothing set.
    const theirs = await ctx.call("POST", "/rest/defaultMtl/update", {
      token: a.token,
      json: body(sb),
    });
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body, { code: 404, message: "Dnid status not found" });
    assert.equal(await defaultOf(ctx, device), null);

    // B sets its default; A cannot take the terminal's default over, nor delete it.
    assert.equal(
      (await ctx.call("POST", "/rest/defaultMtl/update", { token: b.token, json: body(sb) }))
        .status,
      200,
    );
    const takeOver = await ctx.call("POST", "/rest/defaultMtl/update", {
      token: a.token,
      json: body(sa),
    });
    assert.equal(takeOver.status, 409);
    assert.equal(takeOver.body.message, DNID_STATUS_MESSAGES.otherCompanyDefault(device));
    const del = await ctx.call("POST", "/rest/defaultMtl/delete", {
      token: a.token,
      json: { deviceId: device },
    });
    assert.equal(del.status, 404);
    assert.deepEqual(del.body, { code: 404, message: "Default mtl not found" });
    assert.equal((await defaultOf(ctx, device))?.dnidId, db.id, "B's default stays");
    // A's list shows its member without the flag.
    const mine = await find(ctx, a.token, { filter: { dnid: da.id } });
    assert.equal(mine.data[0].isDefault, false);

    // An administrator may move it.
    const { token } = await admin(ctx);
    const byAdmin = await ctx.call("POST", "/rest/defaultMtl/update", { token, json: body(sa) });
    assert.equal(byAdmin.status, 200);
    assert.equal((await defaultOf(ctx, device))?.dnidId, da.id);
  },
);

// ---- details ----

dbTest(
  "[rest/dnid-status] getDnidStatusDetails: the row, its dnid and the device's mtl; 404 otherwise",
  async (ctx) => {
    const c = await client(ctx);
    const dnid = await ctx.f.dnid({ companyId: c.companyId, tgidId: c.tgid.id });
    const device = newDevice();
    const vessel = await terminal(ctx, c.tgid.id, { label: "Vessel 9", imn: device, serial: "S9" });
    const s = await member(ctx, dnid, 9, { device, status: -3, progInterval: 60 });

    const r = await ctx.call("GET", `/rest/dnids/getDnidStatusDetails?${query(s)}`, {
      token: c.token,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.status.state, "unauthorized");
    assert.equal(r.body.status.progInterval, 60);
    assert.equal(r.body.status.isDefault, false);
    assert.deepEqual(r.body.status.terminal, { deviceId: vessel.deviceId, label: "Vessel 9" });
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, c.companyId));
    assert.deepEqual(r.body.dnid, {
      id: dnid.id,
      les: 21,
      company: { id: c.companyId, name: company.name },
      tgid: { id: c.tgid.id, label: c.tgid.label },
      comments: null,
      comments2: null,
    });
    assert.deepEqual(r.body.mtl, {
      imn: device,
      serial: "S9",
      model: "TT-3026",
      deviceLabel: null,
      deviceId: vessel.deviceId,
      region: null,
    });

    // A device without an mtl: mtl null.
    const bare = await member(ctx, dnid, 10);
    const noMtl = await ctx.call("GET", `/rest/dnids/getDnidStatusDetails?${query(bare)}`, {
      token: c.token,
    });
    assert.equal(noMtl.status, 200);
    assert.equal(noMtl.body.mtl, null);

    // Another company's, and a missing one: 404 alike.
    const other = await client(ctx);
    const theirs = await ctx.call("GET", `/rest/dnids/getDnidStatusDetails?${query(s)}`, {
      token: other.token,
    });
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body, { code: 404, message: "Dnid status not found" });
    const missing = await ctx.call(
      "GET",
      `/rest/dnids/getDnidStatusDetails?${query({ ...s, device: "0" })}`,
      { token: c.token },
    );
    assert.deepEqual(missing.body, theirs.body);
    const bad = await ctx.call(
      "GET",
      "/rest/dnids/getDnidStatusDetails?dnid=1&les=21&member=x&device=1",
      {
        token: c.token,
      },
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, "Member is not in a valid format");
  },
);

dbTest(
  "[rest/dnid-status] details: a client does not see the mtl of another company's terminal",
  async (ctx) => {
    const a = await client(ctx), b = await client(ctx);
    const da = await ctx.f.dnid({ companyId: a.companyId });
    const device = newDevice();
    await terminal(ctx, b.tgid.id, { label: "B's", imn: device, serial: "B-SERIAL" });
    const s = await member(ctx, da, 1, { device });
    const r = await ctx.call("GET", `/rest/dnids/getDnidStatusDetails?${query(s)}`, {
      token: a.token,
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.mtl, null);
    assert.equal(r.body.status.terminal, null);
    assert.doesNotMatch(JSON.stringify(r.body), /B-SERIAL/);
    const { token } = await admin(ctx);
    const byAdmin = await ctx.call("GET", `/rest/dnids/getDnidStatusDetails?${query(s)}`, {
      token,
    });
    assert.equal(byAdmin.body.mtl.serial, "B-SERIAL");
  },
);

// ---- delete ----

dbTest(
  "[rest/dnid-status] deleteDnidStatus removes the member with its default and, for its last device, its exceptions",
  async (ctx) => {
    const { token } = await admin(ctx);
    const tgid = await ctx.f.tgid();
    const dnid = await ctx.f.dnid({ tgidId: tgid.id });
    const s = await member(ctx, dnid, 4);
    const sibling = await member(ctx, dnid, 4);
    const other = await member(ctx, dnid, 5);
    await ctx.db.insert(defaultMtls).values([
      { deviceId: s.device, dnidId: dnid.id, les: 21, member: 4 },
      { deviceId: other.device, dnidId: dnid.id, les: 21, member: 5 },
    ]);
    await ctx.db.insert(routingMemberRules).values([
      { tgidId: tgid.id, dnidId: dnid.id, les: 21, member: 4, ocean: "POR" },
      { tgidId: tgid.id, dnidId: dnid.id, les: 21, member: 5, ocean: "POR" },
    ]);
    const rulesOf = async (m: number) =>
      (await ctx.db.select().from(routingMemberRules).where(and(
        eq(routingMemberRules.dnidId, dnid.id),
        eq(routingMemberRules.member, m),
      ))).length;

    const first = await ctx.call("POST", "/rest/dnids/deleteDnidStatus", { token, json: keyOf(s) });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body, { ...keyOf(s), defaultRemoved: true, routingExceptions: 0 });
    assert.equal(await statusOf(ctx, s), undefined);
    assert.equal(await defaultOf(ctx, s.device), null);
    assert.equal(await rulesOf(4), 1, "another device of member 4 remains: its exception stays");

    const last = await ctx.call("POST", "/rest/dnids/deleteDnidStatus", {
      token,
      json: keyOf(sibling),
    });
    assert.deepEqual(last.body, { ...keyOf(sibling), defaultRemoved: false, routingExceptions: 1 });
    assert.equal(await rulesOf(4), 0);
    // Member 5 is untouched.
    assert.ok(await statusOf(ctx, other));
    assert.equal(await rulesOf(5), 1);
    assert.equal((await defaultOf(ctx, other.device))?.member, 5);

    const again = await ctx.call("POST", "/rest/dnids/deleteDnidStatus", { token, json: keyOf(s) });
    assert.equal(again.status, 404);
  },
);

// ---- oceans and routing exceptions ----

dbTest("[rest/dnid-status] getOceans answers the oceans to any user", async (ctx) => {
  const c = await client(ctx);
  const r = await ctx.call("GET", "/rest/dnids/getOceans", { token: c.token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, ["AORW", "AORE", "POR", "IOR", "CURRENT", "ALL"]);
  assert.deepEqual(r.body, [...OCEANS]);
});

dbTest(
  "[rest/dnid-status] routing exceptions: add, list, duplicate, unknown tgid, dnid or member, remove, all",
  async (ctx) => {
    const { token } = await admin(ctx);
    const home = await ctx.f.tgid({ label: "Home" });
    const away = await ctx.f.tgid({ label: null });
    const dnid = await ctx.f.dnid({ tgidId: home.id });
    const s = await member(ctx, dnid, 12);
    const rule = (tgid: number, ocean: string) => ({
      tgidid: tgid,
      dnidid: dnid.id,
      dnidles: 21,
      member: 12,
      ocean,
    });
    const list = async () =>
      (await ctx.call(
        "GET",
        `/rest/tgid/listRoutingRulesByDnid?dnid=${dnid.id}&les=21&member=12`,
        { token },
      )).body;
    assert.deepEqual(await list(), []);

    const added = await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: rule(away.id, "IOR"),
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual(added.body, {
      tgid: { id: away.id, label: String(away.id) },
      dnid: dnid.id,
      les: 21,
      member: 12,
      ocean: "IOR",
    });
    await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: rule(home.id, "AORE"),
    });
    assert.deepEqual((await list()).map((r: { ocean: string }) => r.ocean), ["AORE", "IOR"]);
    // The status list counts them.
    const row = (await find(ctx, token, { filter: { dnid: dnid.id } })).data[0];
    assert.equal(row.exceptions, 2);
    assert.equal(row.device, s.device);

    const dup = await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: rule(away.id, "IOR"),
    });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { code: 23000, message: "This routing exception already exists" });
    assert.equal(ROUTING_RULE_MESSAGES.duplicate, dup.body.message);

    const noTgid = await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: rule(2_147_483_000, "IOR"),
    });
    assert.equal(noTgid.status, 404);
    assert.equal(noTgid.body.message, "Tgid 2147483000 not found");
    const noDnid = await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: { ...rule(away.id, "IOR"), dnidles: 15 },
    });
    assert.equal(noDnid.status, 404);
    assert.equal(noDnid.body.message, `Dnid ${dnid.id} (LES 15) not found`);
    // A member the dnid does not have: refused, naming the member, and nothing stored.
    const stranger = await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: { ...rule(away.id, "POR"), member: 13 },
    });
    assert.equal(stranger.status, 400);
    const notAMember = `Member 13 is not a member of dnid ${dnid.id} (LES 21)`;
    assert.deepEqual(stranger.body, {
      code: 400,
      message: notAMember,
      fields: [{ path: "member", message: notAMember }],
    });
    assert.equal(ROUTING_RULE_MESSAGES.notAMember(13, dnid.id, 21), notAMember);
    assert.deepEqual(
      await ctx.db.select().from(routingMemberRules).where(and(
        eq(routingMemberRules.dnidId, dnid.id),
        eq(routingMemberRules.member, 13),
      )),
      [],
    );
    const noList = await ctx.call(
      "GET",
      `/rest/tgid/listRoutingRulesByDnid?dnid=${dnid.id}&les=15&member=12`,
      { token },
    );
    assert.equal(noList.status, 404);
    const badOcean = await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: rule(away.id, "ARCTIC"),
    });
    assert.equal(badOcean.status, 400);
    assert.equal(badOcean.body.message, `Ocean must be one of ${OCEANS.join(", ")}`);
    const noChoice = await ctx.call("POST", "/rest/tgid/addDnidRoutingRules", {
      token,
      json: { ...rule(away.id, "IOR"), tgidid: null },
    });
    assert.equal(noChoice.status, 400);
    assert.equal(noChoice.body.message, "Please, select a Tgid");

    // Every exception, ordered by dnid, LES and member: ours are in that order among them.
    const all = await ctx.call("GET", "/rest/dnids/getDnidRoutingData", { token });
    assert.equal(all.status, 200);
    const ours = all.body.filter((r: { dnid: number }) => r.dnid === dnid.id);
    assert.deepEqual(
      ours.map((r: { ocean: string; tgid: { id: number; label: string } }) => [r.ocean, r.tgid]),
      [
        ["AORE", { id: home.id, label: "Home" }],
        ["IOR", { id: away.id, label: String(away.id) }],
      ],
    );
    const order = all.body.map((r: { dnid: number; les: number; member: number }) => [
      r.dnid,
      r.les,
      r.member,
    ]);
    const sorted = [...order].sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
    assert.deepEqual(order, sorted);

    const removed = await ctx.call("POST", "/rest/tgid/removeDnidRoutingRules", {
      token,
      json: rule(away.id, "IOR"),
    });
    assert.equal(removed.status, 200);
    assert.equal(removed.body.ocean, "IOR");
    assert.deepEqual((await list()).map((r: { ocean: string }) => r.ocean), ["AORE"]);
    const twice = await ctx.call("POST", "/rest/tgid/removeDnidRoutingRules", {
      token,
      json: rule(away.id, "IOR"),
    });
    assert.equal(twice.status, 404);
    assert.deepEqual(twice.body, { code: 404, message: "Routing exception not found" });
  },
);

dbTest(
  "[rest/dnid-status] administrators only: delete, routing data and the routing exception calls",
  async (ctx) => {
    const c = await client(ctx);
    const dnid = await ctx.f.dnid({ companyId: c.companyId, tgidId: c.tgid.id });
    const s = await member(ctx, dnid, 1);
    const rule = {
      tgidid: c.tgid.id,
      dnidid: dnid.id,
      dnidles: 21,
      member: 1,
      ocean: "AORW",
    };
    await assertAdminOnly(ctx, c.token, [
      ["POST", "/rest/dnids/deleteDnidStatus", keyOf(s)],
      ["GET", "/rest/dnids/getDnidRoutingData"],
      ["GET", `/rest/tgid/listRoutingRulesByDnid?dnid=${dnid.id}&les=21&member=1`],
      ["POST", "/rest/tgid/addDnidRoutingRules", rule],
      ["POST", "/rest/tgid/removeDnidRoutingRules", rule],
    ]);
    assert.ok(await statusOf(ctx, s), "the member stays");
    assert.equal(
      (await ctx.db.select().from(routingMemberRules).where(eq(routingMemberRules.dnidId, dnid.id)))
        .length,
      0,
    );
  },
);
