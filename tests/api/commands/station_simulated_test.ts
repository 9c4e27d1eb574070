/**
 * The simulated land earth station (server/station/simulated.ts): commands and messages advance
 * through their states step by step, fail as often as told, honour cancel and delete, and keep
 * all their state in the database (a second adapter carries on; concurrent ticks never move a
 * row twice). Every `advance` is scoped to the test's own lists: the PostgreSQL database is
 * shared with other test files.
 */
import assert from "node:assert/strict";
import { and, desc, eq, gt } from "drizzle-orm";
import { DB_KINDS, sharedDb } from "../../fixtures/db.ts";
import type { Db } from "../../../db/client.ts";
import { commandLists, commands, stationMessages } from "../../../db/schema/mod.ts";
import {
  simulatedStation,
  type SimulatedStationOptions,
} from "../../../server/station/simulated.ts";
import {
  type StationAdapter,
  StationFault,
  UNKNOWN_MTL_FAULT,
} from "../../../server/station/adapter.ts";
import { startStationClock } from "../../../server/station/clock.ts";
import { ConfigError, parseConfig } from "../../../server/config.ts";
import {
  createCommandList,
  issueCommands,
  type NewCommand,
} from "../../../server/services/command/issue.ts";
import { LES_ERRORS } from "../../../openapi/enums.ts";
import type { CommandId } from "../../../openapi/schemas/command/commands.ts";
import { Factories } from "../../fixtures/factories.ts";
import { cancelList } from "../../../server/services/list/write.ts";
import { withRetry } from "../../../server/services/command/retry.ts";
import { ApiError, fromDatabaseError } from "../../../server/errors.ts";

const STEP = 1000;

/**
 * Registers `name` once per database kind, like dbTest, without the app: the station is all
 * this file exercises.
 */
function dbTest(
  name: string,
  fn: (ctx: { db: Db; f: Factories; kind: string }) => Promise<void>,
) {
  for (const kind of DB_KINDS) {
    Deno.test({
      name: `${name} [${kind}]`,
      sanitizeOps: false,
      sanitizeResources: false,
      fn: async () => {
        const { db } = await sharedDb(kind);
        await fn({ db, f: new Factories(db), kind });
      },
    });
  }
}

/** The StationFault `step` throws (it must throw one), checking its message contains `part`. */
async function fault(
  step: () => Promise<unknown>,
  _type?: unknown,
  part = "",
): Promise<StationFault> {
  try {
    await step();
  } catch (e) {
    assert.ok(e instanceof StationFault, String(e));
    assert.ok(e.message.includes(part), e.message);
    return e;
  }
  throw new assert.AssertionError({ message: "expected a StationFault" });
}
const poll: NewCommand = {
  command: "pollCommand",
  mt: "400000001",
  genericCommandType: 0,
  commandSubType: 0,
  parameters: { dnid: 1, les: 21, member: 1, pollType: 0 },
};

