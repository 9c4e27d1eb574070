/**
 * The /rest/command calls: getCommandDetails (the command with its list's facts and target
 * label), getCommandFull (fullCommandObject: every field, the schedule, the station message),
 * cancel (a pending command becomes 13 Cancelled through the station; a final one is refused
 * with the station's reason, 409; a message already forwarded too), client isolation and input
 * checks.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { admin, clientTenant as tenant } from "../../fixtures/companies_teams.ts";
import { commandLists, commands, stationMessages } from "../../../db/schema/mod.ts";
import { COMMAND_MESSAGES } from "../../../openapi/schemas/command/command_details.ts";
import { simulatedStation } from "../../../server/station/simulated.ts";
import { createCommandList, issueCommands } from "../../../server/services/command/issue.ts";
import { stillMoving } from "../../../islands/management/list/command_details.tsx";

type Tenant = Awaited<ReturnType<typeof tenant>>;

const q = (listId: number, groupId = 1, itemId = 1) =>
  `listId=${listId}&groupId=${groupId}&itemId=${itemId}`;
const get = (ctx: Ctx, token: string, call: string, query: string) =>
  ctx.call("GET", `/rest/command/${call}?${query}`, { token });

const commandRow = async (ctx: Ctx, listId: number, itemId = 1) =>
  (await ctx.db.select().from(commands).where(and(
    eq(commands.listId, listId),
    eq(commands.groupId, 1),
    eq(commands.itemId, itemId),
  )))[0];
const terminated = async (ctx: Ctx, listId: number) =>
  (await ctx.db.select().from(commandLists).where(eq(commandLists.id, listId)))[0].terminated;

/** A poll issued through the station (scheduled), on the tenant's labelled terminal. */
async function issuedPoll(ctx: Ctx, t: Tenant, startAt: Date | null = null) {
  const tgid = await ctx.f.tgid({ teamId: t.team.id });
  const terminal = await ctx.f.terminal({
    tgidId: tgid.id,
    deviceTypeId: 0,
    label: "Northern Star",
  });
  const station = simulatedStation(ctx.db, { stepMs: 1000, failureShare: 0 });
  const { listId } = await issueCommands(ctx.db, station, {
    userKey: t.user.key,
    companyId: t.company.id,
    protocol: 0,
    commands: [{
      command: "pollCommand",
      mt: terminal.terminalSpecificIdentifier,
      genericCommandType: 0,
      commandSubType: 2,
      parameters: { dnid: 10745, les: 21, member: 3, pollType: 2 },
      startAt,
    }],
  });
  return { listId, station, terminal };
}

/** A Messaging C list whose command carries a station message (forward in progress). */
async function sentMessage(ctx: Ctx, t: Tenant) {
  const station = simulatedStation(ctx.db, { stepMs: 1000, failureShare: 0 });
  const mtl = await ctx.f.mtl();
  const { listId, commands: [c] } = await ctx.db.transaction((tx) =>
    createCommandList(tx, {
      userKey: t.user.key,
      companyId: t.company.id,
      protocol: 5,
      commands: [{ command: "sendMessage", mt: mtl.imn, parameters: { text: "Hi" } }],
    })
  );
  const { reference } = await station.sendMessage({
    ...c.commandId,
    userKey: t.user.key,
    companyId: t.company.id,
    les: 21,
    recipient: mtl.imn,
    format: "text",
    text: "Hi",
  });
  return { listId, station, reference, mtl };
}

// ---- getCommandDetails / getCommandFull ----

dbTest(
  "[rest/command] getCommandDetails: the command, its list's facts and target label",
  async (ctx) => {
    const t = await tenant(ctx);
    const { listId, terminal } = await issuedPoll(ctx, t);
    const r = await get(ctx, t.token, "getCommandDetails", q(listId));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const list = (await ctx.db.select().from(commandLists).where(eq(commandLists.id, listId)))[0];
    const { createdAt, updatedAt, ...rest } = r.body;
    assert.ok(createdAt && updatedAt);
    assert.deepEqual(rest, {
      commandId: { listId, groupId: 1, itemId: 1 },
      command: "pollCommand",
      mt: terminal.terminalSpecificIdentifier,
      shoutMtType: null,
      genericCommandType: 0,
      commandSubType: 2,
      parameters: { dnid: 10745, les: 21, member: 3, pollType: 2 },
      status: 1,
      statusLabel: "In Progress",
      statusClass: "pending",
      final: false,
      errorCode: null,
      errorLabel: null,
      protocol: 0,
      listDate: list.date.toISOString(),
      user: t.user.id,
      targetLabel: "Northern Star",
    });
    // A tracker command names its device by id.
    const tgid = await ctx.f.tgid({ teamId: t.team.id });
    const tracker = await ctx.f.terminal({ tgidId: tgid.id, deviceTypeId: 2, label: "Buoy 7" });
    // Another company's terminal (not shared with the list's company) gives no label
    // (docs/decisions/0019).
    const foreign = await ctx.f.terminal({ deviceTypeId: 2, label: "Their buoy" });
    const { listId: other } = await issueCommands(ctx.db, simulatedStation(ctx.db), {
      userKey: t.user.key,
      companyId: t.company.id,
      protocol: 0,
      commands: [tracker, foreign].map((d) => ({
        command: "setTerminalTracking",
        mt: String(d.deviceId),
        genericCommandType: 2,
        parameters: { trackingEnabled: true },
      })),
    });
    const byId = await get(ctx, t.token, "getCommandDetails", q(other));
    assert.equal(byId.body.targetLabel, "Buoy 7");
    const theirs = await get(ctx, t.token, "getCommandDetails", q(other, 1, 2));
    assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
    assert.equal(theirs.body.targetLabel, null);
  },
);

