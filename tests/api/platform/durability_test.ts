/**
 * Durability under kill -9 (docs/decisions/0016-durability.md): main.ts runs as a child while 8
 * writer loops, each on an HTTP client (one connection) of its own, send writes with unique
 * markers — alternately a news item (POST /rest/news/add) and a terminal on the administrator's
 * tgid (POST /rest/terminal/addDevice) — and record every write answered 2xx. A random 200-800 ms after the
 * burst's first acknowledgement the server is killed with SIGKILL and started again on the same
 * database; every
 * acknowledged write must be there, with the id its answer gave. Writes cut off by the kill may
 * have landed too (fine: they are counted). PostgreSQL: 20 rounds on a database of its own;
 * PGlite: 3 rounds on one DATA_DIR, and the server must start again each time.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPglite } from "../../../db/client.ts";
import { ensureReferenceData } from "../../../db/seed/reference.ts";
import { addNews, addTerminal, call, HttpError, login, startPortal } from "../../../bench/mixed.ts";
import { snapshot, TEST_PG_URL } from "../../fixtures/db.ts";
import { ownDatabase } from "../../fixtures/delivery.ts";
import { Factories } from "../../fixtures/factories.ts";

const WRITERS = 8;
/** A writer gives up after this long, should the kill never come. */
const BURST_LIMIT_MS = 10_000;

type Kind = "news" | "terminal";
interface Write {
  kind: Kind;
  marker: string;
  /** The id the 2xx answer gave. */
  id?: number;
}

/** The administrator the writes run as, and the tgid its terminals go on. */
interface Writer {
  username: string;
  tgidId: number;
}

/** Makes the administrator and its tgid in the database. */
async function makeWriter(f: Factories): Promise<Writer> {
  const admin = await f.user({ rights: 1 });
  const tgid = await f.tgid({ teamId: admin.teamId });
  return { username: admin.id, tgidId: tgid.id };
}

/**
 * One writer loop: writes until its first failure. A failed fetch (the kill) ends the loop with
 * that write unacknowledged; a non-2xx answer is a defect, kept in `refused`.
 */
async function writeLoop(
  base: string,
  token: string,
  tgidId: number,
  prefix: string,
  onAck: () => void,
): Promise<{ acked: Write[]; refused: string[]; unacked?: Write }> {
  const client = Deno.createHttpClient({ poolMaxIdlePerHost: 1 });
  const acked: Write[] = [];
  const refused: string[] = [];
  let unacked: Write | undefined;
  const until = Date.now() + BURST_LIMIT_MS;
  try {
    for (let i = 0; !unacked && Date.now() < until; i++) {
      const write: Write = { kind: i % 2 ? "terminal" : "news", marker: `${prefix}${i}` };
      try {
        write.id = write.kind === "news"
          ? (await addNews(base, token, write.marker, client)).id
          : (await addTerminal(base, token, tgidId, write.marker, client)).deviceId;
        acked.push(write);
        onAck();
      } catch (e) {
        if (e instanceof HttpError) refused.push(e.message);
        unacked = write;
      }
    }
  } finally {
    client.close();
  }
  return { acked, refused, unacked };
}

/** The writes whose marker starts with `prefix`, as the server lists them: [kind:marker, id]. */
async function landed(base: string, token: string, prefix: string): Promise<[string, number][]> {
  const news = await call<{ id: number; title: string }[]>(base, "GET", "/rest/news/all", {
    token,
  });
  const out: [string, number][] = news.filter((n) => n.title.startsWith(prefix))
    .map((n) => [`news:${n.title}`, n.id]);
  for (let page = 1;; page++) {
    const { results } = await call<{ results: { deviceId: number; deviceLabel: string }[] }>(
      base,
      "POST",
      "/rest/terminal/findDevice",
      { token, json: { filter: { label: prefix }, count: 2000, page } },
    );
    for (const t of results) {
      if (t.deviceLabel.startsWith(prefix)) out.push([`terminal:${t.deviceLabel}`, t.deviceId]);
    }
    if (results.length < 2000) return out;
  }
}

type Portal = Awaited<ReturnType<typeof startPortal>>;
const key = (w: Write) => `${w.kind}:${w.marker}`;

/** Asserts every acknowledged write is there with its id, and that no write landed twice. */
async function assertDurable(
  base: string,
  token: string,
  prefix: string,
  acked: Write[],
  unacked: Write[],
  what: string,
) {
  const rows = await landed(base, token, prefix);
  const ids = new Map(rows);
  assert.equal(ids.size, rows.length, `${what}: no marker twice`);
  const lost = acked.filter((w) => ids.get(key(w)) !== w.id).map(key);
  const extra = unacked.filter((w) => ids.has(key(w))).length;
  assert.deepEqual(
    lost,
    [],
    `${what}: ${lost.length} of ${acked.length} acknowledged writes lost ` +
      `(${extra} of ${unacked.length} unacknowledged landed)`,
  );
  assert.equal(
    rows.length,
    acked.length + extra,
    `${what}: only the writes sent landed (${rows.length} rows, ${acked.length} acknowledged, ` +
      `${extra} unacknowledged)`,
  );
  return extra;
}

