/**
 * The delivery engine (docs/decisions/0015-delivery-engine.md): a loop that claims due push
 * traffic while it has free slots, delivers each message in its own task (round.ts) and writes
 * the results in batches. On PostgreSQL a claim is held by its transaction, which commits its
 * results (queue/held.ts); on PGlite it is leased, and its results are written apart
 * (queue/lease.ts, queue/writer.ts). Idle, it polls every `pollMs`; a message stored due wakes
 * it at once (LISTEN 'delivery_due', and in this process `wakeDelivery()`: wake.ts), as does
 * `nudge()`. It runs inside the server (server/start.ts) or alone (`deno task worker`); any
 * number of engines may share one database.
 */
import type { Db } from "../../db/client.ts";
import { isPostgresJs } from "../../db/request_transaction.ts";
import type { Config } from "../config.ts";
import type { OnTick } from "../station/clock.ts";
import { currentInstance } from "../services/monitoring/heartbeats.ts";
import { egressPolicy } from "./egress.ts";
import { claimDue, type ClaimedRow, type MessageResult } from "./queue/lease.ts";
import { holdClaim } from "./queue/held.ts";
import { ResultWriter } from "./queue/writer.ts";
import { deliverRound, handBack, type RoundDeps } from "./round.ts";
import { batchesOf, deliverBatch } from "./round_batch.ts";
import { loadRoutes } from "./batch_routes.ts";
import { parseSchedule } from "./schedule.ts";
import { DestinationSlots } from "./limits/slots.ts";
import { after } from "./limits/timers.ts";
import { createTransports, type RouteRow, type Transports } from "./transports/mod.ts";
import type { EgressPolicy } from "./types.ts";
import { DELIVERY_DUE_CHANNEL, onDeliveryWake } from "./wake.ts";

export interface EngineOptions {
  db: Db;
  /** Names this engine in push_attempts.instance (host:pid plus a random suffix). */
  instance: string;
  /**
   * Messages delivered at the same time (DELIVERY_CONCURRENCY), a delivery counted until it ends
   * or has been under way PARK_MS (then only its destination's slots hold it).
   */
  concurrency: number;
  /** Of those, at most this many to one destination (DELIVERY_PER_DESTINATION). */
  perDestination: number;
  /** Each connect, write and read of a transport (DELIVERY_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long a claim holds a message (DELIVERY_LEASE_SECONDS). */
  leaseSeconds: number;
  /** Seconds before the first attempt and each retry (DELIVERY_RETRY_SCHEDULE). */
  schedule: number[];
  policy: EgressPolicy;
  transports: Transports;
  /** Hears each loop turn: messages written since the last turn, or the turn's error. */
  onTick?: OnTick;
  /** The idle poll, in milliseconds. */
  pollMs: number;
  /**
   * Whether claims are held by their transaction (queue/held.ts: one write a message) rather
   * than leased (queue/lease.ts: two). PostgreSQL holds; PGlite, one connection for the whole
   * process, leases.
   */
  hold: boolean;
  /**
   * Listens on a channel of the database (Database.listen): the engine wakes when messages are
   * stored due, in any process (wake.ts). Without it, it finds them at its next poll.
   */
  listen?: (
    channel: string,
    onPayload: () => void,
    onRelisten?: () => void,
  ) => Promise<() => Promise<void>>;
}

export interface DeliveryEngine {
  /** Looks for due messages now rather than at the next poll. */
  nudge(): void;
  /**
   * Stops claiming, waits for the deliveries under way (at most the timeout, then aborts them:
   * those go back to the queue), writes every result and closes the transports.
   */
  stop(): Promise<void>;
}

/** Whether public destinations may be dialled: DELIVERY_PUBLIC, `auto` deny while demo sinks run. */
export function allowPublicDestinations(config: Config): boolean {
  if (config.DELIVERY_PUBLIC !== "auto") return config.DELIVERY_PUBLIC === "allow";
  const demoSinks = config.DEMO_SINKS === "on" ||
    (config.DEMO_SINKS === "auto" && !config.DATABASE_URL);
  return !demoSinks;
}

/** The default of DELIVERY_CONCURRENCY: held claims (PostgreSQL), leased ones (PGlite). */
const CONCURRENCY = { held: 1000, leased: 256 };

/** Messages an engine delivers at once: DELIVERY_CONCURRENCY, else by how it claims. */
export const deliveryConcurrency = (config: Config, hold: boolean): number =>
  config.DELIVERY_CONCURRENCY ?? CONCURRENCY[hold ? "held" : "leased"];

