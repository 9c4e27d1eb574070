/**
 * POST /rest/poll/send (one pollCommand per authorized terminal of a dnid or of one member) and
 * POST /rest/egc/send (one egcMessage to an enid): the commands and their parameters, the poll
 * types and regions, unauthorized members, tenancy.
 */
import assert from "node:assert/strict";
import { dbTest } from "../../fixtures/app.ts";
import { admin, h1, html } from "../../fixtures/companies_teams.ts";
import { assertList, commandTenant } from "../../fixtures/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import { parsePollInit } from "../../../openapi/schemas/command/poll.ts";

dbTest("[rest/poll] send: one member, or every authorized member of the dnid", async (ctx) => {
  const t = await commandTenant(ctx);
  const d = { dnidId: t.dnid.id, les: t.dnid.les };
  const m1 = await ctx.f.dnidStatus({ ...d, member: 1 });
  const m2 = await ctx.f.dnidStatus({ ...d, member: 2, status: 4 });
  await ctx.f.dnidStatus({ ...d, member: 3, status: -1 });
  const one = await ctx.call("POST", "/rest/poll/send", {
    token: t.token,
    json: { dnid: t.dnid.id, les: t.dnid.les, member: 1, pollType: 2, region: 1 },
  });
  const stored = await assertList(ctx, one, { companyId: t.company.id, userKey: t.user.key });
  assert.equal(stored.commands.length, 1);
  const [c] = stored.commands;
  assert.equal(c.command, "pollCommand");
  assert.equal(c.mt, m1.device);
  assert.equal(c.genericCommandType, 0);
  assert.equal(c.commandSubType, 2);
  assert.deepEqual(c.parameters, {
    dnid: t.dnid.id,
    les: t.dnid.les,
    member: 1,
    pollType: 2,
    region: 1,
  });
  assert.equal(one.body.commands[0].target, `${t.dnid.id}-${t.dnid.les}-1 ${m1.device}`);

  const all = await ctx.call("POST", "/rest/poll/send", {
    token: t.token,
    json: { dnid: t.dnid.id, pollType: 0 },
  });
  const group = await assertList(ctx, all, { companyId: t.company.id, userKey: t.user.key });
  assert.deepEqual(group.commands.map((c) => c.mt), [m1.device, m2.device]);
  assert.deepEqual(group.commands.map((c) => c.parameters.region), [4, 4]);

  const refused = await ctx.call("POST", "/rest/poll/send", {
    token: t.token,
    json: { dnid: t.dnid.id, member: 3, pollType: 0 },
  });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.message, M.notAuthorized(t.dnid.id, 3));
  const missing = await ctx.call("POST", "/rest/poll/send", {
    token: t.token,
    json: { dnid: t.dnid.id, member: 99, pollType: 0 },
  });
  assert.deepEqual(missing.body, { code: 404, message: M.memberNotFound });
});

dbTest(
  "[rest/poll] send: poll types 0 to 4, regions, bad input 400; a dnid with no member",
  async (ctx) => {
    const t = await commandTenant(ctx);
    await ctx.f.dnidStatus({ dnidId: t.dnid.id, les: t.dnid.les, member: 7 });
    for (const pollType of [0, 4]) {
      const r = await ctx.call("POST", "/rest/poll/send", {
        token: t.token,
        json: { dnid: t.dnid.id, pollType, region: 9 },
      });
      assert.equal(r.status, 200);
    }
    for (
      const json of [
        { dnid: t.dnid.id, pollType: 5 },
        { dnid: t.dnid.id, pollType: -1 },
        { dnid: t.dnid.id },
        { dnid: t.dnid.id, pollType: 0, region: 5 },
        { dnid: t.dnid.id, pollType: 0, member: -1 },
        { dnid: "x", pollType: 0 },
      ]
    ) {
      const r = await ctx.call("POST", "/rest/poll/send", { token: t.token, json });
      assert.equal(r.status, 400, JSON.stringify(json));
    }
    const bare = await ctx.f.dnid({ companyId: t.company.id });
    const none = await ctx.call("POST", "/rest/poll/send", {
      token: t.token,
      json: { dnid: bare.id, pollType: 0 },
    });
    assert.equal(none.status, 409);
    assert.equal(none.body.message, M.noMember(bare.id));
  },
);

