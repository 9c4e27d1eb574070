/**
 * The portal's background work (docs/deploy.md, "Where the background work runs"): the simulated
 * LES's clock, the delivery engine, the fold of the traffic rollup, the pruning of ended sessions
 * and attempts, and the demo's inbound feed. Each keeps its state in PostgreSQL and is safe in
 * several processes at once (row locks, SKIP LOCKED, advisory locks), so the same jobs run
 * inside a server (JOBS=on), in `deno task worker`, or in a Deno.cron window (JOBS=cron). No
 * request depends on them: without any, pages and /rest stay correct, and work waits.
 */
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import { startStationClock } from "../station/clock.ts";
import { configuredStation } from "../station/simulated.ts";
import { startInboundFeed } from "../station/inbound_feed.ts";
import { schedulePruning } from "../services/users/session/housekeeping.ts";
import { serviceHeartbeat } from "../services/monitoring/heartbeats.ts";
import { scheduleFolding } from "../services/monitoring/rollup.ts";
import { type EngineOptions, engineOptions, startDeliveryEngine } from "../delivery/engine.ts";

interface JobsOptions {
  /** How the delivery engine's heartbeats name this runner: "built-in", "worker", "cron". */
  implementation: string;
  /** Run the delivery engine (DELIVERY_WORKER=off leaves it to workers). */
  delivery: boolean;
  /** The delivery engine's configuration when it differs (the demo's loopback receivers). */
  deliveryConfig?: Config;
  /** Prune now and every hour (cron windows prune on an hourly schedule of their own). */
  prune: boolean;
  /** Fold every minute (a cron window folds once, at its start). */
  fold: boolean;
  /** Seconds between the demo feed's reports; 0: none. */
  feedSeconds: number;
  /** The database's LISTEN (Database.listen): the delivery engine wakes on messages stored due. */
  listen?: EngineOptions["listen"];
}

interface Jobs {
  /** Stops every job, waiting for the work under way (a delivery, a fold, the last beats). */
  stop(): Promise<void>;
}

export function startJobs(db: Db, config: Config, opts: JobsOptions): Jobs {
  const stopPruning = opts.prune
    ? schedulePruning(db, config.LOGIN_LOCK_MINUTES, config.AUDIT_RETENTION_DAYS)
    : () => {};
  // The traffic triggers append count changes; every minute they are summed into the hourly
  // rollup the statistics read (which count the changes not folded yet too).
  const stopFolding = opts.fold ? scheduleFolding(db) : async () => {};
  // The land earth station moves commands and messages on, every second (its state is the
  // database's rows). Its ticks beat for service 'les' as its adapter, "simulated" (at most every
  // 5 s while idle), which /monitoring/control/services shows.
  const stationBeat = serviceHeartbeat(db, "les", "simulated");
  const stopStation = startStationClock(configuredStation(db, config), 1000, stationBeat);
  // The delivery engine takes due push traffic to the customers' destinations; it beats for
  // service 'delivery'.
  const deliveryBeat = serviceHeartbeat(db, "delivery", opts.implementation);
  const delivery = opts.delivery
    ? startDeliveryEngine(
      engineOptions(db, opts.deliveryConfig ?? config, {
        onTick: deliveryBeat,
        listen: opts.listen,
      }),
    )
    : null;
  // The demo: the simulated LES receives a position report every DEMO_FEED_SECONDS.
  const stopFeed = startInboundFeed(db, opts.feedSeconds);
  return {
    stop: async () => {
      stopPruning();
      stopStation();
      stopFeed();
      await delivery?.stop();
      // The fold and the beats under way finish before the caller closes the database.
      await Promise.all([stopFolding(), stationBeat.flush(), deliveryBeat.flush()]);
    },
  };
}
