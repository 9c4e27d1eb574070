/**
 * JOBS=cron: the background work in Deno.cron windows, for Deno Deploy, where an instance lives
 * only while requests come and timers die with it (docs/deploy.md). Deploy finds the crons by
 * evaluating the entry module's top level, so main.ts registers them there, before the server
 * starts; their handlers wait for the portal to be ready and do nothing unless JOBS=cron.
 * The platform runs each cron once per timeline, never two runs of one cron at once.
 *
 * Every minute, a window of WINDOW_MS: the LES clock and the delivery engine on their timers until
 * the window ends (so commands move on and messages go out within seconds while it lasts, and
 * within a minute at worst), then the traffic fold. Every hour, the pruning.
 */
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import { foldTrafficDeltas } from "../services/monitoring/rollup.ts";
import { pruneAuthState } from "../services/users/session/housekeeping.ts";
import { pruneAudit } from "../services/audit/retention.ts";
import { startJobs } from "./run.ts";

/** Most of a minute: the next window starts as this one ends (a late one is skipped, not run twice). */
const WINDOW_MS = 50_000;
export const CRON_NAMES = { window: "portal background window", prune: "portal pruning" };

/** What the crons run on, once the portal has opened its database. */
export interface CronTarget {
  db: Db;
  config: Config;
}

/**
 * One window: the LES clock and the delivery engine for `ms`, stopped cleanly, then the fold
 * (which takes the window's own changes too).
 */
export async function runWindow({ db, config }: CronTarget, ms = WINDOW_MS): Promise<void> {
  const jobs = startJobs(db, config, {
    implementation: "cron",
    delivery: config.DELIVERY_WORKER === "on",
    prune: false,
    fold: false,
    feedSeconds: 0,
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  await jobs.stop();
  await foldTrafficDeltas(db);
}

/** Deno.cron's shape, as far as the portal uses it. */
export type CronFn = (name: string, schedule: string, handler: () => Promise<void>) => unknown;

/** Deno.cron where the runtime has it: the portal's types (deno.ns, not unstable) omit it. */
function runtimeCron(): CronFn | undefined {
  const cron: unknown = Reflect.get(Deno, "cron");
  // A function found at run time: its signature is Deno's documented one.
  return typeof cron === "function" ? cron as CronFn : undefined;
}

/**
 * Registers the crons when the runtime has Deno.cron (Deno Deploy; locally --unstable-cron);
 * answers whether it did. `ready` resolves to the portal's database and configuration.
 */
export function registerCronJobs(
  ready: Promise<CronTarget>,
  opts: { cron?: CronFn; windowMs?: number } = {},
): boolean {
  const cron = opts.cron ?? runtimeCron();
  if (typeof cron !== "function") return false;
  const when = (run: (t: CronTarget) => Promise<unknown>) => async () => {
    const target = await ready;
    if (target.config.JOBS === "cron") await run(target);
  };
  cron(CRON_NAMES.window, "* * * * *", when((t) => runWindow(t, opts.windowMs)));
  cron(
    CRON_NAMES.prune,
    "17 * * * *",
    when((t) =>
      Promise.all([
        pruneAuthState(t.db, t.config.LOGIN_LOCK_MINUTES),
        pruneAudit(t.db, t.config.AUDIT_RETENTION_DAYS),
      ])
    ),
  );
  return true;
}
