/**
 * The CPU processes spent, from /proc (Linux): what a delivery costs each side in section 5 and
 * in profile_engine.ts, where wall time on a shared two-core machine says little on its own.
 */

const TICKS = 100; // /proc/<pid>/stat's clock ticks a second on Linux

/** CPU seconds `pid` has used (user + system); 0 once it is gone. */
function cpuOf(pid: number): number {
  try {
    const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** This machine's PostgreSQL server processes. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      if (Deno.readTextFileSync(`/proc/${entry.name}/cmdline`).startsWith("postgres")) {
        pids.push(Number(entry.name));
      }
    } catch { /* gone */ }
  }
  return pids;
}

/** The machine's CPU time so far (/proc/stat, every core): in all, and idle (iowait included). */
function machineTicks(): { total: number; idle: number } {
  const [, ...fields] = Deno.readTextFileSync("/proc/stat").split("\n")[0].trim().split(/\s+/);
  const ticks = fields.slice(0, 8).map(Number);
  return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3] + ticks[4] };
}

/**
 * CPU a message, in microseconds, of the workers and of PostgreSQL; and the share of the
 * machine's CPU time left idle meanwhile: near 0, nothing more can run faster here. The idle
 * share is also split at the end of the run's insert, where one was marked: while the
 * messages were queued (no process can deliver yet) and while they were delivered.
 */
export interface CpuPerMessage {
  worker: number;
  postgres: number;
  idle: number;
  idleSplit?: { insert: number; after: number };
}

type Ticks = ReturnType<typeof machineTicks>;

/** The share of the machine's CPU time left idle between `before` and `after` (machineTicks). */
const idleBetween = (before: Ticks, after: Ticks): number =>
  (after.idle - before.idle) / Math.max(1, after.total - before.total);

/**
 * Starts counting the CPU of `workers` and of PostgreSQL's processes; `perMessage(n)` answers
 * what each spent a message since; `inserted()` marks the end of the run's insert. A server
 * process started meanwhile (a pool growing) counts whole; one that ended meanwhile is lost
 * (none does while a run's pools stay open).
 */
export function cpuMeter(workers: number[]) {
  const started = new Map(postgresPids().map((p) => [p, cpuOf(p)]));
  const workersBefore = workers.reduce((s, p) => s + cpuOf(p), 0);
  const machineBefore = machineTicks();
  let machineInserted: Ticks | undefined;
  return {
    inserted: () => {
      machineInserted = machineTicks();
    },
    perMessage: (messages: number): CpuPerMessage => {
      const machineNow = machineTicks();
      return {
        worker: (workers.reduce((s, p) => s + cpuOf(p), 0) - workersBefore) / messages * 1e6,
        postgres: postgresPids().reduce((s, p) => s + cpuOf(p) - (started.get(p) ?? 0), 0) /
          messages * 1e6,
        idle: idleBetween(machineBefore, machineNow),
        idleSplit: machineInserted && {
          insert: idleBetween(machineBefore, machineInserted),
          after: idleBetween(machineInserted, machineNow),
        },
      };
    },
  };
}
