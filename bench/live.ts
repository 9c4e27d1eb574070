/**
 * Live screens by push against polling (issue 38, docs/decisions/0022), on PostgreSQL: the real
 * app (bench/app_server.ts) over a scratch database, a client user with a tgid of push traffic.
 * 1. `tabs` simulated overview tabs polling as the island did before streams (POST
 *    /rest/push/find every LIVE_REFRESH_MS) for `seconds`, against the same tabs holding an event
 *    stream each with nothing changing: transactions per second on the database
 *    (pg_stat_database), requests per second, and the server's memory per open stream.
 * 2. With the streams open, a "worker" connection commits `changes` status changes: the time from
 *    each commit to its event arriving in every tab (p50/p95/max over changes × tabs).
 * 3. In headless Chromium, the overview of the tgid: the time from a committed change to the
 *    row's status changing on screen.
 * Every connection goes to 127.0.0.1.
 */
import { signInAs } from "./sign_in.ts";
import { eq, sql } from "drizzle-orm";
import { scratchDatabase } from "../db/scratch.ts";
import { executeRows, openPostgres } from "../db/client.ts";
import { pushTraffic, users } from "../db/schema/mod.ts";
import { Factories } from "../tests/fixtures/factories.ts";
import { LIVE_REFRESH_MS } from "../openapi/schemas/push/push_attempt_messages.ts";
import { launchChromium } from "../tests/e2e/harness.ts";
import { percentile } from "./load.ts";
import { sleep, startServer } from "./servers.ts";

export interface LiveResult {
  tabs: number;
  seconds: number;
  /** Database transactions per second with no tab open (the floor the others include). */
  floorTransactionsPerSecond: number;
  polling: { dbTransactionsPerSecond: number; requestsPerSecond: number; errors: number };
  streams: { dbTransactionsPerSecond: number; opened: number; memoryPerStreamKb: number };
  toTab: { changes: number; samples: number; p50Ms: number; p95Ms: number; maxMs: number };
  toScreen: { changes: number; p50Ms: number; p95Ms: number; maxMs: number } | { error: string };
}

interface Options {
  tabs: number;
  seconds: number;
  changes: number;
  progress: (msg: string) => void;
}

/** Resident memory of a process, in KB (Linux). */
async function rssKb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN);
}

/** One stream's reader: calls `onEvent(arrivedAt, ids)` for each event as it is parsed. */
async function readStream(
  res: Response,
  onEvent: (at: number, ids: string[]) => void,
) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body!) {
    const at = performance.now();
    buffer += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (data) onEvent(at, (JSON.parse(data.slice(6)) as { ids?: string[] }).ids ?? []);
    }
  }
}

