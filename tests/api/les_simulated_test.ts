/**
 * The simulated land earth station (server/les/simulated.ts): commands and messages advance
 * through their states step by step, fail as often as told, honour cancel and delete, and keep
 * all their state in the database (a second adapter carries on; concurrent ticks never move a
 * row twice). Every `advance` is scoped to the test's own lists: the PostgreSQL database is
 * shared with other test files.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { DB_KINDS, sharedDb } from "../fixtures/db.ts";
import type { Db } from "../../db/client.ts";
import { commandLists, commands, stationMessages } from "../../db/schema/mod.ts";
import { simulatedLes, type SimulatedLesOptions } from "../../server/les/simulated.ts";
import { type LesAdapter, LesFault, UNKNOWN_MTL_FAULT } from "../../server/les/adapter.ts";
import { startLesClock } from "../../server/les/clock.ts";
import { ConfigError, parseConfig } from "../../server/config.ts";
import {
  createCommandList,
  issueCommands,
  type NewCommand,
} from "../../server/services/commands/issue.ts";
import { LES_ERRORS } from "../../openapi/enums.ts";
import type { CommandId } from "../../openapi/schemas/commands.ts";
import { Factories } from "../fixtures/factories.ts";

const STEP = 1000;

/**
 * Registers `name` once per database kind, like dbTest, without the app: the station is all
 * this file exercises.
 */
function dbTest(name: string, fn: (ctx: { db: Db; f: Factories }) => Promise<void>) {
  for (const kind of DB_KINDS) {
    Deno.test({
      name: `${name} [${kind}]`,
      sanitizeOps: false,
      sanitizeResources: false,
      fn: async () => {
        const { db } = await sharedDb(kind);
        await fn({ db, f: new Factories(db) });
      },
    });
  }
}

/** The LesFault `step` throws (it must throw one), checking its message contains `part`. */
async function fault(step: () => Promise<unknown>, _type?: unknown, part = ""): Promise<LesFault> {
  try {
    await step();
  } catch (e) {
    assert.ok(e instanceof LesFault, String(e));
    assert.ok(e.message.includes(part), e.message);
    return e;
  }
  throw new assert.AssertionError({ message: "expected a LesFault" });
}
const poll: NewCommand = {
  command: "pollCommand",
  mt: "400000001",
  genericCommandType: 0,
  commandSubType: 0,
  parameters: { dnid: 1, les: 21, member: 1, pollType: 0 },
};

const les = (db: Db, options: SimulatedLesOptions = {}) =>
  simulatedLes(db, { stepMs: STEP, failureShare: 0, ...options });

async function commandRow(db: Db, id: CommandId) {
  const [row] = await db.select().from(commands).where(and(
    eq(commands.listId, id.listId),
    eq(commands.groupId, id.groupId),
    eq(commands.itemId, id.itemId),
  ));
  return row;
}
const terminated = async (db: Db, listId: number) =>
  (await db.select().from(commandLists).where(eq(commandLists.id, listId)))[0].terminated;
const messageRow = async (db: Db, refNum: number) =>
  (await db.select().from(stationMessages).where(eq(stationMessages.refNum, refNum)))[0];

/** Times one step apart, from a step after now. */
const clock = () => {
  let t = Date.now();
  return () => new Date(t += STEP + 1);
};

async function issue(db: Db, f: Factories, station: ReturnType<typeof les>, extra = {}) {
  const company = await f.company();
  const { listId, commands: [c] } = await issueCommands(db, station, {
    userKey: null,
    companyId: company.id,
    protocol: 0,
    commands: [{ ...poll, ...extra }],
  });
  return { listId, id: c.commandId };
}

