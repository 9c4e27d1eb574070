/**
 * The /rest/terminal calls: add and update rules (a tgid of the client's company, the 12 tracking
 * frequencies, the device type's template, VSAT not addable, Inmarsat C "add existing terminal"),
 * the Iritrack canned messages, item log labels and date types, delete (not VSAT nor the default),
 * the label-only edit, find, the device types, and client isolation (a tgid shared with the
 * client's company is read-only for it).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { unique } from "../../fixtures/factories.ts";
import {
  admin,
  assertAdminOnly,
  clientWithTgid as tenant,
  tgidSharedByB,
} from "../../fixtures/companies_teams.ts";
import { mtls, terminalItems, terminals } from "../../../db/schema/mod.ts";
import { TRACKING_FREQUENCIES } from "../../../openapi/enums.ts";
import { TERMINAL_MESSAGES } from "../../../openapi/schemas/terminal/terminals.ts";

/** A 15-digit IMEI no other test picks. */
const imei = () => `30${String(Math.floor(Math.random() * 1e13)).padStart(13, "0")}`;

const add = (ctx: Ctx, token: string, json: Record<string, unknown>) =>
  ctx.call("POST", "/rest/terminal/addDevice", { token, json });

const shout = (tgidId: number, extra: Record<string, unknown> = {}) => ({
  tgidId,
  deviceTypeId: 2,
  items: [{ name: "imei", value: imei() }],
  deviceLabel: unique("Shout"),
  ...extra,
});

// ---- add ----

dbTest("[rest/terminal] addDevice: the new terminal on the caller's tgid", async (ctx) => {
  const t = await tenant(ctx);
  const body = shout(t.tgid.id, { trackingFrequency: 3600, fastTrackingEnabled: true });
  const r = await add(ctx, t.token, body);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.deviceTypeId, 2);
  assert.deepEqual(r.body.deviceType, { id: 2, name: "Shout" });
  assert.equal(r.body.deviceLabel, body.deviceLabel);
  assert.deepEqual(r.body.tgid, { id: t.tgid.id, label: t.tgid.label });
  assert.equal(r.body.terminalSpecificIdentifier, body.items[0].value);
  assert.equal(r.body.trackingFrequency, 3600);
  assert.equal(r.body.fastTrackingEnabled, true);
  assert.equal(r.body.transmitNoChangeEnabled, false, "the flags default to false");
  assert.equal(r.body.transmitOnUpdateEnabled, false);
  assert.equal(r.body.cannedMessages, null);
  assert.equal(r.body.mtl, null);
  const [row] = await ctx.db.select().from(terminals)
    .where(eq(terminals.deviceId, r.body.deviceId));
  assert.equal(row.tgidId, t.tgid.id);
});

dbTest("[rest/terminal] addDevice: a tgid is required ('Please select a tgid')", async (ctx) => {
  const t = await tenant(ctx);
  const other = await tenant(ctx);
  for (const tgidId of [undefined, null, 0, -3, "x", 1.5]) {
    const r = await add(ctx, t.token, shout(0, { tgidId }));
    assert.equal(r.status, 400, `tgidId ${tgidId}`);
    assert.equal(r.body.message, TERMINAL_MESSAGES.selectTgid);
    assert.equal(r.body.message, "Please select a tgid");
  }
  // A tgid of another company answers exactly like an unknown one.
  for (const tgidId of [other.tgid.id, 2_000_000_000]) {
    const r = await add(ctx, t.token, shout(tgidId));
    assert.equal(r.status, 404, `tgidId ${tgidId}`);
    assert.deepEqual(r.body, { code: 404, message: "Tgid not found" });
  }
  const [row] = await ctx.db.select().from(terminals).where(eq(terminals.tgidId, other.tgid.id));
  assert.equal(row, undefined, "nothing added on another company's tgid");
});

