/** The delivery engine's pure parts: destinations, outcomes, the schedule, destination slots. */
import assert from "node:assert/strict";
import {
  destinationsOf,
  skipError,
  unavailableReason,
} from "../../server/delivery/destinations.ts";
import { type RoundInput, settle } from "../../server/delivery/outcome.ts";
import { parseSchedule, retryDelay } from "../../server/delivery/schedule.ts";
import { DestinationSlots } from "../../server/delivery/limits/slots.ts";
import { after } from "../../server/delivery/limits/timers.ts";
import type { RouteRow } from "../../server/delivery/transports/mod.ts";

const common = {
  id: 1,
  tgidId: 7,
  memberOrMobileNum: null,
  apiAdd: false,
  conversion: 0,
  followOn: false,
  transmitFrequency: 0,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const tcp = (primaryUp: number, secondary: string | null, secondaryUp: number): RouteRow => ({
  kind: "tcp",
  row: {
    ...common,
    ipPortTxPrimary: "127.0.0.1:5001",
    ipPortTxSecondary: secondary,
    txPrimaryUp: primaryUp,
    txSecondaryUp: secondaryUp,
  },
});

Deno.test("[delivery] destinations: primary then backup, locked and inactive ones skipped", () => {
  assert.deepEqual(destinationsOf(tcp(1, "127.0.0.1:5002", 1)), [
    { target: "primary", address: "127.0.0.1:5001", skip: null },
    { target: "backup", address: "127.0.0.1:5002", skip: null },
  ]);
  const locked = destinationsOf(tcp(-1, "127.0.0.1:5002", 0));
  assert.deepEqual(locked.map((d) => d.skip), ["locked", "inactive"]);
  assert.deepEqual(locked.map(skipError), [
    "Primary destination is locked",
    "Backup destination is inactive",
  ]);
  assert.equal(
    unavailableReason(locked),
    "No destination available: primary locked, backup inactive",
  );
  // No backup configured: nothing listed for it, whatever its flag.
  const alone = destinationsOf(tcp(-3, null, 1));
  assert.equal(alone.length, 1);
  assert.equal(unavailableReason(alone), "No destination available: primary locked, no backup");
  const smtp: RouteRow = {
    kind: "smtp",
    row: {
      ...common,
      emailMaster: "ops@example.com",
      emailSecondary: null,
      encoding: null,
      signature: null,
      subject: null,
      body: null,
    },
  };
  assert.deepEqual(destinationsOf(smtp), [
    { target: "relay", address: "ops@example.com", skip: null },
  ]);
});

const round = (over: Partial<RoundInput>): RoundInput => ({
  kind: "tcp",
  attempts: [],
  retryStep: 0,
  schedule: [0, 5, 300],
  ...over,
});
const failed = (error: string) => ({ outcome: "failed" as const, error });

Deno.test("[delivery] outcome: delivered, refused, rejected", () => {
  assert.deepEqual(
    settle(
      round({
        attempts: [failed("Connection refused by 127.0.0.1:1"), {
          outcome: "delivered",
          error: null,
        }],
        retryStep: 2,
      }),
    ),
    {
      status: 4,
      delaySeconds: null,
      retryStep: 2,
      errorLabel: null,
      failureReason: null,
      pushDeliveryStatus: 1,
    },
  );
  assert.deepEqual(
    settle(round({ attempts: [{ outcome: "refused", error: "10.0.0.1 is a private address" }] })),
    {
      status: 3,
      delaySeconds: null,
      retryStep: 0,
      errorLabel: "10.0.0.1 is a private address",
      failureReason: "Not allowed",
      pushDeliveryStatus: 0,
    },
  );
  // Rejected by every destination that was dialled (a refused one was not): final at once.
  const rejected = settle(round({
    attempts: [
      { outcome: "refused", error: "10.0.0.1 is a private address" },
      { outcome: "rejected", error: "HTTP 400 Bad Request" },
    ],
  }));
  assert.deepEqual([rejected.status, rejected.delaySeconds, rejected.errorLabel], [
    5,
    null,
    "HTTP 400 Bad Request",
  ]);
  // One rejected, one failed: transient, retried.
  assert.equal(
    settle(round({ attempts: [{ outcome: "rejected", error: "550" }, failed("timed out")] }))
      .status,
    8,
  );
});

Deno.test("[delivery] outcome: retries on the schedule, then the final status per kind", () => {
  const attempts = [
    failed("Connection refused by 127.0.0.1:5001"),
    failed("Connection to 127.0.0.1:5002 timed out after 10 s"),
  ];
  assert.deepEqual(settle(round({ attempts })), {
    status: 8,
    delaySeconds: 5,
    retryStep: 1,
    errorLabel: "Connection to 127.0.0.1:5002 timed out after 10 s",
    failureReason: "Timeout",
    pushDeliveryStatus: 0,
  });
  assert.equal(settle(round({ attempts, retryStep: 1 })).delaySeconds, 300);
  const used = settle(round({ attempts, retryStep: 2 }));
  assert.deepEqual([used.status, used.delaySeconds, used.retryStep, used.failureReason], [
    3,
    null,
    3,
    "Timeout",
  ]);
  const smtp = settle(round({ kind: "smtp", attempts: [failed("421 try later")], retryStep: 2 }));
  assert.deepEqual([smtp.status, smtp.failureReason], [7, "Queue frozen"]);
  const ftp = settle(round({
    kind: "ftp",
    attempts: [{
      outcome: "corrupted",
      error: "Uploaded file size mismatch (expected 9 bytes, got 4)",
    }],
    retryStep: 2,
  }));
  assert.deepEqual([ftp.status, ftp.failureReason], [6, "Corrupted transfer"]);
  // Nothing could be tried: waits on the schedule like a failure.
  const none = settle(round({
    attempts: [{ outcome: "skipped", error: "Primary destination is locked" }],
    unavailable: "No destination available: primary locked, no backup",
  }));
  assert.deepEqual([none.status, none.delaySeconds, none.errorLabel, none.failureReason], [
    8,
    5,
    "No destination available: primary locked, no backup",
    "No destination available",
  ]);
});

Deno.test("[delivery] schedule: parsed seconds; a step past the end is used up", () => {
  assert.deepEqual(parseSchedule("0, 5,300 ,0.2"), [0, 5, 300, 0.2]);
  assert.throws(() => parseSchedule("0,,5"), /Invalid retry schedule/);
  assert.equal(retryDelay([0, 5], 1), 5);
  assert.equal(retryDelay([0, 5], 2), null);
});

Deno.test("[delivery] slots: a flowing destination's messages wait, a stuck one's go back", async () => {
  const slots = new DestinationSlots(2, 200);
  assert.equal(await slots.acquire("a"), true);
  assert.equal(await slots.acquire("a"), true);
  assert.equal(await slots.acquire("b"), true, "other destinations are not held up");
  // Saturated but flowing: waits and gets the slot when one is released.
  const waiting = slots.acquire("a");
  slots.release("a");
  assert.equal(await waiting, true);
  // Saturated and no slot freed in time: turned away.
  assert.equal(await slots.acquire("a"), false);
  // Stuck for longer than the patience: turned away at once.
  await new Promise((r) => setTimeout(r, 20));
  const t0 = performance.now();
  assert.equal(await slots.acquire("a"), false);
  assert.ok(performance.now() - t0 < 50);
  slots.release("a");
  slots.release("a");
  slots.release("b");
  assert.equal(await slots.acquire("a"), true, "free again");
  slots.release("a");
});

Deno.test("[delivery] timeouts: fired in order when due, never once cancelled, none left running", async () => {
  const fired: string[] = [];
  const cancelA = after(30, () => fired.push("a"));
  after(30, () => {
    fired.push("b");
    // Set from a firing one: waits its own time.
    after(30, () => fired.push("d"));
  });
  const cancelC = after(30, () => fired.push("c"));
  cancelA();
  cancelA(); // twice: nothing more
  await new Promise((r) => setTimeout(r, 45));
  assert.deepEqual(fired, ["b", "c"]);
  cancelC(); // after it fired: nothing
  await new Promise((r) => setTimeout(r, 45));
  assert.deepEqual(fired, ["b", "c", "d"]);
  // Every one cancelled: the lane's timer goes too (the test's sanitizer sees no timer left).
  const cancels = Array.from({ length: 100 }, () => after(10_000, () => fired.push("never")));
  for (const cancel of cancels) cancel();
  assert.deepEqual(fired, ["b", "c", "d"]);
});
