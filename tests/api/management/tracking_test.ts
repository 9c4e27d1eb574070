/**
 * POST /rest/generic/setTerminalTracking: a tracker terminal or every tracker of a tgid, the
 * command's parameters and start (3 Start time delayed until a future start date), wrong device
 * types, bad input, and tenancy (a client reaches only its own tgids' terminals); and what a
 * tracker's GET /rest/terminal/get shows of them (`tracking`).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { admin } from "../../fixtures/companies_teams.ts";
import { assertList, commandTenant } from "../../fixtures/terminal_commands.ts";
import { commands } from "../../../db/schema/mod.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";

const PATH = "/rest/generic/setTerminalTracking";

dbTest(
  "[rest/generic] setTerminalTracking: one command for a tracker, list for the caller",
  async (ctx) => {
    const t = await commandTenant(ctx);
    const shout = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 2, label: "Shout 1" });
    const r = await ctx.call("POST", PATH, {
      token: t.token,
      json: {
        target: shout.deviceId,
        targetType: "terminal",
        trackingEnabled: true,
        delayAuthorized: true,
        frequency: 600,
      },
    });
    const stored = await assertList(ctx, r, { companyId: t.company.id, userKey: t.user.key });
    assert.equal(r.body.commands.length, 1);
    assert.equal(r.body.commands[0].target, `Shout 1 (${shout.deviceId})`);
    const [c] = stored.commands;
    assert.equal(c.command, "setTerminalTracking");
    assert.equal(c.mt, String(shout.deviceId));
    assert.equal(c.genericCommandType, 2);
    assert.equal(c.shoutMtType, 1);
    assert.deepEqual(c.parameters, {
      trackingEnabled: true,
      delayAuthorized: true,
      frequency: 600,
    });
    assert.equal(c.startAt, null);
    assert.notEqual(c.status, 3);
  },
);

dbTest(
  "[rest/generic] setTerminalTracking: a future start date delays the command (3)",
  async (ctx) => {
    const t = await commandTenant(ctx);
    const tracker = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 4 });
    const start = new Date(Date.now() + 3600_000);
    const text = start.toISOString().slice(0, 19).replace("T", " ");
    const r = await ctx.call("POST", PATH, {
      token: t.token,
      json: {
        target: tracker.deviceId,
        trackingEnabled: false,
        delayAuthorized: false,
        startDate: text,
      },
    });
    const stored = await assertList(ctx, r, { companyId: t.company.id, userKey: t.user.key });
    assert.equal(stored.commands[0].status, 3);
    assert.equal(r.body.commands[0].status, 3);
    assert.equal(r.body.commands[0].statusLabel, "Start time delayed");
    assert.equal(
      new Date(stored.commands[0].startAt!).toISOString(),
      text.replace(" ", "T") + ".000Z",
    );
    assert.equal(stored.commands[0].parameters.trackingEnabled, false);
    for (const bad of ["30/11/2014", "2014-11-30", "2014-13-45 99:99:99"]) {
      const b = await ctx.call("POST", PATH, {
        token: t.token,
        json: { target: tracker.deviceId, trackingEnabled: true, startDate: bad },
      });
      assert.equal(b.status, 400, bad);
      assert.equal(b.body.message, M.startDate);
    }
  },
);

dbTest(
  "[rest/generic] setTerminalTracking: a tgid's trackers, not its other terminals",
  async (ctx) => {
    const t = await commandTenant(ctx);
    const a = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 2 });
    const b = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 6 });
    await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
    await ctx.f.terminal({
      tgidId: t.tgid.id,
      deviceTypeId: 39,
      identifier: String(Math.random()),
    });
    const r = await ctx.call("POST", PATH, {
      token: t.token,
      json: { target: t.tgid.id, targetType: "tgid", trackingEnabled: true },
    });
    const stored = await assertList(ctx, r, { companyId: t.company.id, userKey: t.user.key });
    assert.deepEqual(stored.commands.map((c) => c.mt), [String(a.deviceId), String(b.deviceId)]);
    assert.deepEqual(stored.commands.map((c) => c.itemId), [1, 2]);
    const empty = await ctx.f.tgid({ teamId: t.team.id });
    const none = await ctx.call("POST", PATH, {
      token: t.token,
      json: { target: empty.id, targetType: "tgid", trackingEnabled: true },
    });
    assert.equal(none.status, 409);
    assert.equal(none.body.message, M.noTracker(empty.id));
  },
);

dbTest("[rest/generic] setTerminalTracking: not a tracker is 409; bad input 400", async (ctx) => {
  const t = await commandTenant(ctx);
  const inmarsat = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
  const r = await ctx.call("POST", PATH, {
    token: t.token,
    json: { target: inmarsat.deviceId, trackingEnabled: true },
  });
  assert.equal(r.status, 409);
  assert.equal(r.body.message, M.notTracker(inmarsat.deviceId));
  for (
    const json of [
      {},
      { target: 1 },
      { target: "x", trackingEnabled: true },
      { target: 1, trackingEnabled: "yes" },
      { target: 1, trackingEnabled: true, targetType: "fleet" },
      { target: 1, trackingEnabled: true, frequency: 42 },
    ]
  ) {
    const b = await ctx.call("POST", PATH, { token: t.token, json });
    assert.equal(b.status, 400, JSON.stringify(json));
    assert.equal(typeof b.body.message, "string");
  }
});

dbTest(
  "[rest/generic] setTerminalTracking: another company's terminal or tgid is 404, even shared",
  async (ctx) => {
    const a = await commandTenant(ctx);
    const b = await commandTenant(ctx);
    const theirs = await ctx.f.terminal({ tgidId: b.tgid.id, deviceTypeId: 2 });
    const r = await ctx.call("POST", PATH, {
      token: a.token,
      json: { target: theirs.deviceId, trackingEnabled: true },
    });
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { code: 404, message: M.terminalNotFound });
    const g = await ctx.call("POST", PATH, {
      token: a.token,
      json: { target: b.tgid.id, targetType: "tgid", trackingEnabled: true },
    });
    assert.deepEqual(g.body, { code: 404, message: M.tgidNotFound });
    // A tgid merely shared with a's team: a sees it but sends only to its own company's
    // terminals (issue 15), so its terminal and the tgid answer like unknown ones.
    const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
    const there = await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 3 });
    const notMine = await ctx.call("POST", PATH, {
      token: a.token,
      json: { target: there.deviceId, trackingEnabled: true },
    });
    assert.deepEqual(notMine.body, { code: 404, message: M.terminalNotFound });
    const notMineTgid = await ctx.call("POST", PATH, {
      token: a.token,
      json: { target: shared.id, targetType: "tgid", trackingEnabled: true },
    });
    assert.deepEqual(notMineTgid.body, { code: 404, message: M.tgidNotFound });
    const mine = await ctx.f.terminal({ tgidId: a.tgid.id, deviceTypeId: 3 });
    const ok = await ctx.call("POST", PATH, {
      token: a.token,
      json: { target: mine.deviceId, trackingEnabled: true },
    });
    await assertList(ctx, ok, { companyId: a.company.id, userKey: a.user.key });
    // An administrator's list belongs to the terminal's owner.
    const { token, user } = await admin(ctx);
    const byAdmin = await ctx.call("POST", PATH, {
      token,
      json: { target: theirs.deviceId, trackingEnabled: false },
    });
    await assertList(ctx, byAdmin, { companyId: b.company.id, userKey: user.key });
  },
);

/** GET /rest/terminal/get's `tracking`, as `token` reads it. */
async function trackingSeenBy(ctx: Ctx, token: string, deviceId: number) {
  const r = await ctx.call("GET", `/rest/terminal/get?id=${deviceId}`, { token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.tracking;
}

/** Plays the station: the command of list `listId` is now `status`. */
const stationSets = (ctx: Ctx, listId: number, status: number) =>
  ctx.db.update(commands).set({ status, nextStepAt: null }).where(eq(commands.listId, listId));

dbTest(
  "[rest/terminal] get: a tracker's tracking, the last command sent and the last it took",
  async (ctx) => {
    const t = await commandTenant(ctx);
    const shout = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 2 });
    assert.deepEqual(await trackingSeenBy(ctx, t.token, shout.deviceId), {
      maySend: true,
      last: null,
      confirmed: null,
    });
    const inmarsat = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
    assert.equal(await trackingSeenBy(ctx, t.token, inmarsat.deviceId), null, "not a tracker");

    const on = await ctx.call("POST", PATH, {
      token: t.token,
      json: {
        target: shout.deviceId,
        trackingEnabled: true,
        delayAuthorized: true,
        frequency: 600,
      },
    });
    assert.equal(on.status, 200);
    let seen = await trackingSeenBy(ctx, t.token, shout.deviceId);
    assert.equal(seen.last.commandId.listId, on.body.listId);
    assert.equal(seen.last.statusClass, "pending");
    assert.equal(seen.confirmed, null, "not taken yet");

    await stationSets(ctx, on.body.listId, 5);
    const start = new Date(Date.now() + 3600_000);
    const off = await ctx.call("POST", PATH, {
      token: t.token,
      json: { target: shout.deviceId, trackingEnabled: false, startDate: start.toISOString() },
    });
    seen = await trackingSeenBy(ctx, t.token, shout.deviceId);
    assert.deepEqual(
      {
        ...seen.last,
        createdAt: typeof seen.last.createdAt,
        updatedAt: typeof seen.last.updatedAt,
      },
      {
        commandId: { listId: off.body.listId, groupId: 1, itemId: 1 },
        trackingEnabled: false,
        delayAuthorized: false,
        frequency: null,
        startAt: start.toISOString(),
        status: 3,
        statusLabel: "Start time delayed",
        statusClass: "pending",
        createdAt: "string",
        updatedAt: "string",
      },
    );
    assert.deepEqual(seen.confirmed.commandId, { listId: on.body.listId, groupId: 1, itemId: 1 });
    assert.equal(seen.confirmed.trackingEnabled, true);
    assert.equal(seen.confirmed.delayAuthorized, true);
    assert.equal(seen.confirmed.frequency, 600);
    assert.equal(seen.confirmed.statusLabel, "Delivered");
    assert.equal(seen.confirmed.statusClass, "success");

    // A failed request leaves the last confirmed state as it was.
    await stationSets(ctx, off.body.listId, 6);
    seen = await trackingSeenBy(ctx, t.token, shout.deviceId);
    assert.equal(seen.last.statusClass, "danger");
    assert.equal(seen.confirmed.commandId.listId, on.body.listId);
  },
);

dbTest(
  "[rest/terminal] get: on a shared tgid a client may not send tracking, nor sees the owner's",
  async (ctx) => {
    const owner = await commandTenant(ctx);
    const other = await commandTenant(ctx);
    const shared = await ctx.f.tgid({ teamId: owner.team.id, sharedWith: [other.team.id] });
    const tracker = await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 4 });
    const sent = await ctx.call("POST", PATH, {
      token: owner.token,
      json: { target: tracker.deviceId, trackingEnabled: true },
    });
    assert.equal(sent.status, 200);
    const byOwner = await trackingSeenBy(ctx, owner.token, tracker.deviceId);
    assert.equal(byOwner.maySend, true);
    assert.equal(byOwner.last.commandId.listId, sent.body.listId);
    assert.deepEqual(
      await trackingSeenBy(ctx, other.token, tracker.deviceId),
      { maySend: false, last: null, confirmed: null },
      "the other company reads the terminal, not the owner's command lists",
    );
    const { token } = await admin(ctx);
    const byAdmin = await trackingSeenBy(ctx, token, tracker.deviceId);
    assert.equal(byAdmin.maySend, true);
    assert.equal(byAdmin.last.commandId.listId, sent.body.listId);
  },
);