/** A Messaging C list with one sendMessage command, handed to the station as a message. */
async function sendMessage(db: Db, f: Factories, station: ReturnType<typeof les>) {
  const company = await f.company();
  const mtl = await f.mtl();
  const { listId, commands: [c] } = await db.transaction((tx) =>
    createCommandList(tx, {
      userKey: null,
      companyId: company.id,
      protocol: 5,
      commands: [{ command: "sendMessage", mt: mtl.imn, parameters: { text: "Hello" } }],
    })
  );
  const receipt = await station.sendMessage({
    ...c.commandId,
    userKey: null,
    companyId: company.id,
    les: 21,
    recipient: mtl.imn,
    carbonCopies: ["400000002"],
    format: "text",
    text: "Hello",
    notification: { recipients: ["ops@example.test"], reference: "R1", date: null },
    sender: "ops@example.test",
  });
  return { listId, id: c.commandId, ref: receipt.reference, receipt, company, mtl };
}

dbTest(
  "[les] a command goes 1 → 2 → 5 → 7 one step at a time; then the list is finished",
  async ({ db, f }) => {
    const station = les(db);
    const { listId, id } = await issue(db, f, station);
    const next = clock();
    const scope = { listIds: [listId] };
    const first = await commandRow(db, id);
    assert.deepEqual(first.status, 1);
    assert.ok(first.nextStepAt && first.nextStepAt.getTime() > Date.now());
    // Not due yet: nothing moves.
    assert.deepEqual(await station.advance(new Date(), scope), 0);
    const seen = [];
    for (let i = 0; i < 4; i++) {
      await station.advance(next(), scope);
      seen.push((await commandRow(db, id)).status);
      if (i < 2) assert.deepEqual(await terminated(db, listId), false);
    }
    assert.deepEqual(seen, [2, 5, 7, 7]);
    const last = await commandRow(db, id);
    assert.deepEqual([last.nextStepAt, last.errorCode], [null, null]);
    assert.deepEqual(await terminated(db, listId), true);
    assert.deepEqual(await station.commandStatus(id), {
      status: 7,
      errorCode: null,
      errorLabel: null,
    });
  },
);

dbTest(
  "[les] with every command failing: half at the send (6 Failed), half unacknowledged (8)",
  async ({ db, f }) => {
    // random 0: fails at once, with the first failure error.
    const early = les(db, { failureShare: 1, random: () => 0 });
    const a = await issue(db, f, early);
    await early.advance(clock()(), { listIds: [a.listId] });
    const failed = await commandRow(db, a.id);
    assert.deepEqual([failed.status, failed.errorCode, failed.errorLabel], [
      6,
      ...LES_ERRORS[6][0],
    ]);
    assert.deepEqual(failed.nextStepAt, null);
    assert.deepEqual(await terminated(db, a.listId), true);
    // random 0.7: passes the send, then is not acknowledged.
    const late = les(db, { failureShare: 1, random: () => 0.7 });
    const b = await issue(db, f, late);
    const next = clock();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      await late.advance(next(), { listIds: [b.listId] });
      statuses.push((await commandRow(db, b.id)).status);
    }
    assert.deepEqual(statuses, [2, 5, 8]);
    const unack = await commandRow(db, b.id);
    assert.deepEqual([unack.errorCode, unack.errorLabel], [...LES_ERRORS[8][0]]);
    assert.deepEqual(await terminated(db, b.listId), true);
  },
);

dbTest(
  "[les] the failure share is honoured overall (about half fail at 0.5)",
  async ({ db, f }) => {
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const station = les(db, { failureShare: 0.5, random });
    const company = await f.company();
    const { listId, commands: issued } = await issueCommands(db, station, {
      userKey: null,
      companyId: company.id,
      protocol: 0,
      commands: Array.from({ length: 60 }, () => poll),
    });
    const next = clock();
    for (let i = 0; i < 3; i++) await station.advance(next(), { listIds: [listId] });
    const rows = await db.select().from(commands).where(eq(commands.listId, listId));
    assert.deepEqual(rows.length, issued.length);
    const failed = rows.filter((r) => r.status === 6 || r.status === 8).length;
    assert.ok(
      rows.every((r) => [6, 7, 8].includes(r.status)),
      JSON.stringify(rows.map((r) => r.status)),
    );
    assert.ok(failed > 15 && failed < 45, `failed ${failed} of 60`);
  },
);