const les = (db: Db, options: SimulatedStationOptions = {}) =>
  simulatedStation(db, { stepMs: STEP, failureShare: 0, ...options });

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
    const refused = await fault(() => station.cancelCommand(id), StationFault);
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
    await fault(() => station.cancelCommand(b.id), StationFault, "is Delivered");
    assert.deepEqual((await commandRow(db, b.id)).status, 5);
    await fault(
      () => station.cancelCommand({ listId: b.listId, groupId: 9, itemId: 9 }),
      StationFault,
      "is unknown",
    );
    await fault(
      () => station.commandStatus({ listId: -1, groupId: 1, itemId: 1 }),
      StationFault,
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
    StationFault,
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
    const deleted = await fault(() => station.deleteMessage(a.ref), StationFault);
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
      (await fault(() => station.deleteMessage(b.ref), StationFault)).message,
      reason,
    );
    assert.deepEqual(
      (await fault(() => station.cancelCommand(b.id), StationFault)).message,
      reason,
    );
    assert.deepEqual(await station.messageStatus(b.ref), 7);
    assert.deepEqual((await commandRow(db, b.id)).status, 2);
    await fault(() => station.messageStatus(-5), StationFault, "unknown");
    await fault(() => station.deleteMessage(-5), StationFault, "unknown");
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
    };
    try {
      const stop = startStationClock(slow, 5);
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

// ---- robustness: concurrent finishes, deadlocks, restart safety (review fixes) ----

/** How often a race is replayed: only PostgreSQL runs the two sides really at once. */
const raceRuns = (kind: string) => kind === "postgres" ? 30 : 3;

/** A list of `n` polls handed to `station`, for a fresh company. */
async function issueMany(db: Db, f: Factories, station: StationAdapter, n: number) {
  const company = await f.company();
  return await issueCommands(db, station, {
    userKey: null,
    companyId: company.id,
    protocol: 0,
    commands: Array.from({ length: n }, () => poll),
  });
}

dbTest(
  "[les] a step failing one command while another is cancelled at once: the list finishes",
  async ({ db, f, kind }) => {
    const unfinished = [];
    for (let run = 0; run < raceRuns(kind); run++) {
      const station = les(db, { failureShare: 1, random: () => 0 });
      const { listId, commands: [a, b] } = await issueMany(db, f, station, 2);
      // Only item 1 is due: the clock fails it while the user cancels item 2.
      await db.update(commands).set({ nextStepAt: new Date(Date.now() + 3600_000) })
        .where(and(eq(commands.listId, listId), eq(commands.itemId, b.commandId.itemId)));
      await Promise.all([
        station.advance(clock()(), { listIds: [listId] }),
        station.cancelCommand(b.commandId),
      ]);
      assert.deepEqual((await commandRow(db, a.commandId)).status, 6);
      assert.deepEqual((await commandRow(db, b.commandId)).status, 13);
      if (!await terminated(db, listId)) unfinished.push(listId);
    }
    assert.deepEqual(unfinished, [], "lists left unfinished");
  },
);

dbTest(
  "[les] a tick finishes lists left unfinished with nothing pending (a crash before the settle)",
  async ({ db, f }) => {
    const company = await f.company();
    const done = await f.commandList({ companyId: company.id, statuses: [6, 7, 13] });
    const busy = await f.commandList({ companyId: company.id, statuses: [7, 1] });
    const station = les(db);
    await db.update(commandLists).set({ terminated: false })
      .where(eq(commandLists.id, done.id));
    assert.deepEqual(await terminated(db, done.id), false);
    await station.advance(new Date(), { listIds: [done.id, busy.id] });
    assert.deepEqual(await terminated(db, done.id), true);
    assert.deepEqual(await terminated(db, busy.id), false);
  },
);

dbTest(
  "[les] a list cancel while the clock finishes its commands: no deadlock, the list finished",
  async ({ db, f, kind }) => {
    const scope = { onlyCompany: null };
    for (let run = 0; run < raceRuns(kind); run++) {
      // Every step fails its command: the clock settles the list the cancel holds.
      const station = les(db, { failureShare: 1, random: () => 0 });
      const { listId } = await issueMany(db, f, station, 6);
      const [stepped, cancelled] = await Promise.allSettled([
        station.advance(clock()(), { listIds: [listId] }),
        cancelList(db, scope, listId),
      ]);
      assert.equal(stepped.status, "fulfilled", String((stepped as PromiseRejectedResult).reason));
      // Cancelled, or found finished when the clock failed every command first; never an error.
      if (cancelled.status === "rejected") {
        const e = cancelled.reason;
        assert.ok(e instanceof ApiError && e.status === 409, String(e));
      }
      const rows = await db.select().from(commands).where(eq(commands.listId, listId));
      assert.ok(rows.every((r) => r.status === 6 || r.status === 13), JSON.stringify(rows));
      assert.deepEqual(await terminated(db, listId), true);
    }
  },
);

Deno.test("[les] a deadlock or serialization failure is retried, then answered 503", async () => {
  const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
  const wrapped = { message: "query failed", cause: deadlock };
  let calls = 0;
  assert.deepEqual(
    await withRetry(() => {
      if (++calls < 3) throw wrapped;
      return Promise.resolve("done");
    }),
    "done",
  );
  assert.equal(calls, 3);
  calls = 0;
  await assert.rejects(() =>
    withRetry(() => {
      calls++;
      throw Object.assign(new Error("could not serialize"), { code: "40001" });
    }, 2)
  );
  assert.equal(calls, 2);
  // Anything else is not retried.
  calls = 0;
  await assert.rejects(() =>
    withRetry(() => {
      calls++;
      throw new Error("other");
    })
  );
  assert.equal(calls, 1);
  for (const code of ["40P01", "40001"]) {
    const answer = fromDatabaseError({ cause: { code } });
    assert.deepEqual([answer?.status, answer?.body()], [503, {
      code: 503,
      message: "The database was busy; please retry",
    }]);
  }
});

dbTest(
  "[les] a command recorded but never handed over (a crash) is still run by the station",
  async ({ db, f }) => {
    const company = await f.company();
    const mtl = await f.mtl();
    const startAt = new Date(Date.now() + 3600_000);
    const { listId, commands: [now, later, message] } = await db.transaction((tx) =>
      createCommandList(tx, {
        userKey: null,
        companyId: company.id,
        protocol: 0,
        commands: [poll, { ...poll, startAt }, {
          command: "sendMessage",
          mt: mtl.imn,
          parameters: { text: "Hi" },
        }],
      })
    );
    assert.ok((await commandRow(db, now.commandId)).nextStepAt!.getTime() <= Date.now());
    assert.deepEqual((await commandRow(db, later.commandId)).nextStepAt, startAt);
    // A message command waits for its station message.
    assert.deepEqual((await commandRow(db, message.commandId)).nextStepAt, null);
    const station = les(db);
    assert.deepEqual(await station.advance(new Date(), { listIds: [listId] }), 1);
    assert.deepEqual((await commandRow(db, now.commandId)).status, 2);
    assert.deepEqual((await commandRow(db, later.commandId)).status, 3);
    await station.advance(startAt, { listIds: [listId] });
    assert.deepEqual((await commandRow(db, later.commandId)).status, 1);
  },
);

dbTest(
  "[les] a handover failing with another error fails that command; the others still run",
  async ({ db, f }) => {
    const station = les(db);
    let handed = 0;
    const broken: StationAdapter = {
      ...station,
      sendCommand: (c) => {
        if (handed++ === 0) return Promise.reject(new Error("connection reset"));
        return station.sendCommand(c);
      },
    };
    const company = await f.company();
    const before = (await db.select({ id: commandLists.id }).from(commandLists)
      .orderBy(desc(commandLists.id)).limit(1))[0]?.id ?? 0;
    await assert.rejects(
      () =>
        issueCommands(db, broken, {
          userKey: null,
          companyId: company.id,
          protocol: 0,
          commands: [poll, poll],
        }),
      /connection reset/,
    );
    const [list] = await db.select().from(commandLists)
      .where(and(eq(commandLists.companyId, company.id), gt(commandLists.id, before)));
    const first = await commandRow(db, { listId: list.id, groupId: 1, itemId: 1 });
    assert.deepEqual([first.status, first.errorCode, first.errorLabel, first.nextStepAt], [
      6,
      4002,
      "Handover to the LES failed",
      null,
    ]);
    // The second was never handed over: the station runs it anyway, and the list finishes.
    const next = clock();
    const scope = { listIds: [list.id] };
    for (let i = 0; i < 4; i++) await station.advance(next(), scope);
    const second = await commandRow(db, { listId: list.id, groupId: 1, itemId: 2 });
    assert.deepEqual(second.status, 7);
    assert.deepEqual(await terminated(db, list.id), true);
  },
);

dbTest(
  "[les] a list cancel leaves a message already forwarded to be delivered; the list then finishes",
  async ({ db, f }) => {
    const station = les(db);
    const company = await f.company();
    const mtl = await f.mtl();
    const { listId, commands: [gone, waiting] } = await db.transaction((tx) =>
      createCommandList(tx, {
        userKey: null,
        companyId: company.id,
        protocol: 5,
        commands: [
          { command: "sendMessage", mt: mtl.imn, parameters: { text: "A" } },
          { command: "sendMessage", mt: mtl.imn, parameters: { text: "B" } },
        ],
      })
    );
    const hand = (c: typeof gone) =>
      station.sendMessage({
        ...c.commandId,
        userKey: null,
        companyId: company.id,
        les: 21,
        recipient: mtl.imn,
        format: "text",
        text: "x",
      });
    const a = await hand(gone);
    const next = clock();
    const scope = { listIds: [listId] };
    await station.advance(next(), scope);
    assert.deepEqual(await station.messageStatus(a.reference), 7);
    const b = await hand(waiting);
    const answer = await cancelList(db, { onlyCompany: null }, listId);
    assert.deepEqual(answer.terminated, false);
    // In the mailbox: left to go on, its command still Sent.
    assert.deepEqual((await commandRow(db, gone.commandId)).status, 2);
    assert.deepEqual(await station.messageStatus(a.reference), 7);
    // Still forward in progress: deleted, its command cancelled.
    assert.deepEqual(await station.messageStatus(b.reference), 14);
    assert.deepEqual((await commandRow(db, waiting.commandId)).status, 13);
    assert.deepEqual(await terminated(db, listId), false);
    await station.advance(next(), scope);
    await station.advance(next(), scope);
    assert.deepEqual(await station.messageStatus(a.reference), 12);
    assert.deepEqual((await commandRow(db, gone.commandId)).status, 5);
    assert.deepEqual(await terminated(db, listId), true);
  },
);
