/**
 * Holds a process to a fraction of one CPU with a Linux cgroup (the cpu controller, v1 or v2; it
 * takes root): section 5's worker-bound runs (issue 41), where each worker process, not the
 * machine, is the limit — as on a small worker host beside a database server of its own.
 */

const PERIOD_US = 100_000;
const V1 = "/sys/fs/cgroup/cpu";
const V2 = "/sys/fs/cgroup";

/** A cgroup of its own holding the processes added to `core` of one CPU; `remove` once they ended. */
export interface CpuCap {
  add(pid: number): void;
  remove(): void;
}

const exists = (path: string) => {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
};

/** Creates the cgroup `name` capped at `core` of one CPU; throws where no cgroup can be written. */
export function cpuCap(name: string, core: number): CpuCap {
  const quota = Math.round(core * PERIOD_US);
  let dir: string;
  if (exists(`${V1}/cpu.cfs_quota_us`)) {
    dir = `${V1}/${name}`;
    Deno.mkdirSync(dir, { recursive: true });
    Deno.writeTextFileSync(`${dir}/cpu.cfs_period_us`, String(PERIOD_US));
    Deno.writeTextFileSync(`${dir}/cpu.cfs_quota_us`, String(quota));
  } else if (exists(`${V2}/cgroup.controllers`)) {
    Deno.writeTextFileSync(`${V2}/cgroup.subtree_control`, "+cpu");
    dir = `${V2}/${name}`;
    Deno.mkdirSync(dir, { recursive: true });
    Deno.writeTextFileSync(`${dir}/cpu.max`, `${quota} ${PERIOD_US}`);
  } else {
    throw new Error("no cgroup cpu controller to write here");
  }
  return {
    // cgroup.procs moves the whole process, its threads started since included.
    add: (pid) => Deno.writeTextFileSync(`${dir}/cgroup.procs`, String(pid)),
    remove: () => Deno.removeSync(dir),
  };
}