dbTest(
  "[rest/poll] send: another company's dnid is 404; an administrator's list is the owner's",
  async (ctx) => {
    const a = await commandTenant(ctx);
    const b = await commandTenant(ctx);
    await ctx.f.dnidStatus({ dnidId: b.dnid.id, les: b.dnid.les, member: 1 });
    const r = await ctx.call("POST", "/rest/poll/send", {
      token: a.token,
      json: { dnid: b.dnid.id, member: 1, pollType: 0 },
    });
    assert.deepEqual(r.body, { code: 404, message: M.dnidNotFound });
    // Even when b's dnid is on a tgid shared with a's team: a sends to its own company's only.
    const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
    const onShared = await ctx.f.dnid({
      companyId: b.company.id,
      tgidId: shared.id,
      teamId: b.team.id,
    });
    await ctx.f.dnidStatus({ dnidId: onShared.id, les: onShared.les, member: 1 });
    for (
      const [path, json] of [
        ["/rest/poll/send", { dnid: onShared.id, member: 1, pollType: 0 }],
        ["/rest/dnids/onDemandPoll", { dnid: onShared.id, les: onShared.les, member: 1, code: 9 }],
      ] as const
    ) {
      const s = await ctx.call("POST", path, { token: a.token, json });
      assert.deepEqual(s.body, { code: 404, message: M.dnidNotFound }, path);
    }
    const { token, user } = await admin(ctx);
    const byAdmin = await ctx.call("POST", "/rest/poll/send", {
      token,
      json: { dnid: b.dnid.id, member: 1, pollType: 0 },
    });
    await assertList(ctx, byAdmin, { companyId: b.company.id, userKey: user.key });
  },
);

Deno.test("[poll] the page's init: dnid, dnid-les or dnid-les-member", () => {
  assert.deepEqual(parsePollInit("10000-21-5"), { dnid: 10000, les: 21, member: 5 });
  assert.deepEqual(parsePollInit("10000-21"), { dnid: 10000, les: 21 });
  assert.deepEqual(parsePollInit("10000"), { dnid: 10000 });
  for (const bad of [undefined, "", "x", "1-2-3-4", "-1"]) assert.equal(parsePollInit(bad), null);
});

// ---- EGC ----

dbTest("[rest/egc] send: one egcMessage to the enid, with its parameters", async (ctx) => {
  const t = await commandTenant(ctx);
  const r = await ctx.call("POST", "/rest/egc/send", {
    token: t.token,
    json: {
      enid: t.enid.id,
      region: 3,
      priority: 2,
      repetitions: 3,
      text: "Gale warning\nsector 3",
    },
  });
  const { commands: [c] } = await assertList(ctx, r, {
    companyId: t.company.id,
    userKey: t.user.key,
  });
  assert.equal(c.command, "egcMessage");
  assert.equal(c.mt, String(t.enid.id));
  assert.equal(c.commandSubType, 2);
  assert.deepEqual(c.parameters, {
    enid: t.enid.id,
    les: 21,
    region: 3,
    priority: 2,
    repetitions: 3,
    text: "Gale warning\nsector 3",
  });
  const defaults = await ctx.call("POST", "/rest/egc/send", {
    token: t.token,
    json: { enid: t.enid.id, text: "Hello" },
  });
  const d = await assertList(ctx, defaults, { companyId: t.company.id, userKey: t.user.key });
  assert.deepEqual(
    [
      d.commands[0].parameters.region,
      d.commands[0].parameters.priority,
      d.commands[0].parameters.repetitions,
    ],
    [4, 0, 1],
  );
  for (
    const json of [
      { enid: t.enid.id, text: "" },
      { enid: t.enid.id, text: "A", priority: 3 },
      { enid: t.enid.id, text: "A", repetitions: 6 },
      { enid: t.enid.id, text: "A", repetitions: 0 },
      { text: "A" },
    ]
  ) {
    const b = await ctx.call("POST", "/rest/egc/send", { token: t.token, json });
    assert.equal(b.status, 400, JSON.stringify(json));
  }
});