/** The engine's options from the configuration; `extras` overrides any of them. */
export function engineOptions(
  db: Db,
  config: Config,
  extras: Partial<EngineOptions> = {},
): EngineOptions {
  // An extra given as undefined keeps the configured value.
  const given = Object.fromEntries(
    Object.entries(extras).filter(([, v]) => v !== undefined),
  ) as Partial<EngineOptions>;
  const hold = given.hold ?? isPostgresJs(db);
  return {
    db,
    instance: `${currentInstance()}-${crypto.randomUUID().slice(0, 6)}`,
    concurrency: deliveryConcurrency(config, hold),
    perDestination: config.DELIVERY_PER_DESTINATION,
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    leaseSeconds: config.DELIVERY_LEASE_SECONDS,
    schedule: parseSchedule(config.DELIVERY_RETRY_SCHEDULE),
    pollMs: 500,
    hold,
    ...given,
    // Made only when not given: a policy and a transport set (which holds pools and
    // connections) from the configuration.
    policy: given.policy ?? egressPolicy({
      allow: config.DELIVERY_ALLOW,
      allowPublic: allowPublicDestinations(config),
    }),
    transports: given.transports ?? createTransports({
      smtpRelay: config.SMTP_RELAY,
      smtpFrom: config.SMTP_FROM,
      ftpUser: config.FTP_USER,
      ftpPassword: config.FTP_PASSWORD,
      perDestination: config.DELIVERY_PER_DESTINATION,
    }),
  };
}

/** How long a held claim waits for its deliveries before it leases the rest (queue/held.ts). */
const HOLD_MS = 250;
/** A delivery under way longer than this stops counting against the engine's concurrency. */
const PARK_MS = 250;
/** Held claims open at once, each on a connection of its own. */
const MAX_HELD = 4;

/** A sleep that `wake()` ends early; a wake while awake makes the next sleep return at once. */
class Waker {
  #resolve: (() => void) | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pending = false;

  sleep(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.#timer = setTimeout(() => this.wake(), ms);
    });
  }

  wake(): void {
    clearTimeout(this.#timer);
    const resolve = this.#resolve;
    this.#resolve = null;
    if (resolve) resolve();
    else this.#pending = true;
  }
}

