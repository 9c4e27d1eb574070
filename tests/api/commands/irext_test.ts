/**
 * The nine /rest/irext calls: each records its command (name, genericCommandType 1, sub-type its
 * index, the payload's parameters) for an Iridium Extreme terminal; free text and its message
 * types; the geofence rules (a circle = point 1 and a radius, a polygon = 3 or more points, the
 * coordinate ranges, no gaps); wrong device types; tenancy.
 */
import assert from "node:assert/strict";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { admin } from "../../fixtures/companies_teams.ts";
import { assertList, type CommandTenant, commandTenant } from "../../fixtures/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import { IREXT_COMMANDS } from "../../../openapi/enums.ts";

const extreme = (ctx: Ctx, t: CommandTenant) =>
  ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 3, label: "Extreme" });

const call = (ctx: Ctx, token: string, name: string, json: unknown) =>
  ctx.call("POST", `/rest/irext/${name}`, { token, json });

dbTest("[rest/irext] each of the nine calls records its command with its sub-type", async (ctx) => {
  const t = await commandTenant(ctx);
  const x = await extreme(ctx, t);
  const payloads: Record<string, Record<string, unknown>> = {
    sendFreeTextMessage: { text: "Return to port", messageType: 3 },
    geofenceActivate: {
      geofenceId: 2,
      unit: 0,
      radius: 500,
      geofenceP1lat: 43.3,
      geofenceP1lon: 5.4,
    },
    geofenceCancel: { geofenceId: 2 },
  };
  for (const [i, name] of IREXT_COMMANDS.entries()) {
    const extra = payloads[name] ?? {};
    const r = await call(ctx, t.token, name, { target: x.deviceId, ...extra });
    const { commands: [c] } = await assertList(ctx, r, {
      companyId: t.company.id,
      userKey: t.user.key,
    });
    assert.equal(c.command, name);
    assert.equal(c.mt, String(x.deviceId));
    assert.equal(c.genericCommandType, 1);
    assert.equal(c.commandSubType, i);
    const expected = name === "geofenceActivate" ? { ...extra, points: 1 } : extra;
    assert.deepEqual(c.parameters, expected, name);
  }
});

dbTest("[rest/irext] sendFreeTextMessage: text required, message types 0 to 11", async (ctx) => {
  const t = await commandTenant(ctx);
  const x = await extreme(ctx, t);
  const ok = await call(ctx, t.token, "sendFreeTextMessage", { target: x.deviceId, text: "Hi" });
  const { commands: [c] } = await assertList(ctx, ok, {
    companyId: t.company.id,
    userKey: t.user.key,
  });
  assert.deepEqual(c.parameters, { text: "Hi", messageType: 0 });
  for (const messageType of [11, 0]) {
    const r = await call(ctx, t.token, "sendFreeTextMessage", {
      target: x.deviceId,
      text: "A",
      messageType,
    });
    assert.equal(r.status, 200);
  }
  for (
    const json of [
      { target: x.deviceId, text: "" },
      { target: x.deviceId, text: "x".repeat(161) },
      { target: x.deviceId, text: "A", messageType: 12 },
      { target: x.deviceId, text: "A", messageType: -1 },
      { text: "A" },
    ]
  ) {
    const r = await call(ctx, t.token, "sendFreeTextMessage", json);
    assert.equal(r.status, 400, JSON.stringify(json));
  }
});

dbTest(
  "[rest/irext] geofenceActivate: a circle or a polygon of 3+ points, in range",
  async (ctx) => {
    const t = await commandTenant(ctx);
    const x = await extreme(ctx, t);
    const target = x.deviceId;
    const triangle = {
      target,
      geofenceId: 1,
      unit: 1,
      geofenceP1lat: 43,
      geofenceP1lon: 5,
      geofenceP2lat: 43.5,
      geofenceP2lon: 5,
      geofenceP3lat: 43.2,
      geofenceP3lon: 5.6,
    };
    const r = await call(ctx, t.token, "geofenceActivate", triangle);
    const { commands: [c] } = await assertList(ctx, r, {
      companyId: t.company.id,
      userKey: t.user.key,
    });
    const { target: _, ...params } = triangle;
    assert.deepEqual(c.parameters, { ...params, points: 3 });
    const bad: [Record<string, unknown>, string][] = [
      [{ target, geofenceId: 1, geofenceP1lat: 1, geofenceP1lon: 1 }, M.geofenceShape],
      [{
        target,
        geofenceId: 1,
        geofenceP1lat: 1,
        geofenceP1lon: 1,
        geofenceP2lat: 2,
        geofenceP2lon: 2,
      }, M.geofenceShape],
      [{ ...triangle, radius: 4 }, M.geofenceShape],
      [{ target, geofenceId: 1, radius: 4 }, M.geofenceShape],
      [{ ...triangle, geofenceP3lon: undefined }, M.geofencePoint(3)],
      [{ ...triangle, geofenceP5lat: 1, geofenceP5lon: 1 }, M.geofenceGap(4)],
      [{ ...triangle, geofenceP1lat: 90.5 }, "Point 1 latitude must be at most 90"],
      [{ ...triangle, geofenceP2lon: -181 }, "Point 2 longitude must be at least -180"],
      [{ ...triangle, geofenceId: 0 }, "Geofence id must be at least 1"],
    ];
    for (const [json, message] of bad) {
      const b = await call(ctx, t.token, "geofenceActivate", json);
      assert.equal(b.status, 400, JSON.stringify(json));
      assert.equal(b.body.message, message, JSON.stringify(json));
    }
    const ten = Object.fromEntries(
      Array.from(
        { length: 10 },
        (_, i) => [[`geofenceP${i + 1}lat`, i], [`geofenceP${i + 1}lon`, -i]],
      ).flat(),
    );
    const big = await call(ctx, t.token, "geofenceActivate", { target, geofenceId: 9, ...ten });
    assert.equal(big.status, 200, JSON.stringify(big.body));
  },
);

dbTest("[rest/irext] only Iridium Extreme terminals; another company's is 404", async (ctx) => {
  const a = await commandTenant(ctx);
  const b = await commandTenant(ctx);
  for (const deviceTypeId of [2, 4, 6, 0]) {
    const other = await ctx.f.terminal({ tgidId: a.tgid.id, deviceTypeId });
    const r = await call(ctx, a.token, "sendLocationRequest", { target: other.deviceId });
    assert.equal(r.status, 409, String(deviceTypeId));
    assert.equal(r.body.message, M.notIrext(other.deviceId));
  }
  const theirs = await extreme(ctx, b);
  for (const name of IREXT_COMMANDS) {
    const r = await call(ctx, a.token, name, {
      target: theirs.deviceId,
      text: "x",
      geofenceId: 1,
      radius: 1,
      geofenceP1lat: 1,
      geofenceP1lon: 1,
    });
    assert.equal(r.status, 404, name);
    assert.deepEqual(r.body, { code: 404, message: M.terminalNotFound });
  }
  // A terminal of a tgid merely shared with a's team: sent to by its owner only (issue 15).
  const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
  const there = await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 3 });
  const notMine = await call(ctx, a.token, "synchronisation", { target: there.deviceId });
  assert.deepEqual(notMine.body, { code: 404, message: M.terminalNotFound });
  const { token, user } = await admin(ctx);
  const byAdmin = await call(ctx, token, "synchronisation", { target: theirs.deviceId });
  await assertList(ctx, byAdmin, { companyId: b.company.id, userKey: user.key });
});