dbTest("[rest/egc] send: another company's enid is 404", async (ctx) => {
  const a = await commandTenant(ctx);
  const b = await commandTenant(ctx);
  const r = await ctx.call("POST", "/rest/egc/send", {
    token: a.token,
    json: { enid: b.enid.id, text: "Hello" },
  });
  assert.deepEqual(r.body, { code: 404, message: M.enidNotFound });
});

// ---- pages ----

dbTest(
  "[commands pages] poll, EGC and irext list only the targets the user reaches",
  async (ctx) => {
    const a = await commandTenant(ctx);
    const b = await commandTenant(ctx);
    await ctx.f.dnidStatus({ dnidId: a.dnid.id, les: a.dnid.les, member: 5 });
    await ctx.f.dnidStatus({ dnidId: b.dnid.id, les: b.dnid.les, member: 5 });
    const mine = await ctx.f.terminal({ tgidId: a.tgid.id, deviceTypeId: 3, label: "Mine X" });
    const theirs = await ctx.f.terminal({ tgidId: b.tgid.id, deviceTypeId: 3, label: "Theirs X" });
    // A tgid merely shared with a's team: its terminals are not a's to command.
    const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
    await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 3, label: "Shared X" });
    const page = async (path: string) => {
      const r = await ctx.call("GET", path, { cookie: a.cookie });
      assert.equal(r.status, 200, path);
      return html(r.body);
    };
    const poll = await page(`/commands/poll/${a.dnid.id}-21-5`);
    assert.equal(h1(poll), "Poll command");
    assert.match(poll, new RegExp(`<option value="${a.dnid.id}-21" selected`));
    assert.match(poll, /<option value="5" selected/);
    assert.ok(!poll.includes(String(b.dnid.id)));
    // Another company's dnid in the init preselects nothing.
    const other = await page(`/commands/poll/${b.dnid.id}-21-5`);
    assert.ok(!other.includes(String(b.dnid.id)));
    assert.ok(other.includes('<option value="" selected="">Choose a dnid'));
    // Nor does a member that cannot be polled (not authorized, or none): not the whole group.
    await ctx.f.dnidStatus({ dnidId: a.dnid.id, les: a.dnid.les, member: 9, status: -1 });
    for (const member of [9, 77]) {
      const unpolled = await page(`/commands/poll/${a.dnid.id}-21-${member}`);
      assert.ok(unpolled.includes('<option value="" selected="">Choose a dnid'), String(member));
      assert.doesNotMatch(unpolled, new RegExp(`<option value="${a.dnid.id}-21" selected`));
    }
    assert.match(
      await page(`/commands/poll/${a.dnid.id}`),
      new RegExp(`<option value="${a.dnid.id}-21" selected`),
    );
    const egc = await page("/commands/egc");
    assert.equal(h1(egc), "EGC command");
    assert.ok(egc.includes(`value="${a.enid.id}"`));
    assert.ok(!egc.includes(String(b.enid.id)));
    const irext = await page(`/commands/irext?target=${mine.deviceId}`);
    assert.equal(h1(irext), "Irext command");
    assert.match(irext, new RegExp(`<option value="${mine.deviceId}" selected`));
    assert.ok(!irext.includes("Theirs X") && !irext.includes(`value="${theirs.deviceId}"`));
    assert.ok(irext.includes("Mine X") && !irext.includes("Shared X"));
  },
);
