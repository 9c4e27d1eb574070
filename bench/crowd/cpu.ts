/**
 * What one request costs each process, in CPU time: Linux's /proc gives every process's user and
 * system time; over a measured window, the portal's instances (by pid), PostgreSQL (every process
 * named `postgres`: the backends, the WAL writer, the checkpointer…) and this process (the load
 * generator) are each divided by the requests answered. With the cores' time it says what bounds a
 * mix: a machine whose cores are all busy cannot answer more by adding an instance.
 */

/** /proc's times are in clock ticks: USER_HZ, 100 on Linux (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

interface CpuSample {
  /** CPU seconds so far: the portal's instances, PostgreSQL's processes, this process. */
  portal: number;
  postgres: number;
  generator: number;
  at: number;
}

export interface CpuPerRequest {
  /** CPU milliseconds per request answered in the window. */
  portalMs: number;
  postgresMs: number;
  generatorMs: number;
  /** The share of the machine's cores busy with the three, 0 to 1. */
  busy: number;
}

/** A process's user + system time in seconds, or 0 when it has gone. */
async function cpuSeconds(pid: number | string): Promise<number> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // Fields after the command (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function postgresSeconds(): Promise<number> {
  let total = 0;
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const comm = await Deno.readTextFile(`/proc/${entry.name}/comm`).catch(() => "");
    if (comm.trim() === "postgres") total += await cpuSeconds(entry.name);
  }
  return total;
}

/** A sample of the three, or null where /proc is not there. */
async function sample(portalPids: number[]): Promise<CpuSample | null> {
  try {
    await Deno.stat("/proc/self/stat");
  } catch {
    return null;
  }
  const portal = (await Promise.all(portalPids.map(cpuSeconds))).reduce((a, b) => a + b, 0);
  return {
    portal,
    postgres: await postgresSeconds(),
    generator: await cpuSeconds(Deno.pid),
    at: performance.now(),
  };
}

/**
 * Runs `run` (a load whose window starts `warmupMs` in and lasts `windowMs`), sampling the CPU
 * times at the window's start and end: its result, and the CPU per request it answered.
 */
export async function withCpu<T extends { requests: number }>(
  portalPids: number[],
  warmupMs: number,
  windowMs: number,
  run: Promise<T>,
): Promise<T & { cpu: CpuPerRequest | null }> {
  const at = (ms: number) => new Promise((r) => setTimeout(r, ms)).then(() => sample(portalPids));
  const [result, before, after] = await Promise.all([run, at(warmupMs), at(warmupMs + windowMs)]);
  if (!before || !after || !result.requests) return { ...result, cpu: null };
  const ms = (key: "portal" | "postgres" | "generator") =>
    (after[key] - before[key]) * 1000 / result.requests;
  const spent = (after.portal - before.portal) + (after.postgres - before.postgres) +
    (after.generator - before.generator);
  const seconds = (after.at - before.at) / 1000;
  return {
    ...result,
    cpu: {
      portalMs: ms("portal"),
      postgresMs: ms("postgres"),
      generatorMs: ms("generator"),
      busy: spent / (seconds * navigator.hardwareConcurrency),
    },
  };
}

/** "CPU a request: portal 0.96 ms, PostgreSQL 0.88, load generator 0.30; cores 85% busy". */
export const cpuLine = (cpu: CpuPerRequest | null) =>
  cpu
    ? `CPU a request: portal ${cpu.portalMs.toFixed(2)} ms, PostgreSQL ${
      cpu.postgresMs.toFixed(2)
    }, load generator ${cpu.generatorMs.toFixed(2)}; the ${navigator.hardwareConcurrency} cores ${
      (cpu.busy * 100).toFixed(0)
    }% busy`
    : "CPU a request: not measured (no /proc)";