dbTest("[rest/terminal] addDevice: exactly the 12 tracking frequencies", async (ctx) => {
  const t = await tenant(ctx);
  const choices = Object.keys(TRACKING_FREQUENCIES).map(Number);
  assert.deepEqual(choices, [
    0,
    300,
    600,
    1800,
    3600,
    7200,
    10800,
    14400,
    18000,
    21600,
    43200,
    86400,
  ]);
  for (const trackingFrequency of choices) {
    const r = await add(ctx, t.token, shout(t.tgid.id, { trackingFrequency }));
    assert.equal(r.status, 200, `${trackingFrequency}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.trackingFrequency, trackingFrequency);
  }
  for (const trackingFrequency of [1, 301, 900, 172800, -300, "3600"]) {
    const r = await add(ctx, t.token, shout(t.tgid.id, { trackingFrequency }));
    assert.equal(r.status, 400, `${trackingFrequency}`);
    assert.match(r.body.message, /^Tracking frequency must be one of 0 Default, 300 5 minutes/);
  }
  const d = await add(ctx, t.token, shout(t.tgid.id));
  assert.equal(d.body.trackingFrequency, 0, "default 0");
});

dbTest("[rest/terminal] addDevice: VSAT has no add form", async (ctx) => {
  const t = await tenant(ctx);
  const r = await add(ctx, t.token, {
    tgidId: t.tgid.id,
    deviceTypeId: 40,
    items: [{ name: "modemSerial", value: "iDirect-X7-12345" }],
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, TERMINAL_MESSAGES.vsatNotAddable);
  assert.match(r.body.message, /^VSAT terminals cannot be added/);
});

dbTest("[rest/terminal] addDevice: items follow the device type's template", async (ctx) => {
  const t = await tenant(ctx);
  const cases: [Record<string, unknown>, RegExp][] = [
    [
      { items: [{ name: "imei", value: imei() }, { name: "bogus", value: "1" }] },
      /Unknown item bogus/,
    ],
    [{ items: [] }, /IMEI is required/],
    [{ items: [{ name: "imei", value: "12345" }] }, /IMEI must be 15 digits/],
    [{ items: [{ name: "imei", value: imei() }, { name: "imei", value: imei() }] }, /given twice/],
    [{ deviceTypeId: 39, items: [{ name: "imei", value: imei() }] }, /Unknown item imei/],
    [{ deviceTypeId: 7 }, /Device type must be one of/],
  ];
  for (const [extra, message] of cases) {
    const r = await add(ctx, t.token, shout(t.tgid.id, extra));
    assert.equal(r.status, 400, JSON.stringify(extra));
    assert.match(r.body.message, message);
  }
  const bgan = await add(ctx, t.token, {
    tgidId: t.tgid.id,
    deviceTypeId: 39,
    items: [{ name: "imsi", value: "901112123456789" }],
  });
  assert.equal(bgan.status, 200, JSON.stringify(bgan.body));
  assert.equal(bgan.body.terminalSpecificIdentifier, "901112123456789");
});

dbTest("[rest/terminal] addDevice: a type's identifier is taken once (409)", async (ctx) => {
  const t = await tenant(ctx);
  const body = shout(t.tgid.id);
  assert.equal((await add(ctx, t.token, body)).status, 200);
  const again = await add(ctx, t.token, body);
  assert.equal(again.status, 409);
  assert.match(again.body.message, /already exists/);
  // Racing adds: the unique index (device type, identifier) lets exactly one through.
  const other = shout(t.tgid.id);
  const raced = await Promise.all([1, 2, 3].map(() => add(ctx, t.token, other)));
  assert.deepEqual(raced.map((r) => r.status).sort(), [200, 409, 409]);
  const identifier = other.items.find((i: { name: string }) => i.name === "imei")!.value;
  const made = await ctx.db.select().from(terminals)
    .where(eq(terminals.terminalSpecificIdentifier, identifier));
  assert.equal(made.length, 1);
});

// ---- Iritrack canned messages ----

dbTest(
  "[rest/terminal] Iritrack: exactly 10 canned-message slots, empty by default",
  async (ctx) => {
    const t = await tenant(ctx);
    const r = await add(ctx, t.token, {
      tgidId: t.tgid.id,
      deviceTypeId: 4,
      items: [{ name: "imei", value: imei() }, { name: "message3", value: "  All OK  " }],
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const expected = ["", "", "", "All OK", "", "", "", "", "", ""];
    assert.deepEqual(r.body.cannedMessages, expected);
    const [item] = await ctx.db.select().from(terminalItems)
      .where(eq(terminalItems.deviceId, r.body.deviceId));
    assert.equal(item.name, "cannedMessages");
    assert.equal(item.type, "ARRAY");
    assert.deepEqual(JSON.parse(item.value!), expected);

    const bad = await add(ctx, t.token, {
      tgidId: t.tgid.id,
      deviceTypeId: 4,
      items: [{ name: "imei", value: imei() }, { name: "message10", value: "x" }],
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /Unknown item message10/);

    // Round trip through an update (administrators'): every slot set, read back in order.
    const { token } = await admin(ctx);
    const all = Array.from({ length: 10 }, (_, i) => ({ name: `message${i}`, value: `Text ${i}` }));
    const u = await ctx.call("POST", "/rest/terminal/updateDevice", {
      token,
      json: {
        deviceId: r.body.deviceId,
        tgidId: t.tgid.id,
        deviceTypeId: 4,
        items: [{ name: "imei", value: r.body.terminalSpecificIdentifier }, ...all],
      },
    });
    assert.equal(u.status, 200, JSON.stringify(u.body));
    const got = await ctx.call("GET", `/rest/terminal/get?id=${r.body.deviceId}`, {
      token: t.token,
    });
    assert.deepEqual(got.body.cannedMessages, all.map((m) => m.value));
  },
);

dbTest(
  "[rest/terminal] get: a stored canned-messages item always reads as 10 slots",
  async (ctx) => {
    const t = await tenant(ctx);
    const short = await ctx.f.terminal({
      tgidId: t.tgid.id,
      deviceTypeId: 4,
      items: [["cannedMessages", "ARRAY", JSON.stringify(["a", "b"])]],
    });
    const none = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 4 });
    const a = await ctx.call("GET", `/rest/terminal/get?id=${short.deviceId}`, { token: t.token });
    assert.deepEqual(a.body.cannedMessages, ["a", "b", "", "", "", "", "", "", "", ""]);
    const b = await ctx.call("GET", `/rest/terminal/get?id=${none.deviceId}`, { token: t.token });
    assert.deepEqual(b.body.cannedMessages, Array(10).fill(""));
  },
);

// ---- item logs ----

dbTest(
  "[rest/terminal] get: item labels from the camel-case name; the date names are DATE",
  async (ctx) => {
    const t = await tenant(ctx);
    const when = "2026-01-02T03:04:05.000Z";
    const terminal = await ctx.f.terminal({
      tgidId: t.tgid.id,
      items: [
        ["ncsUpdateTime", "INTEGER", when],
        ["loginTime", "INTEGER", when],
        ["previousLoginTime", "BOOLEAN", when],
        ["logoutTime", "DATE", when],
        ["batteryLevel", "INTEGER", "87"],
        ["gpsFix", "BOOLEAN", "true"],
      ],
    });
    const r = await ctx.call("GET", `/rest/terminal/get?id=${terminal.deviceId}`, {
      token: t.token,
    });
    assert.equal(r.status, 200);
    const byName = Object.fromEntries(
      r.body.items.map((i: { name: string }) => [i.name, i]),
    );
    assert.deepEqual(byName.ncsUpdateTime, {
      name: "ncsUpdateTime",
      type: "DATE",
      value: when,
      label: "Ncs update time",
    });
    for (const name of ["loginTime", "previousLoginTime", "logoutTime"]) {
      assert.equal(byName[name].type, "DATE", name);
    }
    assert.equal(byName.previousLoginTime.label, "Previous login time");
    assert.deepEqual(byName.batteryLevel, {
      name: "batteryLevel",
      type: "INTEGER",
      value: "87",
      label: "Battery level",
    });
    assert.equal(byName.gpsFix.type, "BOOLEAN");
    assert.equal(byName.gpsFix.label, "Gps fix");
  },
);

// ---- Inmarsat C: add existing terminal ----

dbTest(
  "[rest/terminal] Inmarsat C: a client may not attach a registered mtl (administrators add them)",
  async (ctx) => {
    const t = await tenant(ctx);
    const mtl = await ctx.f.mtl();
    const r = await add(ctx, t.token, {
      tgidId: t.tgid.id,
      deviceTypeId: 0,
      items: [{ name: "imn", value: mtl.imn }, { name: "region", value: "3" }],
    });
    assert.equal(r.status, 403);
    assert.equal(r.body.message, TERMINAL_MESSAGES.inmarsatCByAdministrator);
    const [row] = await ctx.db.select().from(mtls).where(eq(mtls.imn, mtl.imn));
    assert.equal(row.deviceId, null, "the mtl stays unattached");
    const made = await ctx.db.select().from(terminals)
      .where(eq(terminals.terminalSpecificIdentifier, mtl.imn));
    assert.equal(made.length, 0);
  },
);

dbTest(
  "[rest/terminal] Inmarsat C: adding an existing terminal attaches its mtl, mtl 0 by default",
  async (ctx) => {
    const t = await tenant(ctx);
    const { token } = await admin(ctx);
    const mtl = await ctx.f.mtl({ deviceLabel: "Registered label", mtl: 7 });
    const r = await add(ctx, token, {
      tgidId: t.tgid.id,
      deviceTypeId: 0,
      items: [{ name: "imn", value: mtl.imn }, { name: "region", value: "3" }],
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.terminalSpecificIdentifier, mtl.imn);
    assert.equal(r.body.deviceLabel, "Registered label", "the mtl's label when none is given");
    assert.equal(r.body.mtl.imn, mtl.imn);
    assert.equal(r.body.mtl.mtl, 0, "mtl defaults to 0");
    assert.equal(r.body.mtl.region, 3);
    assert.equal(r.body.mtl.deviceId, r.body.deviceId);
    const [row] = await ctx.db.select().from(mtls).where(eq(mtls.imn, mtl.imn));
    assert.equal(row.deviceId, r.body.deviceId);
    assert.equal(row.mtl, 0);
    assert.equal(row.region, 3);

    const named = await ctx.f.mtl({ deviceLabel: "Old name" });
    const withLabel = await add(ctx, token, {
      tgidId: t.tgid.id,
      deviceTypeId: 0,
      items: [{ name: "imn", value: named.imn }, { name: "region", value: "0" }],
      deviceLabel: "New name",
    });
    assert.equal(withLabel.body.deviceLabel, "New name");
    assert.equal(withLabel.body.mtl.deviceLabel, "New name", "the mtl shows the terminal's label");

    const again = await add(ctx, token, {
      tgidId: t.tgid.id,
      deviceTypeId: 0,
      items: [{ name: "imn", value: mtl.imn }, { name: "region", value: "3" }],
    });
    assert.equal(again.status, 409, "attached already");
    assert.match(again.body.message, /already attached/);
  },
);

dbTest("[rest/terminal] Inmarsat C: two adds racing for one mtl attach it once", async (ctx) => {
  const t = await tenant(ctx);
  const { token } = await admin(ctx);
  const mtl = await ctx.f.mtl();
  const body = {
    tgidId: t.tgid.id,
    deviceTypeId: 0,
    items: [{ name: "imn", value: mtl.imn }, { name: "region", value: "1" }],
  };
  const answers = await Promise.all([add(ctx, token, body), add(ctx, token, body)]);
  assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
  const won = answers.find((r) => r.status === 200)!;
  const [row] = await ctx.db.select().from(mtls).where(eq(mtls.imn, mtl.imn));
  assert.equal(row.deviceId, won.body.deviceId);
  const made = await ctx.db.select().from(terminals)
    .where(eq(terminals.terminalSpecificIdentifier, mtl.imn));
  assert.equal(made.length, 1, "the refused add left no terminal behind");
});

dbTest(
  "[rest/terminal] Inmarsat C: the imn must be registered; regions AORW 0 … ALL 9",
  async (ctx) => {
    const t = await tenant(ctx);
    const { token } = await admin(ctx);
    const other = await tenant(ctx);
    const theirs = await ctx.f.terminal({ tgidId: other.tgid.id, deviceTypeId: 0 });
    const body = (imn: string, region: string, more: { name: string; value: string }[] = []) => ({
      tgidId: t.tgid.id,
      deviceTypeId: 0,
      items: [{ name: "imn", value: imn }, { name: "region", value: region }, ...more],
    });
    const unknown = await add(ctx, token, body("499999999", "0"));
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.message, /No Inmarsat C terminal with IMN 499999999 is registered/);
    const foreign = await add(ctx, token, body(theirs.mtl!.imn, "0"));
    assert.equal(foreign.status, 409, "another terminal's mtl is attached already");
    for (const region of ["5", "8", "10", "AORW", ""]) {
      const r = await add(ctx, token, body((await ctx.f.mtl()).imn, region));
      assert.equal(r.status, 400, `region ${region}`);
      assert.match(
        r.body.message,
        /^Region (must be one of AORW, AORE, POR, IOR, CURRENT, ALL|is required)/,
      );
    }
    for (const region of ["0", "1", "2", "3", "4", "9"]) {
      const r = await add(
        ctx,
        token,
        body((await ctx.f.mtl()).imn, region, [{ name: "mtl", value: "2" }]),
      );
      assert.equal(r.status, 200, `region ${region}`);
      assert.equal(r.body.mtl.region, Number(region));
      assert.equal(r.body.mtl.mtl, 2);
    }
    const badImn = await add(ctx, token, body("512345678", "0"));
    assert.equal(badImn.status, 400);
    assert.equal(badImn.body.message, "IMN must be 9 digits starting with 4");
  },
);

// ---- update, label, delete ----

dbTest(
  "[rest/terminal] updateDevice (administrators): changes the terminal, not its type",
  async (ctx) => {
    const t = await tenant(ctx);
    const { token } = await admin(ctx);
    const terminal = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 2 });
    const moved = await ctx.f.tgid({ teamId: t.team.id });
    const json = {
      deviceId: terminal.deviceId,
      tgidId: moved.id,
      deviceTypeId: 2,
      trackingFrequency: 600,
      transmitNoChangeEnabled: true,
      items: [{ name: "imei", value: "300234012345678" }],
      deviceLabel: "Renamed",
    };
    const r = await ctx.call("POST", "/rest/terminal/updateDevice", { token, json });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.tgidId, moved.id);
    assert.equal(r.body.trackingFrequency, 600);
    assert.equal(r.body.transmitNoChangeEnabled, true);
    assert.equal(r.body.deviceLabel, "Renamed");
    assert.equal(r.body.terminalSpecificIdentifier, "300234012345678");
    const retype = await ctx.call("POST", "/rest/terminal/updateDevice", {
      token,
      json: { ...json, deviceTypeId: 3 },
    });
    assert.equal(retype.status, 400);
    assert.equal(retype.body.message, "The device type of a terminal cannot be changed");
    const noTgid = await ctx.call("POST", "/rest/terminal/updateDevice", {
      token,
      json: { ...json, tgidId: undefined },
    });
    assert.equal(noTgid.status, 400);
    assert.equal(noTgid.body.message, "Please select a tgid");
    const missing = await ctx.call("POST", "/rest/terminal/updateDevice", {
      token,
      json: { ...json, deviceId: 2_000_000_000 },
    });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, "Terminal not found");
  },
);

dbTest("[rest/terminal] Inmarsat C update: mtl and region go to the mtl", async (ctx) => {
  const t = await tenant(ctx);
  const { token } = await admin(ctx);
  const terminal = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
  const r = await ctx.call("POST", "/rest/terminal/updateDevice", {
    token,
    json: {
      deviceId: terminal.deviceId,
      tgidId: t.tgid.id,
      deviceTypeId: 0,
      items: [{ name: "mtl", value: "5" }, { name: "region", value: "9" }, {
        name: "pollingEnabled",
        value: "true",
      }],
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.mtl.mtl, 5);
  assert.equal(r.body.mtl.region, 9);
  assert.equal(r.body.terminalSpecificIdentifier, terminal.terminalSpecificIdentifier);
  const polling = r.body.items.find((i: { name: string }) => i.name === "pollingEnabled");
  assert.deepEqual(polling, {
    name: "pollingEnabled",
    type: "BOOLEAN",
    value: "true",
    label: "Polling enabled",
  });
});

dbTest(
  "[rest/terminal] updateLabel: a client relabels its own terminal (and its mtl)",
  async (ctx) => {
    const t = await tenant(ctx);
    const other = await tenant(ctx);
    const terminal = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
    const r = await ctx.call("POST", "/rest/terminal/updateLabel", {
      token: t.token,
      json: { deviceId: terminal.deviceId, label: "  Sea Breeze " },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.deviceLabel, "Sea Breeze");
    assert.equal(r.body.mtl.deviceLabel, "Sea Breeze");
    const theirs = await ctx.call("POST", "/rest/terminal/updateLabel", {
      token: other.token,
      json: { deviceId: terminal.deviceId, label: "Stolen" },
    });
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body, { code: 404, message: "Terminal not found" });
  },
);

dbTest(
  "[rest/terminal] a tgid shared with the client's company is read-only: no add, no label edit",
  async (ctx) => {
    // Company B's team owns a tgid it shares with company A's team: A reads it, changes nothing.
    const { a, b, shared } = await tgidSharedByB(ctx);
    const label = unique("B vessel");
    const theirs = await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 0, label });
    const before = async () => ({
      terminals: await ctx.db.select().from(terminals).where(eq(terminals.tgidId, shared.id)),
      mtl: await ctx.db.select().from(mtls).where(eq(mtls.deviceId, theirs.deviceId)),
    });
    const rows = await before();
    assert.equal(
      (await ctx.call("GET", `/rest/terminal/get?id=${theirs.deviceId}`, {
        token: a.token,
      })).status,
      200,
      "A reads B's shared terminal",
    );

    // No terminal added to it: 404 'Tgid not found', as for an unknown tgid.
    const added = await add(ctx, a.token, shout(shared.id));
    assert.equal(added.status, 404, JSON.stringify(added.body));
    assert.deepEqual(added.body, { code: 404, message: "Tgid not found" });
    // Its terminal not relabelled: 404 'Terminal not found', as for an unknown terminal.
    const relabelled = await ctx.call("POST", "/rest/terminal/updateLabel", {
      token: a.token,
      json: { deviceId: theirs.deviceId, label: "Stolen" },
    });
    assert.equal(relabelled.status, 404, JSON.stringify(relabelled.body));
    assert.deepEqual(relabelled.body, { code: 404, message: "Terminal not found" });
    assert.deepEqual(await before(), rows, "B's terminal and its mtl are unchanged");

    // A's own tgid: both still work; B, the owner, relabels its terminal.
    const own = await add(ctx, a.token, shout(a.tgid.id));
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(own.body.tgidId, a.tgid.id);
    const mine = await ctx.call("POST", "/rest/terminal/updateLabel", {
      token: a.token,
      json: { deviceId: own.body.deviceId, label: "A vessel" },
    });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.equal(mine.body.deviceLabel, "A vessel");
    const byOwner = await ctx.call("POST", "/rest/terminal/updateLabel", {
      token: b.token,
      json: { deviceId: theirs.deviceId, label: `${label} 2` },
    });
    assert.equal(byOwner.status, 200, JSON.stringify(byOwner.body));
    assert.equal(byOwner.body.mtl.deviceLabel, `${label} 2`);
  },
);

dbTest(
  "[rest/terminal] mayEdit: a client's own tgid's terminals, not a shared tgid's; every one for an administrator",
  async (ctx) => {
    // Company B's team owns a tgid it shares with company A's team.
    const { a, b, shared } = await tgidSharedByB(ctx);
    const boss = await admin(ctx);
    const tag = unique("MayEdit");
    const made = {
      ours: await ctx.f.terminal({ tgidId: a.tgid.id, deviceTypeId: 3, label: `${tag} A` }),
      theirs: await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 3, label: `${tag} B` }),
      theirsC: await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 0, label: `${tag} BC` }),
    };
    /**
     * mayEdit of each terminal `token` reads (B does not read A's): the page (get) and the list
     * (findDevice) alike.
     */
    const seen = async (token: string) => {
      const pages: Record<string, unknown> = {};
      for (const [name, t] of Object.entries(made)) {
        const r = await ctx.call("GET", `/rest/terminal/get?id=${t.deviceId}`, { token });
        if (r.status === 404) continue;
        assert.equal(r.status, 200, JSON.stringify(r.body));
        // The mtl of an Inmarsat C terminal and a tracker's tracking say the same.
        if (r.body.mtl) assert.equal(r.body.mtl.mayEdit, r.body.mayEdit, name);
        if (r.body.tracking) assert.equal(r.body.tracking.maySend, r.body.mayEdit, name);
        pages[name] = r.body.mayEdit;
      }
      const list = await ctx.call("POST", "/rest/terminal/findDevice", {
        token,
        json: { filter: { label: tag }, count: 100 },
      });
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const rows = Object.fromEntries(
        list.body.results.map((r: { deviceId: number; mayEdit: boolean }) => [
          r.deviceId,
          r.mayEdit,
        ]),
      );
      const listed = Object.fromEntries(
        Object.entries(made).filter(([, t]) => t.deviceId in rows)
          .map(([name, t]) => [name, rows[t.deviceId]]),
      );
      assert.deepEqual(listed, pages, "the list says what the page says");
      return pages;
    };
    assert.deepEqual(await seen(a.token), { ours: true, theirs: false, theirsC: false });
    assert.deepEqual(await seen(b.token), { theirs: true, theirsC: true });
    assert.deepEqual(await seen(boss.token), { ours: true, theirs: true, theirsC: true });
  },
);

dbTest(
  "[rest/terminal] deleteDevice: refused for VSAT (40) and the default (41), else done",
  async (ctx) => {
    const t = await tenant(ctx);
    const { token } = await admin(ctx);
    for (const [deviceTypeId, name] of [[40, "VSAT"], [41, "SkyFile M2M"]] as const) {
      const terminal = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId });
      const r = await ctx.call("GET", `/rest/terminal/deleteDevice?deviceId=${terminal.deviceId}`, {
        token,
      });
      assert.equal(r.status, 409, name);
      assert.equal(r.body.message, `${name} terminals cannot be deleted`);
      const [row] = await ctx.db.select().from(terminals)
        .where(eq(terminals.deviceId, terminal.deviceId));
      assert.ok(row, `${name} terminal kept`);
    }
    for (const deviceTypeId of [2, 3, 4, 6, 39, 50]) {
      const terminal = await ctx.f.terminal({
        tgidId: t.tgid.id,
        deviceTypeId,
        items: [["batteryLevel", "INTEGER", "50"]],
      });
      const r = await ctx.call("GET", `/rest/terminal/deleteDevice?deviceId=${terminal.deviceId}`, {
        token,
      });
      assert.equal(r.status, 200, `type ${deviceTypeId}: ${JSON.stringify(r.body)}`);
      assert.deepEqual(r.body, { deviceId: terminal.deviceId });
      const rows = await ctx.db.select().from(terminals)
        .where(eq(terminals.deviceId, terminal.deviceId));
      assert.equal(rows.length, 0);
    }
    const inmarsat = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
    const r = await ctx.call("GET", `/rest/terminal/deleteDevice?deviceId=${inmarsat.deviceId}`, {
      token,
    });
    assert.equal(r.status, 200);
    const [mtl] = await ctx.db.select().from(mtls).where(eq(mtls.imn, inmarsat.mtl!.imn));
    assert.equal(mtl.deviceId, null, "the mtl stays registered, unattached");
    const gone = await ctx.call(
      "GET",
      `/rest/terminal/deleteDevice?deviceId=${inmarsat.deviceId}`,
      {
        token,
      },
    );
    assert.equal(gone.status, 404);
  },
);

dbTest("[rest/terminal] update and delete are administrators' only", async (ctx) => {
  const t = await tenant(ctx);
  const terminal = await ctx.f.terminal({ tgidId: t.tgid.id });
  await assertAdminOnly(ctx, t.token, [
    ["GET", `/rest/terminal/deleteDevice?deviceId=${terminal.deviceId}`],
    ["POST", "/rest/terminal/updateDevice", {
      deviceId: terminal.deviceId,
      tgidId: t.tgid.id,
      deviceTypeId: 2,
      items: [{ name: "imei", value: imei() }],
    }],
  ]);
});

// ---- reads and isolation ----

dbTest("[rest/terminal] a client reaches only its company's terminals", async (ctx) => {
  const a = await tenant(ctx);
  const b = await tenant(ctx);
  const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
  const mine = await ctx.f.terminal({ tgidId: a.tgid.id, label: unique("Mine") });
  const sharedOne = await ctx.f.terminal({ tgidId: shared.id, label: unique("Shared") });
  const theirs = await ctx.f.terminal({ tgidId: b.tgid.id, label: unique("Theirs") });

  const get = (token: string, id: number) =>
    ctx.call("GET", `/rest/terminal/get?id=${id}`, { token });
  assert.equal((await get(a.token, mine.deviceId)).status, 200);
  assert.equal((await get(a.token, sharedOne.deviceId)).status, 200, "a shared tgid's");
  const denied = await get(a.token, theirs.deviceId);
  assert.equal(denied.status, 404);
  assert.deepEqual(denied.body, { code: 404, message: "Terminal not found" });
  assert.deepEqual((await get(a.token, 2_000_000_000)).body, denied.body, "same as missing");

  const find = await ctx.call("POST", "/rest/terminal/findDevice", {
    token: a.token,
    json: { count: 100 },
  });
  assert.equal(find.status, 200);
  const ids = find.body.results.map((r: { deviceId: number }) => r.deviceId).sort();
  assert.deepEqual(ids, [mine.deviceId, sharedOne.deviceId].sort());
  assert.equal(find.body.total, 2);

  const { token } = await admin(ctx);
  assert.equal((await get(token, theirs.deviceId)).status, 200, "an administrator reaches all");
});

dbTest("[rest/terminal] findDevice: filters, sorting and paging (10 by default)", async (ctx) => {
  const t = await tenant(ctx);
  const label = unique("Fleet");
  const made = [];
  for (let i = 0; i < 12; i++) {
    made.push(
      await ctx.f.terminal({
        tgidId: t.tgid.id,
        deviceTypeId: i % 2 ? 3 : 2,
        label: `${label} ${String(i).padStart(2, "0")}`,
      }),
    );
  }
  const find = (json: Record<string, unknown>) =>
    ctx.call("POST", "/rest/terminal/findDevice", { token: t.token, json });
  const first = await find({});
  assert.equal(first.body.results.length, 10);
  assert.equal(first.body.total, 12);
  const typed = await find({ filter: { deviceTypeId: 3 }, count: 100 });
  assert.equal(typed.body.filtered, 6);
  const byLabel = await find({
    filter: { label: `${label} 1` },
    sorting: { field: "label", direction: "desc" },
  });
  assert.deepEqual(byLabel.body.results.map((r: { deviceLabel: string }) => r.deviceLabel), [
    `${label} 11`,
    `${label} 10`,
  ]);
  const byId = await find({ filter: { identifier: made[4].terminalSpecificIdentifier } });
  assert.deepEqual(byId.body.results.map((r: { deviceId: number }) => r.deviceId), [
    made[4].deviceId,
  ]);
  const byTgid = await find({ filter: { tgid: String(t.tgid.id) } });
  assert.equal(byTgid.body.filtered, 12);
  // Ten digits beyond any id: no tgid has that number (not a database error).
  const huge = await find({ filter: { tgid: "9999999999" } });
  assert.equal(huge.status, 200);
  assert.equal(huge.body.filtered, 0);
  const bad = await find({ sorting: { field: "password" } });
  assert.equal(bad.status, 400);
});

dbTest(
  "[rest/terminal] findDevice: the family filter splits Inmarsat C from the rest",
  async (ctx) => {
    const t = await tenant(ctx);
    const shout = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 2 });
    const inmarsatC = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
    const ids = async (family?: string) =>
      (await ctx.call("POST", "/rest/terminal/findDevice", {
        token: t.token,
        json: { filter: { tgid: String(t.tgid.id), ...(family ? { family } : {}) }, count: 100 },
      })).body.results.map((r: { deviceId: number }) => r.deviceId).sort();
    assert.deepEqual(await ids(), [shout.deviceId, inmarsatC.deviceId].sort());
    assert.deepEqual(await ids("other"), [shout.deviceId]);
    assert.deepEqual(await ids("inmarsatc"), [inmarsatC.deviceId]);
    const bad = await ctx.call("POST", "/rest/terminal/findDevice", {
      token: t.token,
      json: { filter: { family: "vsat" } },
    });
    assert.equal(bad.status, 400);
  },
);

dbTest("[rest/terminal] getDeviceTypes: ids, handlers, deletable and add forms", async (ctx) => {
  const t = await tenant(ctx);
  const r = await ctx.call("GET", "/rest/terminal/getDeviceTypes", { token: t.token });
  assert.equal(r.status, 200);
  assert.deepEqual(
    r.body.map((d: { id: number; handler: number }) => [d.id, d.handler]),
    [[0, 0], [2, 2], [3, 3], [4, 4], [6, 6], [39, 39], [40, 40], [41, -1], [50, 50]],
  );
  const notDeletable = r.body.filter((d: { deletable: boolean }) => !d.deletable);
  assert.deepEqual(notDeletable.map((d: { name: string }) => d.name), ["VSAT", "SkyFile M2M"]);
  const noAdd = r.body.filter((d: { addForm: boolean }) => !d.addForm);
  assert.deepEqual(noAdd.map((d: { id: number }) => d.id), [40]);
});