dbTest(
  "[rest/command] getCommandFull: every field, the schedule, errorCode and errorLabel",
  async (ctx) => {
    const t = await tenant(ctx);
    const startAt = new Date(Date.now() + 3600_000);
    const { listId } = await issuedPoll(ctx, t, startAt);
    const r = await get(ctx, t.token, "getCommandFull", q(listId));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const full = r.body.fullCommandObject;
    assert.equal(full.status, 3);
    assert.equal(full.statusLabel, "Start time delayed");
    assert.equal(full.startAt, startAt.toISOString());
    assert.equal(full.nextStepAt, startAt.toISOString());
    assert.deepEqual(full.parameters, { dnid: 10745, les: 21, member: 3, pollType: 2 });
    assert.equal(full.stationMessage, null);
    assert.equal(full.errorCode, null);
    // A failed command carries the station's error.
    const failed = await ctx.f.commandList({ companyId: t.company.id, statuses: [6] });
    await ctx.db.update(commands).set({ errorCode: 4001, errorLabel: "Terminal is not logged in" })
      .where(eq(commands.listId, failed.id));
    const f = (await get(ctx, t.token, "getCommandFull", q(failed.id))).body.fullCommandObject;
    assert.deepEqual(
      [f.status, f.statusClass, f.final, f.errorCode, f.errorLabel, f.startAt],
      [6, "danger", true, 4001, "Terminal is not logged in", null],
    );
  },
);

dbTest(
  "[rest/command] getCommandFull: a message's command shows its station message",
  async (ctx) => {
    const t = await tenant(ctx);
    const { listId, station, reference, mtl } = await sentMessage(ctx, t);
    const before = (await get(ctx, t.token, "getCommandFull", q(listId))).body.fullCommandObject;
    assert.deepEqual(before.stationMessage, {
      refNum: reference,
      status: 0,
      statusLabel: "forward in progress",
      recipient: mtl.imn,
    });
    await station.advance(new Date(Date.now() + 1001), { listIds: [listId] });
    const after = (await get(ctx, t.token, "getCommandFull", q(listId))).body.fullCommandObject;
    assert.deepEqual(
      [after.status, after.stationMessage.status, after.stationMessage.statusLabel],
      [2, 7, "in mailbox"],
    );
  },
);

dbTest(
  "[rest/command] getCommandFull: a delivered command still scheduled is final yet moving on",
  async (ctx) => {
    const t = await tenant(ctx);
    const { listId, station } = await issuedPoll(ctx, t);
    let at = Date.now();
    for (let i = 0; i < 2; i++) {
      await station.advance(new Date(at += 1001), { listIds: [listId] });
    }
    const delivered = (await get(ctx, t.token, "getCommandFull", q(listId))).body
      .fullCommandObject;
    // 5 Delivered is final, but the station acknowledges it next: the dialog keeps reading.
    assert.deepEqual([delivered.status, delivered.final], [5, true]);
    assert.ok(delivered.nextStepAt !== null);
    assert.equal(stillMoving(delivered), true);
    await station.advance(new Date(at += 1001), { listIds: [listId] });
    const acked = (await get(ctx, t.token, "getCommandFull", q(listId))).body.fullCommandObject;
    assert.deepEqual([acked.status, acked.nextStepAt], [7, null]);
    assert.equal(stillMoving(acked), false);
  },
);

// ---- cancel ----