export async function measureLive(databaseUrl: string, opts: Options): Promise<LiveResult> {
  const scratch = await scratchDatabase(databaseUrl, "portal_live");
  const worker = openPostgres(scratch.url, { max: 2 });
  const server = await startServer("app_server.ts", { BENCH_DATABASE_URL: scratch.url });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const [user] = await worker.db.select().from(users)
      .where(eq(users.id, String(server.info.username)));
    const f = new Factories(worker.db);
    const tgid = await f.tgid({ teamId: user.teamId });
    await f.pushTraffic({ tgidId: tgid.id, count: 30, overrides: { status: 4 } });
    const token = await signInAs(base, user.id);
    const auth = { authorization: `Bearer ${token}` };
    const transactions = async () =>
      Number(
        (await executeRows<{ n: string }>(
          worker.db,
          sql`select xact_commit + xact_rollback as n from pg_stat_database
            where datname = current_database()`,
        ))[0].n,
      );
    /**
     * Transactions per second while the phase goes on (the counter's own read left out). A
     * backend reports its counts within 10 s (PostgreSQL 15): the count starts once the previous
     * phase's are in and ends that much after the window, the phase still going on meanwhile.
     */
    const rate = async (ms: number) => {
      await sleep(STATS_LAG_MS);
      const before = await transactions();
      await sleep(ms + STATS_LAG_MS);
      const during = (await transactions()) - before - 1;
      return Math.max(0, during) / ((ms + STATS_LAG_MS) / 1000);
    };

    // 1. Nothing open: what the database does by itself (statistics, autovacuum, the server).
    opts.progress(`live: no tabs for ${opts.seconds} s (the floor)`);
    const floorTps = await rate(opts.seconds * 1000);

    // 1a. Polling tabs, as before streams.
    opts.progress(`live: ${opts.tabs} polling tabs for ${opts.seconds} s`);
    const find = JSON.stringify({
      type: "pushTraffic",
      filter: { tgid: String(tgid.id) },
      sorting: { field: "lesCStoredTime", direction: "desc" },
      count: 10,
      page: 1,
    });
    let polls = 0, errors = 0, polling = true;
    const pollers = Array.from({ length: opts.tabs }, async (_, i) => {
      await sleep((i * LIVE_REFRESH_MS) / opts.tabs); // tabs opened at different moments
      while (polling) {
        const t0 = performance.now();
        const res = await fetch(`${base}/rest/push/find`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: find,
        }).catch(() => null);
        if (res?.ok) polls++;
        else errors++;
        await res?.body?.cancel();
        await sleep(Math.max(0, LIVE_REFRESH_MS - (performance.now() - t0)));
      }
    });
    await sleep(LIVE_REFRESH_MS);
    const pollStart = polls;
    const pollingTps = await rate(opts.seconds * 1000);
    const requestsPerSecond = (polls - pollStart) / (opts.seconds + 2 * STATS_LAG_MS / 1000);
    polling = false;
    await Promise.all(pollers);

    // 1b. The same tabs holding a stream each, nothing changing.
    opts.progress(`live: ${opts.tabs} idle event streams for ${opts.seconds} s`);
    await sleep(1000);
    const rssBefore = await rssKb(server.proc.child.pid);
    const arrivals: Map<string, number>[] = [];
    const aborts = new AbortController();
    const readers: Promise<void>[] = [];
    for (let i = 0; i < opts.tabs; i++) {
      const res = await fetch(`${base}/rest/events`, { headers: auth, signal: aborts.signal });
      if (res.status !== 200) throw new Error(`stream ${i}: ${res.status} ${await res.text()}`);
      const seen = new Map<string, number>();
      arrivals.push(seen);
      readers.push(
        readStream(res, (at, ids) => ids.forEach((id) => seen.has(id) || seen.set(id, at)))
          .catch(() => {}),
      );
    }
    await sleep(1000);
    const rssAfter = await rssKb(server.proc.child.pid);
    const streamsTps = await rate(opts.seconds * 1000);

    // 2. Commit to tab: each change inserts a new message (a new id to wait for in every tab).
    opts.progress(`live: ${opts.changes} committed changes, ${opts.tabs} tabs listening`);
    const committed: { id: string; at: number }[] = [];
    for (let i = 0; i < opts.changes; i++) {
      const [row] = await f.pushTraffic({ tgidId: tgid.id, overrides: { status: 0 } });
      committed.push({ id: String(row.id), at: performance.now() });
      await sleep(100);
    }
    await sleep(2000);
    const delays = committed.flatMap(({ id, at }) =>
      arrivals.map((seen) => (seen.get(id) ?? Infinity) - at)
    ).sort((a, b) => a - b);
    aborts.abort();
    await Promise.all(readers);

    // 3. Commit to screen, in a real browser.
    opts.progress(`live: commit to screen in Chromium (${Math.min(opts.changes, 10)} changes)`);
    const toScreen = await commitToScreen(base, token, tgid.id, worker.db)
      .catch((e) => ({ error: e instanceof Error ? e.message : String(e) }));

    return {
      tabs: opts.tabs,
      seconds: opts.seconds,
      floorTransactionsPerSecond: round(floorTps),
      polling: {
        dbTransactionsPerSecond: round(pollingTps),
        requestsPerSecond: round(requestsPerSecond),
        errors,
      },
      streams: {
        dbTransactionsPerSecond: round(streamsTps),
        opened: arrivals.length,
        memoryPerStreamKb: round((rssAfter - rssBefore) / opts.tabs),
      },
      toTab: {
        changes: committed.length,
        samples: delays.length,
        p50Ms: round(percentile(Float64Array.from(delays), 50)),
        p95Ms: round(percentile(Float64Array.from(delays), 95)),
        maxMs: round(delays.at(-1)!),
      },
      toScreen,
    };
  } finally {
    await server.proc.stop();
    await worker.close();
    await scratch.drop();
  }
}