dbTest("[les] a delayed command waits (3) until its start time, then runs", async ({ db, f }) => {
  const station = les(db);
  const startAt = new Date(Date.now() + 3600_000);
  const { listId, id } = await issue(db, f, station, { startAt });
  const scope = { listIds: [listId] };
  const row = await commandRow(db, id);
  assert.deepEqual(row.status, 3);
  assert.deepEqual(row.nextStepAt?.getTime(), startAt.getTime());
  assert.deepEqual(await station.advance(new Date(Date.now() + 10 * STEP), scope), 0);
  assert.deepEqual((await commandRow(db, id)).status, 3);
  assert.deepEqual(await station.advance(startAt, scope), 1);
  assert.deepEqual((await commandRow(db, id)).status, 1);
  await station.advance(new Date(startAt.getTime() + STEP), scope);
  assert.deepEqual((await commandRow(db, id)).status, 2);
});

dbTest(
  "[les] cancel: a pending command becomes 13 Cancelled; a final or unknown one is refused",
  async ({ db, f }) => {
    const station = les(db);
    const { listId, id } = await issue(db, f, station);
    const state = await station.cancelCommand(id);
    assert.deepEqual(state, {
      status: 13,
      errorCode: 4003,
      errorLabel: "Command cancelled by user",
    });
    assert.deepEqual((await commandRow(db, id)).nextStepAt, null);
    assert.deepEqual(await terminated(db, listId), true);
    // Cancelled stays cancelled: nothing is scheduled.
    assert.deepEqual(
      await station.advance(new Date(Date.now() + 100 * STEP), { listIds: [listId] }),
      0,
    );
    const refused = await fault(() => station.cancelCommand(id), LesFault);
    assert.deepEqual(
      refused.message,
      `command ${listId}/1/1 is Cancelled: only a pending command can be cancelled`,
    );
    // A delivered command (final) is refused too, and keeps its state.
    const b = await issue(db, f, station);
    const next = clock();
    await station.advance(next(), { listIds: [b.listId] });
    await station.advance(next(), { listIds: [b.listId] });
    assert.deepEqual((await commandRow(db, b.id)).status, 5);
    await fault(() => station.cancelCommand(b.id), LesFault, "is Delivered");
    assert.deepEqual((await commandRow(db, b.id)).status, 5);
    await fault(
      () => station.cancelCommand({ listId: b.listId, groupId: 9, itemId: 9 }),
      LesFault,
      "is unknown",
    );
    await fault(
      () => station.commandStatus({ listId: -1, groupId: 1, itemId: 1 }),
      LesFault,
    );
  },
);

dbTest(
  "[les] a message goes 0 → 7 → 11 → 12 delivered, carrying its command 2 Sent → 5 Delivered",
  async ({ db, f }) => {
    const station = les(db);
    const { listId, id, ref, receipt, company, mtl } = await sendMessage(db, f, station);
    assert.deepEqual(receipt.status, 0);
    const stored = await messageRow(db, ref);
    assert.deepEqual(stored.companyId, company.id);
    assert.deepEqual(stored.recipient, mtl.imn);
    assert.deepEqual(stored.carbonCopies, ["400000002"]);
    assert.deepEqual(stored.notificationRecipients, ["ops@example.test"]);
    assert.deepEqual([stored.groupId, stored.itemId, stored.sender], [1, 1, "ops@example.test"]);
    assert.deepEqual(stored.size, 5);
    const next = clock();
    const seen = [];
    for (let i = 0; i < 4; i++) {
      await station.advance(next(), { listIds: [listId] });
      seen.push([await station.messageStatus(ref), (await commandRow(db, id)).status]);
    }
    assert.deepEqual(seen, [[7, 2], [11, 2], [12, 5], [12, 5]]);
    assert.deepEqual((await messageRow(db, ref)).nextStepAt, null);
    assert.deepEqual(await terminated(db, listId), true);
  },
);