dbTest(
  "[rest/command] cancel: a pending command becomes 13 Cancelled; then it is refused",
  async (ctx) => {
    const t = await tenant(ctx);
    const { listId } = await issuedPoll(ctx, t);
    const r = await get(ctx, t.token, "cancel", q(listId));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(
      [r.body.status, r.body.statusLabel, r.body.statusClass, r.body.final],
      [13, "Cancelled", "danger", true],
    );
    assert.deepEqual([r.body.errorCode, r.body.errorLabel], [4003, "Command cancelled by user"]);
    assert.equal((await commandRow(ctx, listId)).nextStepAt, null);
    assert.equal(await terminated(ctx, listId), true);
    const again = await get(ctx, t.token, "cancel", q(listId));
    assert.equal(again.status, 409);
    assert.equal(
      again.body.message,
      `command ${listId}/1/1 is Cancelled: only a pending command can be cancelled`,
    );
  },
);

dbTest(
  "[rest/command] cancel: a final command is refused (409) and keeps its state",
  async (ctx) => {
    const t = await tenant(ctx);
    const list = await ctx.f.commandList({ companyId: t.company.id, statuses: [1, 5, 7, 6, 8] });
    for (const [itemId, label] of [[2, "Delivered"], [3, "Acknowledged"], [4, "Failed"]] as const) {
      const r = await get(ctx, t.token, "cancel", q(list.id, 1, itemId));
      assert.equal(r.status, 409, JSON.stringify(r.body));
      assert.match(r.body.message, new RegExp(`is ${label}: only a pending command`));
    }
    assert.deepEqual(
      (await ctx.db.select().from(commands).where(eq(commands.listId, list.id)))
        .map((c) => c.status).sort(),
      [1, 5, 6, 7, 8],
    );
    // The pending one (a seeded command the station never scheduled) can be cancelled.
    const ok = await get(ctx, t.token, "cancel", q(list.id, 1, 1));
    assert.equal(ok.body.status, 13);
    assert.equal(await terminated(ctx, list.id), true);
  },
);

dbTest(
  "[rest/command] cancel: a message's command deletes its message at 0, refused later",
  async (ctx) => {
    const t = await tenant(ctx);
    const early = await sentMessage(ctx, t);
    const r = await get(ctx, t.token, "cancel", q(early.listId));
    assert.equal(r.body.status, 13, JSON.stringify(r.body));
    const [msg] = await ctx.db.select().from(stationMessages)
      .where(eq(stationMessages.refNum, early.reference));
    assert.equal(msg.status, 14);
    const late = await sentMessage(ctx, t);
    await late.station.advance(new Date(Date.now() + 1001), { listIds: [late.listId] });
    const refused = await get(ctx, t.token, "cancel", q(late.listId));
    assert.equal(refused.status, 409);
    assert.equal(
      refused.body.message,
      `message ${late.reference} is in mailbox: only a message forward in progress can be deleted`,
    );
    assert.equal((await commandRow(ctx, late.listId)).status, 2);
  },
);

// ---- isolation and input ----

dbTest("[rest/command] another company's command answers 404 like an unknown one", async (ctx) => {
  const a = await tenant(ctx);
  const b = await tenant(ctx);
  const { listId } = await issuedPoll(ctx, a);
  for (const call of ["getCommandDetails", "getCommandFull", "cancel"]) {
    const r = await get(ctx, b.token, call, q(listId));
    assert.equal(r.status, 404, `${call}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.message, COMMAND_MESSAGES.notFound);
    const unknown = await get(ctx, a.token, call, q(listId, 1, 9));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, COMMAND_MESSAGES.notFound);
  }
  assert.equal((await commandRow(ctx, listId)).status, 1);
  // An administrator reaches every company's command.
  const { token } = await admin(ctx);
  assert.equal((await get(ctx, token, "getCommandDetails", q(listId))).status, 200);
  assert.equal((await get(ctx, token, "cancel", q(listId))).body.status, 13);
});

dbTest("[rest/command] bad query parameters answer 400; no session 401", async (ctx) => {
  const t = await tenant(ctx);
  const { listId } = await issuedPoll(ctx, t);
  for (
    const query of [
      "",
      `listId=${listId}&groupId=1`,
      `listId=abc&groupId=1&itemId=1`,
      `listId=${listId}&groupId=0&itemId=1`,
      `listId=${listId}&groupId=1&itemId=-1`,
      `listId=${listId}&groupId=1.5&itemId=1`,
      `listId=99999999999&groupId=1&itemId=1`,
    ]
  ) {
    for (const call of ["getCommandDetails", "getCommandFull", "cancel"]) {
      const r = await get(ctx, t.token, call, query);
      assert.equal(r.status, 400, `${call}?${query}: ${JSON.stringify(r.body)}`);
      assert.equal(typeof r.body.message, "string");
    }
  }
  const anonymous = await ctx.call("GET", `/rest/command/getCommandFull?${q(listId)}`);
  assert.equal(anonymous.status, 401);
  assert.equal((await commandRow(ctx, listId)).status, 1);
});
