/** Child processes for the bench: spawning Deno scripts, reading their output, stopping them. */
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));
const TAIL_LINES = 200;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port that was free a moment ago, on 127.0.0.1. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

export class Proc {
  readonly child: Deno.ChildProcess;
  readonly exited: Promise<Deno.CommandStatus>;
  /** The last lines of stdout and stderr together. */
  readonly tail: string[] = [];
  private readonly waiters = new Set<(line: string) => void>();
  private done = false;

  /** Runs `deno <args>` in the repository root; `env` adds to (and may blank) the inherited one. */
  constructor(args: string[], env: Record<string, string> = {}) {
    this.child = new Deno.Command(Deno.execPath(), {
      args,
      cwd: ROOT,
      env: { NO_COLOR: "1", ...env },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const pumps = [this.pump(this.child.stdout), this.pump(this.child.stderr)];
    this.exited = Promise.all([this.child.status, ...pumps]).then(([status]) => {
      this.done = true;
      return status;
    });
  }

  private async pump(stream: ReadableStream<Uint8Array>) {
    let rest = "";
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      const lines = (rest + text).split("\n");
      rest = lines.pop()!;
      lines.forEach((l) => this.line(l));
    }
    if (rest) this.line(rest);
  }

  private line(line: string) {
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    for (const w of this.waiters) w(line);
  }

  /** The first line (already printed or to come) matching `re`; rejects on exit or timeout. */
  waitForLine(re: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const seen = this.tail.map((l) => l.match(re)).find((m) => m);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(onLine);
        fn();
      };
      const onLine = (line: string) => {
        const m = line.match(re);
        if (m) finish(() => resolve(m));
      };
      const timer = setTimeout(
        () => finish(() => reject(this.failure(`no line matching ${re} within ${timeoutMs} ms`))),
        timeoutMs,
      );
      this.waiters.add(onLine);
      this.exited.then((s) =>
        finish(() => reject(this.failure(`exited with code ${s.code} before printing ${re}`)))
      );
    });
  }

  get running() {
    return !this.done;
  }

  /** An error carrying the last lines of output. */
  failure(message: string): Error {
    return new Error(`${message}\n    | ${this.tail.slice(-15).join("\n    | ")}`);
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 10_000): Promise<Deno.CommandStatus> {
    if (this.done) return await this.exited;
    this.signal("SIGTERM");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((r) => timer = setTimeout(() => r(null), graceMs));
    const status = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (status) return status;
    this.signal("SIGKILL");
    return await this.exited;
  }

  private signal(sig: Deno.Signal) {
    try {
      this.child.kill(sig);
    } catch { /* already gone */ }
  }
}

export interface BenchServer {
  proc: Proc;
  port: number;
  info: Record<string, unknown>;
}

/** Starts one of the bench's child server scripts and waits for its READY line. */
export async function startServer(
  script: string,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<BenchServer> {
  const proc = new Proc(["run", "-A", `bench/${script}`], env);
  try {
    const [, json] = await proc.waitForLine(/^READY (\{.*\})$/, timeoutMs);
    const info = JSON.parse(json);
    return { proc, port: info.port, info };
  } catch (e) {
    await proc.stop();
    throw e;
  }
}

/** Polls `url` every `intervalMs` until it answers 200; false when `proc` exits or time is up. */
export async function waitFor200(
  url: string,
  proc: Proc,
  timeoutMs: number,
  intervalMs = 50,
): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  const maxPolls = Math.ceil(timeoutMs / intervalMs);
  for (let i = 0; i < maxPolls && proc.running && performance.now() < deadline; i++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) return true;
    } catch { /* not listening yet */ }
    await sleep(intervalMs);
  }
  return false;
}