/** How long PostgreSQL may take to count a backend's transactions. */
const STATS_LAG_MS = 11_000;

const round = (n: number) => Math.round(n * 10) / 10;

/** Changes the shown rows' status one by one; each time, when the browser's row changed. */
async function commitToScreen(
  base: string,
  token: string,
  tgidId: number,
  db: ReturnType<typeof openPostgres>["db"],
) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: base });
    await context.addCookies([{ name: "portal_session", value: token, url: base }]);
    const page = await context.newPage();
    let streamOpen = false;
    page.on("request", (r) => r.resourceType() === "eventsource" && (streamOpen = true));
    await page.goto(`/routing/traffic/push?filter.tgid=${tgidId}`);
    for (let i = 0; i < 100 && !streamOpen; i++) await sleep(50);
    if (!streamOpen) throw new Error("the page opened no event stream");
    await sleep(500);
    // The rows the overview shows (its first page).
    const ids = await page.locator('[data-table="push-traffic"] tbody tr[data-row]')
      .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row"))));
    const delays: number[] = [];
    for (const id of ids.slice(0, 10)) {
      const cell = page.locator(`[data-table="push-traffic"] tbody tr[data-row="${id}"] .status`);
      await cell.waitFor();
      // The page notes when the cell's text changes (its own clock is the same as ours).
      await cell.evaluate((el) => {
        const w = globalThis as { changedAt?: number };
        w.changedAt = undefined;
        new MutationObserver((_, o) => {
          w.changedAt = Date.now();
          o.disconnect();
        }).observe(el.closest("td")!, { subtree: true, childList: true, characterData: true });
      });
      await db.update(pushTraffic).set({ status: 3 }).where(eq(pushTraffic.id, id));
      const at = Date.now();
      let changedAt: number | undefined;
      for (let i = 0; i < 200 && changedAt === undefined; i++) {
        await sleep(10);
        changedAt = await page.evaluate(() => (globalThis as { changedAt?: number }).changedAt);
      }
      delays.push((changedAt ?? Infinity) - at);
      await sleep(1100); // past the island's least gap between two reads
    }
    delays.sort((a, b) => a - b);
    return {
      changes: delays.length,
      p50Ms: round(percentile(Float64Array.from(delays), 50)),
      p95Ms: round(percentile(Float64Array.from(delays), 95)),
      maxMs: round(delays.at(-1)!),
    };
  } finally {
    await browser.close();
  }
}

/** The section's lines, with the targets flagged. */
export function renderLive(r: LiveResult): string {
  const flag = (ok: boolean) => ok ? "" : "  ! over target";
  const screen = "error" in r.toScreen
    ? `commit → row changed in Chromium: failed (${r.toScreen.error})`
    : `commit → row changed in Chromium (${r.toScreen.changes} changes): p50 ${r.toScreen.p50Ms} ms, ` +
      `p95 ${r.toScreen.p95Ms} ms, max ${r.toScreen.maxMs} ms`;
  const idle = r.streams.dbTransactionsPerSecond - r.floorTransactionsPerSecond;
  return [
    `${r.tabs} overview tabs for ${r.seconds} s each way, nothing changing (database floor with ` +
    `no tab: ${r.floorTransactionsPerSecond} transactions/s):`,
    `  polling every ${
      LIVE_REFRESH_MS / 1000
    } s (before): ${r.polling.requestsPerSecond} requests/s, ` +
    `${r.polling.dbTransactionsPerSecond} database transactions/s, ${r.polling.errors} errors`,
    `  event streams (now): ${r.streams.opened} open, ${r.streams.dbTransactionsPerSecond} database ` +
    `transactions/s, ${round(idle)} over the floor${flag(idle < 1)}; server memory ` +
    `${r.streams.memoryPerStreamKb} KB per open stream`,
    `commit by another connection → event in each of ${r.tabs} tabs (${r.toTab.changes} changes, ` +
    `${r.toTab.samples} arrivals): p50 ${r.toTab.p50Ms} ms, p95 ${r.toTab.p95Ms} ms, max ` +
    `${r.toTab.maxMs} ms (target p95 ≤ 200 ms)${flag(r.toTab.p95Ms <= 200)}`,
    screen,
  ].join("\n");
}