/**
 * `rounds` of burst, kill -9 and restart against the server `env` points at; logs the figures
 * under `label`. The first server is started here and the last one stopped.
 */
async function killRounds(
  label: string,
  env: Record<string, string>,
  writer: Writer,
  rounds: number,
) {
  const t0 = performance.now();
  const run = `dur-${crypto.randomUUID().slice(0, 8)}`;
  const all = { acked: [] as Write[], unacked: [] as Write[], landedUnacked: 0 };
  /** Per restart: spawn to ready line, and the start-up time main.ts itself reports. */
  const restartMs: number[] = [], readyMs: number[] = [];
  const mean = (ms: number[]) => Math.round(ms.reduce((a, b) => a + b, 0) / ms.length);
  // The server of the moment (stopping one that has exited does nothing).
  let portal: Portal = await startPortal(env);
  try {
    const token = await login(portal.base, writer.username);
    for (let r = 1; r <= rounds; r++) {
      const prefix = `${run}-r${String(r).padStart(2, "0")}-`;
      const { proc, base } = portal;
      // The kill comes 200-800 ms into the burst, counted from its first acknowledgement (a
      // server just started answers its first requests slowly).
      const killAfterMs = 200 + Math.random() * 600;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let killed = false;
      const kill = () => killed || (killed = true, proc.child.kill("SIGKILL"));
      const onAck = () => timer ??= setTimeout(kill, killAfterMs);
      const loops = await Promise.all(
        Array.from(
          { length: WRITERS },
          (_, w) => writeLoop(base, token, writer.tgidId, `${prefix}w${w}-`, onAck),
        ),
      );
      clearTimeout(timer);
      kill(); // when no write was acknowledged at all
      const status = await proc.exited;
      assert.equal(status.signal, "SIGKILL", `round ${r}: killed mid-burst`);
      const acked = loops.flatMap((l) => l.acked);
      const unacked = loops.flatMap((l) => l.unacked ? [l.unacked] : []);
      assert.deepEqual(loops.flatMap((l) => l.refused), [], `round ${r}: no write refused`);
      assert.ok(acked.length > 0, `round ${r}: writes acknowledged before the kill`);
      assert.equal(unacked.length, WRITERS, `round ${r}: every writer cut off by the kill`);

      const spawnedAt = performance.now();
      portal = await startPortal(env);
      restartMs.push(performance.now() - spawnedAt);
      readyMs.push(portal.readyMs);
      const what = `round ${r} (killed after ${killAfterMs.toFixed(0)} ms)`;
      all.landedUnacked += await assertDurable(portal.base, token, prefix, acked, unacked, what);
      all.acked.push(...acked);
      all.unacked.push(...unacked);
    }
    // A later crash loses nothing of an earlier round either.
    const extra = await assertDurable(
      portal.base,
      token,
      run,
      all.acked,
      all.unacked,
      "all rounds",
    );
    assert.equal(extra, all.landedUnacked);
  } finally {
    await portal.proc.stop();
  }
  const figures = {
    rounds,
    acknowledged: all.acked.length,
    unacknowledged: all.unacked.length,
    unacknowledgedLanded: all.landedUnacked,
    meanRestartMs: mean(restartMs),
    meanReadyMs: mean(readyMs),
  };
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`${label}: ${JSON.stringify(figures)} in ${seconds} s`);
}

const SECRET = { SESSION_SECRET: "d".repeat(40) };

Deno.test({
  name: "[durability] PostgreSQL: kill -9 mid-burst 20 times, no acknowledged write lost",
  ignore: !TEST_PG_URL,
  fn: async () => {
    const own = await ownDatabase("postgres");
    try {
      const writer = await makeWriter(new Factories(own.database.db));
      await killRounds("PostgreSQL", { ...SECRET, DATABASE_URL: own.url! }, writer, 20);
    } finally {
      await own.close();
    }
  },
});

Deno.test("[durability] PGlite: kill -9 mid-burst 3 times, restarts, no acknowledged write lost", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "portal-durability-" });
  try {
    // The data dir starts as the tests' migrated snapshot (an initdb costs seconds); the
    // administrator goes in before the server opens it (one process at a time).
    const database = await openPglite({
      dataDir: join(dataDir, "pglite"),
      loadDataDir: await snapshot(),
    });
    let writer: Writer;
    try {
      await ensureReferenceData(database.db, "test");
      writer = await makeWriter(new Factories(database.db));
    } finally {
      await database.close();
    }
    await killRounds("PGlite", { ...SECRET, DATA_DIR: dataDir }, writer, 3);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
