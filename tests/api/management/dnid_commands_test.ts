/**
 * The dnid status menu's commands: on-demand (code 9 with 0, 128, 130, 131, 5, 6), download
 * dnid, create / start / stop program — their commands and the member's program fields — and
 * unauthorized members, missing programs, tenancy.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { admin } from "../../fixtures/companies_teams.ts";
import { assertList, type CommandTenant, commandTenant } from "../../fixtures/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import { dnidStatuses } from "../../../db/schema/mod.ts";
import { ON_DEMAND_COMMAND_CODES } from "../../../openapi/enums.ts";

const programOf = async (ctx: Ctx, t: CommandTenant, member: number) => {
  const [row] = await ctx.db.select().from(dnidStatuses).where(and(
    eq(dnidStatuses.dnidId, t.dnid.id),
    eq(dnidStatuses.member, member),
  ));
  return row;
};

dbTest(
  "[rest/dnids] onDemandPoll: every code, one command per terminal of the member",
  async (ctx) => {
    const t = await commandTenant(ctx);
    const s = await ctx.f.dnidStatus({ dnidId: t.dnid.id, les: t.dnid.les, member: 4 });
    for (const code of ON_DEMAND_COMMAND_CODES) {
      const r = await ctx.call("POST", "/rest/dnids/onDemandPoll", {
        token: t.token,
        json: { dnid: t.dnid.id, les: t.dnid.les, member: 4, code },
      });
      const { commands: [c] } = await assertList(ctx, r, {
        companyId: t.company.id,
        userKey: t.user.key,
      });
      assert.equal(c.command, "onDemandCommand");
      assert.equal(c.mt, s.device);
      assert.deepEqual(c.parameters, { dnid: t.dnid.id, les: t.dnid.les, member: 4, code });
    }
    for (const code of [1, 7, 129, 132, "9"]) {
      const r = await ctx.call("POST", "/rest/dnids/onDemandPoll", {
        token: t.token,
        json: { dnid: t.dnid.id, member: 4, code },
      });
      assert.equal(r.status, 400, String(code));
    }
  },
);

dbTest("[rest/dnids] downloadDnid, and a member that is not authorized (409)", async (ctx) => {
  const t = await commandTenant(ctx);
  await ctx.f.dnidStatus({ dnidId: t.dnid.id, les: t.dnid.les, member: 2 });
  await ctx.f.dnidStatus({ dnidId: t.dnid.id, les: t.dnid.les, member: 3, status: -2 });
  const r = await ctx.call("POST", "/rest/dnids/downloadDnid", {
    token: t.token,
    json: { dnid: t.dnid.id, member: 2 },
  });
  const { commands: [c] } = await assertList(ctx, r, {
    companyId: t.company.id,
    userKey: t.user.key,
  });
  assert.equal(c.command, "downloadDnid");
  const refused = await ctx.call("POST", "/rest/dnids/downloadDnid", {
    token: t.token,
    json: { dnid: t.dnid.id, member: 3 },
  });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.message, M.notAuthorized(t.dnid.id, 3));
});

dbTest(
  "[rest/dnids] programs: create sets interval and frame, start and stop switch it",
  async (ctx) => {
    const t = await commandTenant(ctx);
    await ctx.f.dnidStatus({ dnidId: t.dnid.id, les: t.dnid.les, member: 5 });
    const key = { dnid: t.dnid.id, les: t.dnid.les, member: 5 };
    const early = await ctx.call("POST", "/rest/dnids/startProgram", { token: t.token, json: key });
    assert.equal(early.status, 409);
    assert.equal(early.body.message, M.noProgram(t.dnid.id, 5));
    assert.equal((await programOf(ctx, t, 5)).progUpdatedOn, null);

    const created = await ctx.call("POST", "/rest/dnids/createProgram", {
      token: t.token,
      json: { ...key, interval: 120, startFrame: 300 },
    });
    const c1 = await assertList(ctx, created, { companyId: t.company.id, userKey: t.user.key });
    assert.equal(c1.commands[0].command, "createProgram");
    assert.deepEqual(c1.commands[0].parameters, { ...key, interval: 120, startFrame: 300 });
    let p = await programOf(ctx, t, 5);
    assert.deepEqual([p.progActive, p.progInterval, p.progStartFrame], [false, 120, 300]);
    assert.ok(p.progUpdatedOn);

    const started = await ctx.call("POST", "/rest/dnids/startProgram", {
      token: t.token,
      json: key,
    });
    const c2 = await assertList(ctx, started, { companyId: t.company.id, userKey: t.user.key });
    assert.equal(c2.commands[0].command, "startProgram");
    assert.deepEqual(c2.commands[0].parameters, { ...key, interval: 120, startFrame: 300 });
    assert.equal((await programOf(ctx, t, 5)).progActive, true);

    const stopped = await ctx.call("POST", "/rest/dnids/stopProgram", {
      token: t.token,
      json: key,
    });
    const c3 = await assertList(ctx, stopped, { companyId: t.company.id, userKey: t.user.key });
    assert.equal(c3.commands[0].command, "stopProgram");
    p = await programOf(ctx, t, 5);
    assert.deepEqual([p.progActive, p.progInterval], [false, 120]);

    for (
      const json of [
        { ...key, interval: 0, startFrame: 0 },
        { ...key, interval: 1441, startFrame: 0 },
        { ...key, interval: 60, startFrame: 2880 },
        { ...key, interval: 60 },
      ]
    ) {
      const r = await ctx.call("POST", "/rest/dnids/createProgram", { token: t.token, json });
      assert.equal(r.status, 400, JSON.stringify(json));
    }
  },
);

dbTest("[rest/dnids] member commands: another company's dnid is 404", async (ctx) => {
  const a = await commandTenant(ctx);
  const b = await commandTenant(ctx);
  await ctx.f.dnidStatus({ dnidId: b.dnid.id, les: b.dnid.les, member: 1 });
  const key = { dnid: b.dnid.id, les: b.dnid.les, member: 1 };
  const calls: [string, Record<string, unknown>][] = [
    ["onDemandPoll", { ...key, code: 9 }],
    ["downloadDnid", key],
    ["createProgram", { ...key, interval: 60, startFrame: 0 }],
    ["startProgram", key],
    ["stopProgram", key],
  ];
  for (const [name, json] of calls) {
    const r = await ctx.call("POST", `/rest/dnids/${name}`, { token: a.token, json });
    assert.deepEqual(r.body, { code: 404, message: M.dnidNotFound }, name);
  }
  const [row] = await ctx.db.select().from(dnidStatuses).where(eq(dnidStatuses.dnidId, b.dnid.id));
  assert.equal(row.progInterval, null);
  const { token, user } = await admin(ctx);
  const r = await ctx.call("POST", "/rest/dnids/downloadDnid", { token, json: key });
  await assertList(ctx, r, { companyId: b.company.id, userKey: user.key });
});