dbTest(
  "[les] a failing message ends 13 failed, its command 6 Failed with an error",
  async ({ db, f }) => {
    const station = les(db, { failureShare: 1, random: () => 0 });
    const { listId, id, ref } = await sendMessage(db, f, station);
    await station.advance(clock()(), { listIds: [listId] });
    assert.deepEqual(await station.messageStatus(ref), 13);
    const cmd = await commandRow(db, id);
    assert.deepEqual([cmd.status, cmd.errorCode, cmd.errorLabel], [6, ...LES_ERRORS[6][0]]);
    assert.deepEqual(await terminated(db, listId), true);
  },
);

dbTest("[les] the station refuses a message to an mtl it does not know", async ({ db }) => {
  const station = les(db);
  await fault(
    () =>
      station.sendMessage({
        listId: 1,
        userKey: null,
        les: 21,
        recipient: "499999999x",
        format: "text",
        text: "x",
      }),
    LesFault,
    UNKNOWN_MTL_FAULT,
  );
});

dbTest(
  "[les] delete: only a message forward in progress (0); its command is cancelled",
  async ({ db, f }) => {
    const station = les(db);
    const a = await sendMessage(db, f, station);
    await station.deleteMessage(a.ref);
    assert.deepEqual(await station.messageStatus(a.ref), 14);
    assert.deepEqual((await messageRow(db, a.ref)).nextStepAt, null);
    assert.deepEqual((await commandRow(db, a.id)).status, 13);
    assert.deepEqual(await terminated(db, a.listId), true);
    assert.deepEqual(
      await station.advance(new Date(Date.now() + 100 * STEP), { listIds: [a.listId] }),
      0,
    );
    const deleted = await fault(() => station.deleteMessage(a.ref), LesFault);
    assert.deepEqual(
      deleted.message,
      `message ${a.ref} is user deleted: only a message forward in progress can be deleted`,
    );
    // In the mailbox: refused, and so is cancelling its command.
    const b = await sendMessage(db, f, station);
    await station.advance(clock()(), { listIds: [b.listId] });
    const reason =
      `message ${b.ref} is in mailbox: only a message forward in progress can be deleted`;
    assert.deepEqual(
      (await fault(() => station.deleteMessage(b.ref), LesFault)).message,
      reason,
    );
    assert.deepEqual(
      (await fault(() => station.cancelCommand(b.id), LesFault)).message,
      reason,
    );
    assert.deepEqual(await station.messageStatus(b.ref), 7);
    assert.deepEqual((await commandRow(db, b.id)).status, 2);
    await fault(() => station.messageStatus(-5), LesFault, "unknown");
    await fault(() => station.deleteMessage(-5), LesFault, "unknown");
  },
);

dbTest(
  "[les] cancelling a message's command while it is forward in progress deletes the message",
  async ({ db, f }) => {
    const station = les(db);
    const { id, ref, listId } = await sendMessage(db, f, station);
    assert.deepEqual((await station.cancelCommand(id)).status, 13);
    assert.deepEqual(await station.messageStatus(ref), 14);
    assert.deepEqual(await terminated(db, listId), true);
  },
);

dbTest(
  "[les] a restarted station (a new adapter on the same database) carries on",
  async ({ db, f }) => {
    const before = les(db);
    const { listId, id } = await issue(db, f, before);
    const msg = await sendMessage(db, f, before);
    const next = clock();
    const scope = { listIds: [listId, msg.listId] };
    await before.advance(next(), scope);
    assert.deepEqual((await commandRow(db, id)).status, 2);
    const after = les(db);
    await after.advance(next(), scope);
    await after.advance(next(), scope);
    assert.deepEqual((await commandRow(db, id)).status, 7);
    assert.deepEqual(await after.messageStatus(msg.ref), 12);
  },
);

dbTest("[les] two ticks at once move each row one step only", async ({ db, f }) => {
  const a = les(db);
  const b = les(db);
  const company = await f.company();
  const { listId } = await issueCommands(db, a, {
    userKey: null,
    companyId: company.id,
    protocol: 0,
    commands: Array.from({ length: 10 }, () => poll),
  });
  const t = clock()();
  const scope = { listIds: [listId] };
  const moved = await Promise.all([a.advance(t, scope), b.advance(t, scope), a.advance(t, scope)]);
  assert.deepEqual(moved.reduce((x, y) => x + y, 0), 10);
  const rows = await db.select().from(commands).where(eq(commands.listId, listId));
  assert.deepEqual(rows.map((r) => r.status), Array(10).fill(2));
});

