/**
 * First start and restart of the real entry point, main.ts, on a new empty DATA_DIR with
 * SEED=auto: the time from spawn until GET /health answers 200, then SIGTERM and wait for exit.
 */
import { join } from "node:path";
import { CONFIG_VARIABLES } from "../server/config.ts";
import { freePort, Proc, waitFor200 } from "./servers.ts";

const HEALTH_TIMEOUT_MS = 120_000;

export interface StartResult {
  ok: boolean;
  /** Spawn until /health answered 200. */
  healthyMs?: number;
  /** What the portal itself printed ("Portal ready in N ms"). */
  readyMs?: number;
  seeded?: boolean;
  /** SIGTERM until the process had exited. */
  stopMs?: number;
  exitCode?: number;
  error?: string;
}

export interface StartupResult {
  first: StartResult;
  restart: StartResult;
  dataDirBytes: number;
}

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) total += await dirSize(path);
    else if (e.isFile) total += (await Deno.stat(path)).size;
  }
  return total;
}

async function timeStart(dataDir: string): Promise<StartResult> {
  const port = freePort();
  // Blank every config variable the bench's own environment may hold (empty counts as unset).
  const env: Record<string, string> = Object.fromEntries(CONFIG_VARIABLES.map((k) => [k, ""]));
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SEED: "auto" });
  const t0 = performance.now();
  const proc = new Proc(["run", "-A", "main.ts"], env);
  const result: StartResult = { ok: false };
  try {
    if (await waitFor200(`http://127.0.0.1:${port}/health`, proc, HEALTH_TIMEOUT_MS)) {
      result.healthyMs = performance.now() - t0;
      const ready = await proc.waitForLine(/Portal ready in (\d+) ms/, 2_000).catch(() => null);
      result.readyMs = ready ? Number(ready[1]) : undefined;
      result.seeded = ready?.input?.includes("demo data seeded");
      result.ok = true;
    } else {
      result.error = proc.failure(
        proc.running ? `/health did not answer 200 within ${HEALTH_TIMEOUT_MS} ms` : "exited",
      ).message;
    }
  } finally {
    const t1 = performance.now();
    const status = await proc.stop();
    result.stopMs = performance.now() - t1;
    result.exitCode = status.code;
  }
  return result;
}

export async function measureStartups(): Promise<StartupResult> {
  const dataDir = await Deno.makeTempDir({ prefix: "portal-bench-" });
  try {
    const first = await timeStart(dataDir);
    const restart = await timeStart(dataDir);
    return { first, restart, dataDirBytes: await dirSize(dataDir) };
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
}