export function startDeliveryEngine(opts: EngineOptions): DeliveryEngine {
  const abort = new AbortController();
  const deps: RoundDeps = {
    transports: opts.transports,
    ctx: { signal: abort.signal, timeoutMs: opts.timeoutMs, egress: opts.policy },
    slots: new DestinationSlots(opts.perDestination),
    schedule: opts.schedule,
    // Two guarded attempts (primary, backup) should end well within the lease.
    guardMs: Math.max(opts.timeoutMs, Math.min(6 * opts.timeoutMs, opts.leaseSeconds * 450)),
  };
  const waker = new Waker();
  const retryTimers = new Set<ReturnType<typeof setTimeout>>();
  // A retry due sooner than the next poll wakes the loop when it is due.
  const writer = new ResultWriter(opts.db, opts.instance, (batch) => {
    // A loop, not Math.min(...map): a held claim's batch is a thousand results (issue 41).
    let soonest = Infinity;
    for (const r of batch) if (r.delaySeconds !== null) soonest = Math.min(soonest, r.delaySeconds);
    soonest *= 1000;
    if (stopped || soonest >= opts.pollMs) return;
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      waker.wake();
    }, soonest);
    retryTimers.add(timer);
  });
  /** The deliveries under way, and how many messages they deliver. */
  const inFlight = new Set<Promise<unknown>>();
  let busy = 0;
  // Refill in batches: wake for free slots once a quarter of them are free.
  const refill = Math.max(1, Math.ceil(opts.concurrency / 4));
  let hungry = false;
  let stopped = false;

  /**
   * Delivers `rows` in a task (its messages counted in flight): their results, whatever happens.
   */
  const launch = (
    rows: readonly ClaimedRow[],
    token: string,
    deliver: () => Promise<MessageResult[]>,
  ) => {
    let counted = rows.length;
    busy += counted;
    const freed = () => {
      if (hungry && opts.concurrency - busy >= refill) waker.wake();
    };
    // Still under way after PARK_MS: a slow or hanging destination (which holds its slots, and no
    // more: limits/slots.ts) no longer counts against the engine's, so the others go on.
    const park = after(PARK_MS, () => {
      busy -= counted;
      counted = 0;
      freed();
    });
    const task = deliver()
      .catch((e) => {
        console.error(`delivery: messages ${rows.map((r) => r.id)} failed unexpectedly:`, e);
        return rows.map((row) => handBack(row, token, 1));
      })
      .finally(() => {
        park();
        inFlight.delete(task);
        busy -= counted;
        freed();
      });
    inFlight.add(task);
    return task;
  };

  /** Starts the deliveries of a claim's rows: the batched rounds, and the others alone. */
  const start = (rows: readonly ClaimedRow[], token: string, routes: Map<number, RouteRow>) => {
    const { batches, alone } = batchesOf(deps, rows, routes);
    return [
      ...batches.map((batch) => launch(batch.rows, token, () => deliverBatch(deps, batch, token))),
      ...alone.map((row) =>
        launch([row], token, async () => [await deliverRound(deps, row, token, routes.get(row.id))])
      ),
    ];
  };

  /** Leases up to `free` messages and starts them; answers how many it claimed. */
  const leasedTurn = async (free: number): Promise<number> => {
    const token = crypto.randomUUID();
    const rows = await claimDue(opts.db, free, token, opts.leaseSeconds);
    if (!rows.length) return 0;
    let routes: Map<number, RouteRow>;
    try {
      routes = await loadRoutes(opts.db, rows);
    } catch (e) {
      for (const row of rows) writer.add(handBack(row, token, 1));
      throw e;
    }
    for (const task of start(rows, token, routes)) {
      void task.then((results) => {
        for (const result of results) writer.add(result);
      });
    }
    return rows.length;
  };

  /** Claims held by their transaction, until their results are committed. */
  const held = new Set<Promise<void>>();
  /**
   * Claims up to `free` messages in a held claim and starts them; answers how many it claimed
   * once they are started (or the claim failed before). The claim goes on until its results are
   * committed.
   */
  const heldTurn = (free: number) =>
    new Promise<number>((resolve, reject) => {
      const token = crypto.randomUUID();
      let started = false;
      const claim = holdClaim(opts.db, {
        limit: free,
        token,
        leaseSeconds: opts.leaseSeconds,
        holdMs: HOLD_MS,
        instance: opts.instance,
        claimed: (count) => {
          if (count) return;
          started = true;
          resolve(0);
        },
        deliver: async (tx, rows) => {
          const tasks = start(rows, token, await loadRoutes(tx, rows));
          started = true;
          resolve(rows.length);
          return tasks;
        },
        late: (result) => writer.add(result),
      }).then(
        (written: MessageResult[]) => writer.wrote(written),
        (e) => {
          if (!started) return reject(e);
          // Rolled back: the messages are due again as they were (delivered ones once more).
          console.error("delivery: a held claim failed (its messages are due again):", e);
          tick(e);
        },
      ).finally(() => {
        // A loop waiting for room among the held claims goes on.
        const full = held.size >= MAX_HELD;
        held.delete(claim);
        if (full) waker.wake();
      });
      held.add(claim);
    });

  /** Reports a turn: the messages written since the last report, or the turn's error. */
  const tick = (error?: unknown) => {
    const counts = error === undefined ? writer.takeCounts() : { written: 0, error };
    try {
      opts.onTick?.(counts.written, counts.error);
    } catch (e) {
      console.error("delivery: reporting the tick failed:", e);
    }
  };

  const loop = async () => {
    while (!stopped) {
      const free = opts.concurrency - busy;
      // Each held claim keeps a connection of the pool: a few at a time.
      const room = free > 0 && held.size < MAX_HELD;
      let claimed = 0;
      if (room) {
        try {
          claimed = await (opts.hold ? heldTurn(free) : leasedTurn(free));
          tick();
        } catch (e) {
          console.error("delivery: claiming due messages failed:", e);
          tick(e ?? new Error("the turn failed"));
        }
      }
      if (stopped) break;
      // Slots full, or every free slot filled: more may be due as soon as slots free up.
      hungry = !room || (claimed > 0 && claimed === free);
      if (hungry && opts.concurrency - busy >= refill && held.size < MAX_HELD) continue;
      await waker.sleep(opts.pollMs);
    }
  };

  const unsubscribe = onDeliveryWake(() => waker.wake());
  // A reconnected listener may have missed a notification: it looks at once.
  const listening = opts.listen?.(DELIVERY_DUE_CHANNEL, () => waker.wake(), () => waker.wake())
    .catch((e) => {
      console.error("delivery: listening for due messages failed (polling only):", e);
      return null;
    });
  const running = loop();

  return {
    nudge: () => waker.wake(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      await (await listening)?.();
      waker.wake();
      for (const timer of retryTimers) clearTimeout(timer);
      await running;
      // Deliveries under way get one timeout to finish; then they are aborted (handed back).
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise((resolve) => timer = setTimeout(resolve, opts.timeoutMs));
      await Promise.race([Promise.all(inFlight), grace]);
      clearTimeout(timer);
      abort.abort();
      await Promise.all(inFlight);
      await Promise.all(held);
      await writer.flush();
      tick();
      await opts.transports.close();
    },
  };
}