dbTest(
  "[les] commands the station never scheduled (seeded history) stay as they are",
  async ({ db, f }) => {
    const company = await f.company();
    const list = await f.commandList({ companyId: company.id, statuses: [1, 2] });
    const station = les(db);
    assert.deepEqual(
      await station.advance(new Date(Date.now() + 1000 * STEP), { listIds: [list.id] }),
      0,
    );
    const rows = await db.select().from(commands).where(eq(commands.listId, list.id));
    assert.deepEqual(rows.map((r) => r.status).sort(), [1, 2]);
  },
);

Deno.test("[les] LES_STEP_SECONDS and LES_FAILURE_PERCENT: defaults, and bad values refused", () => {
  const c = parseConfig({});
  assert.deepEqual([c.LES_STEP_SECONDS, c.LES_FAILURE_PERCENT], [2, 10]);
  const set = parseConfig({ LES_STEP_SECONDS: "5", LES_FAILURE_PERCENT: "0" });
  assert.deepEqual([set.LES_STEP_SECONDS, set.LES_FAILURE_PERCENT], [5, 0]);
  for (
    const env of [
      { LES_STEP_SECONDS: "0" },
      { LES_STEP_SECONDS: "fast" },
      { LES_FAILURE_PERCENT: "101" },
      { LES_FAILURE_PERCENT: "-1" },
      { LES_FAILURE_PERCENT: "2.5" },
    ]
  ) {
    assert.throws(
      () => parseConfig(env),
      (e) => e instanceof ConfigError && e.problems[0].startsWith(Object.keys(env)[0]),
      JSON.stringify(env),
    );
  }
});

Deno.test({
  name: "[les] the clock ticks without overlapping, survives a failing tick, and stops",
  sanitizeOps: false,
  fn: async () => {
    let running = 0, overlapped = false, ticks = 0;
    const errors: unknown[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const slow = {
      advance: async () => {
        ticks++;
        if (running) overlapped = true;
        running++;
        await new Promise((r) => setTimeout(r, 30));
        running--;
        if (ticks === 2) throw new Error("database gone");
        return 0;
      },
    } as unknown as LesAdapter;
    try {
      const stop = startLesClock(slow, 5);
      await new Promise((r) => setTimeout(r, 200));
      stop();
      const seen = ticks;
      await new Promise((r) => setTimeout(r, 60));
      assert.ok(seen >= 3, `ticked ${seen} times`);
      assert.ok(ticks <= seen + 1, "stopped");
      assert.equal(overlapped, false);
      assert.equal(errors.length, 1);
    } finally {
      console.error = originalError;
    }
  },
});

dbTest(
  "[les] a message handed over with its list only is linked to the list's command and company",
  async ({ db, f }) => {
    const station = les(db);
    const company = await f.company();
    const mtl = await f.mtl();
    const { listId } = await db.transaction((tx) =>
      createCommandList(tx, {
        userKey: null,
        companyId: company.id,
        protocol: 5,
        commands: [
          { command: "pollCommand", mt: mtl.imn, parameters: {} },
          { command: "sendMessage", mt: mtl.imn, parameters: { text: "Hi" } },
        ],
      })
    );
    const { reference } = await station.sendMessage({
      listId,
      userKey: null,
      les: 21,
      recipient: mtl.imn,
      format: "text",
      text: "Hi",
    });
    const row = await messageRow(db, reference);
    assert.deepEqual([row.groupId, row.itemId, row.companyId], [1, 2, company.id]);
    await station.advance(clock()(), { listIds: [listId] });
    assert.equal((await commandRow(db, { listId, groupId: 1, itemId: 2 })).status, 2);
  },
);
