/**
 * Mixed load against a running portal (`measureMixedLoad`): `connections` loops, each on an HTTP
 * client (one keep-alive connection) of its own and signed in as a client user, pick
 * a request kind by weight on every turn — reads (GET list pages and GET by id), finds with
 * filters (push traffic by status, terminals by label, tgids by label), writes (add a terminal,
 * relabel one) and logins (PBKDF2 at the server's work factor, so few) — for a warm-up and a
 * measured window. The baseline is the same number of connections doing GET /ping on the bare
 * Hono server (bench/bare_server.ts) for the same window, measured just before.
 *
 * The data comes through the API first, as an administrator: companies, client teams, a user
 * per CONNECTIONS_PER_USER connections (created, reset, password set), tgids, terminals and news;
 * `opts.seed` adds what the API cannot make (push traffic). Every request goes to 127.0.0.1.
 */
import { eq } from "drizzle-orm";
import { CONFIG_VARIABLES, OWASP_PBKDF2_ITERATIONS } from "../server/config.ts";
import { Factories, TEST_PASSWORD } from "../tests/fixtures/factories.ts";
import { scratchDatabase } from "../db/scratch.ts";
import { openPostgres } from "../db/client.ts";
import { users } from "../db/schema/mod.ts";
import { hashPassword } from "../server/auth/password.ts";
import { load, type LoadResult, percentile, type Phase } from "./load.ts";
import { Proc, startServer } from "./servers.ts";

export type Kind = "read" | "find" | "write" | "login";
export const KINDS: Kind[] = ["read", "find", "write", "login"];

interface MixedOptions {
  /** An administrator of the server (makes the data). */
  admin: { username: string; password: string };
  connections?: number;
  windowMs?: number;
  warmupMs?: number;
  /** Relative weights of the kinds (default read 55, find 25, write 18, login 2). */
  weights?: Partial<Record<Kind, number>>;
  tenants?: number;
  terminalsPerTgid?: number;
  /** Rows the API cannot make, added once the tenants exist (e.g. push traffic of the tgids). */
  seed?: (world: MixedWorld) => Promise<void>;
  progress?: (msg: string) => void;
}

interface KindResult {
  requests: number;
  /** Non-2xx answers plus failed fetches. */
  errors: number;
  statuses: Record<string, number>;
  firstError?: string;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MixedResult {
  connections: number;
  windowMs: number;
  seconds: number;
  requests: number;
  errors: number;
  rps: number;
  kinds: Record<Kind, KindResult>;
  /** Requests and errors per operation ("GET /rest/terminal/get", …). */
  operations: Record<string, { kind: Kind; requests: number; errors: number }>;
  baseline: LoadResult;
}

export interface Tenant {
  companyId: number;
  teamId: number;
  tgidIds: number[];
  deviceIds: number[];
}

interface Connection {
  tenant: Tenant;
  username: string;
  token: string;
  /** The instance this connection talks to (the mix's base when unset). */
  base?: string;
}

export interface MixedWorld {
  tenants: Tenant[];
  connections: Connection[];
  newsIds: number[];
}

export const DEFAULT_WEIGHTS: Record<Kind, number> = { read: 55, find: 25, write: 18, login: 2 };
/**
 * Connections signed in as one user. The login lockout records an attempt as a failure until its
 * password is checked, so logins in flight count: fewer of them per username than
 * LOGIN_MAX_FAILURES (5 by default) never lock it.
 */
const CONNECTIONS_PER_USER = 4;
/** Requests still running this long after the window are aborted (and counted as errors). */
const REQUEST_TIMEOUT_MS = 30_000;

/** main.ts as a child on 127.0.0.1 at a port it picks; `env` over a blank configuration. */
export async function startPortal(
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** Deno's own flags before main.ts (a profiler's, say). */
  flags: string[] = [],
): Promise<{ proc: Proc; base: string; readyMs: number }> {
  // Blank every config variable the caller's environment may hold (empty counts as unset).
  const blank = Object.fromEntries(CONFIG_VARIABLES.map((k) => [k, ""]));
  const proc = new Proc(["run", "-A", ...flags, "main.ts"], {
    ...blank,
    PORT: "0",
    HOST: "127.0.0.1",
    SEED: "none",
    DEMO_SINKS: "off",
    ...env,
  });
  try {
    const [, readyMs, port] = await proc.waitForLine(
      /^Portal ready in (\d+) ms on http:\/\/localhost:(\d+)\//,
      timeoutMs,
    );
    // readyMs: what main.ts reports (database open, migrated, listening), module loading aside.
    return { proc, base: `http://127.0.0.1:${port}`, readyMs: Number(readyMs) };
  } catch (e) {
    await proc.stop();
    throw e;
  }
}

/** A non-2xx answer (a failed fetch throws the fetch's own error). */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** A JSON call that must answer 2xx: its body. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; client?: Deno.HttpClient } = {},
): Promise<T> {
  const res = await fetch(`${base}${path}`, request(method, opts));
  const text = await res.text();
  if (!res.ok) {
    throw new HttpError(res.status, `${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  }
  return JSON.parse(text);
}

function request(
  method: string,
  opts: { token?: string; json?: unknown; client?: Deno.HttpClient },
): RequestInit {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers["content-type"] = "application/json";
  return {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    client: opts.client,
  } as RequestInit;
}

export const login = async (base: string, username: string, password = TEST_PASSWORD) =>
  (await call<{ token: string }>(base, "POST", "/rest/users/login", {
    json: { username, password, remember: false },
  })).token;

const tag = () => crypto.randomUUID().slice(0, 8);
/** A 15-digit IMEI, the Shout terminal's identifier. */
const imei = () => `30${String(Math.floor(Math.random() * 1e13)).padStart(13, "0")}`;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    out.push(...await Promise.all(items.slice(i, i + width).map(fn)));
  }
  return out;
}

/** The body of a new Shout terminal on `tgidId`, labelled `label`. */
const terminalBody = (tgidId: number, label: string) => ({
  tgidId,
  deviceTypeId: 2,
  items: [{ name: "imei", value: imei() }],
  deviceLabel: label,
});

/** A new Shout terminal on `tgidId`, labelled `label`. */
export const addTerminal = (
  base: string,
  token: string,
  tgidId: number,
  label: string,
  client?: Deno.HttpClient,
) =>
  call<{ deviceId: number }>(base, "POST", "/rest/terminal/addDevice", {
    token,
    client,
    json: terminalBody(tgidId, label),
  });

/** A new public news item titled `title` (administrators only). */
export const addNews = (base: string, token: string, title: string, client?: Deno.HttpClient) =>
  call<{ id: number }>(base, "POST", "/rest/news/add", {
    token,
    client,
    json: { title, content: "Bench announcement.", public: 1 },
  });

/** The tenants, one user per connection, their tgids, terminals and news, through the API. */
export async function prepareWorld(
  base: string,
  opts: Required<MixedOptions>,
): Promise<MixedWorld> {
  const admin = await login(base, opts.admin.username, opts.admin.password);
  const run = tag();
  const tenants: Tenant[] = [];
  for (let t = 0; t < opts.tenants; t++) {
    const company = await call<{ id: number }>(base, "POST", "/rest/companies/add", {
      token: admin,
      json: { name: `Bench ${run} company ${t}` },
    });
    const team = await call<{ id: number }>(base, "POST", "/rest/teams/create", {
      token: admin,
      json: { team: { name: `Bench team ${t}`, company: company.id, rights: 100 } },
    });
    const tgidIds = await Promise.all(
      [0, 1].map(async (g) =>
        (await call<{ id: number }>(base, "POST", "/rest/tgid/create", {
          token: admin,
          json: { team: team.id, label: `Bench ${run} tgid ${t}.${g}` },
        })).id
      ),
    );
    tenants.push({ companyId: company.id, teamId: team.id, tgidIds, deviceIds: [] });
  }
  // Each user: created, a reset link, the password set (hashed at the server's work factor).
  const users = await inBatches(
    Array.from({ length: Math.ceil(opts.connections / CONNECTIONS_PER_USER) }, (_, i) => i),
    4,
    async (i) => {
      const tenant = tenants[i % tenants.length];
      const username = `bench-${run}-${i}@bench.example`;
      await call(base, "POST", "/rest/users/create", {
        token: admin,
        json: { company: tenant.companyId, team: tenant.teamId, id: username },
      });
      const { resetUrl } = await call<{ resetUrl: string }>(
        base,
        "POST",
        "/rest/users/resetPassword",
        { token: admin, json: { id: username, reason: "bench" } },
      );
      const token = new URL(resetUrl, base).searchParams.get("token");
      await call(base, "POST", "/rest/users/setPassword", {
        json: { token, password: TEST_PASSWORD },
      });
      return { tenant, username, token: await login(base, username) };
    },
  );
  const connections = Array.from(
    { length: opts.connections },
    (_, i) => users[i % users.length],
  );
  for (const tenant of tenants) {
    const owner = connections.find((c) => c.tenant === tenant)!;
    for (const tgidId of tenant.tgidIds) {
      for (let n = 0; n < opts.terminalsPerTgid; n++) {
        const t = await addTerminal(base, owner.token, tgidId, `Bench terminal ${n}`);
        tenant.deviceIds.push(t.deviceId);
      }
    }
  }
  const newsIds = await Promise.all(
    [0, 1, 2, 3, 4].map(async (n) => (await addNews(base, admin, `Bench ${run} news ${n}`)).id),
  );
  return { tenants, connections, newsIds };
}

interface Op {
  kind: Kind;
  name: string;
  method: string;
  path: string;
  json?: unknown;
  /** Sent without the connection's token (the login). */
  anonymous?: boolean;
  /** Called with the answer's body (a new terminal joins the tenant's list). */
  onOk?: (body: Record<string, unknown>) => void;
}

/** The next request of a connection: a kind by weight, then one of its operations at random. */
function nextOp(c: Connection, world: MixedWorld, weights: Record<Kind, number>): Op {
  const total = KINDS.reduce((s, k) => s + weights[k], 0);
  let r = Math.random() * total;
  const kind = KINDS.find((k) => (r -= weights[k]) < 0) ?? "read";
  const { tenant } = c;
  const get = (path: string): Op => ({
    kind,
    name: `GET ${path.split("?")[0]}`,
    method: "GET",
    path,
  });
  const post = (path: string, json: unknown, extra: Partial<Op> = {}): Op => ({
    kind,
    name: `POST ${path}`,
    method: "POST",
    path,
    json,
    ...extra,
  });
  const ops: Record<Kind, () => Op> = {
    read: () =>
      pick([
        () => get(`/rest/terminal/get?id=${pick(tenant.deviceIds)}`),
        () => get(`/rest/tgid/get?id=${pick(tenant.tgidIds)}`),
        () => get(`/rest/news/get?id=${pick(world.newsIds)}`),
        () => get("/rest/news/all"),
        () => get("/rest/users/current"),
      ])(),
    find: () =>
      pick([
        () =>
          post("/rest/push/find", {
            type: "pushTraffic",
            filter: { status: Math.floor(Math.random() * 9) },
            page: 1 + Math.floor(Math.random() * 3),
            count: 20,
          }),
        () =>
          post("/rest/terminal/findDevice", {
            filter: { label: `terminal ${Math.floor(Math.random() * 10)}` },
            count: 20,
          }),
        () => post("/rest/tgid/find", { filter: { label: "tgid" }, count: 10 }),
      ])(),
    write: () =>
      Math.random() < 0.5
        ? post(
          "/rest/terminal/addDevice",
          terminalBody(pick(tenant.tgidIds), `Bench terminal ${Math.floor(Math.random() * 1000)}`),
          { onOk: (b) => tenant.deviceIds.push(b.deviceId as number) },
        )
        : post("/rest/terminal/updateLabel", {
          deviceId: pick(tenant.deviceIds),
          label: `Bench terminal ${Math.floor(Math.random() * 1000)}`,
        }),
    login: () =>
      post("/rest/users/login", {
        username: c.username,
        password: TEST_PASSWORD,
        remember: false,
      }, { anonymous: true }),
  };
  return ops[kind]();
}

/**
 * The measured loops: every request started inside the window is timed and counted. A login the
 * password pool refuses (503, Retry-After) is counted in its statuses, not as an error: it is the
 * answer the portal means to give a crowd.
 */
export async function runMix(
  base: string,
  world: MixedWorld,
  weights: Record<Kind, number>,
  warmupMs: number,
  windowMs: number,
  /**
   * Requests a second each connection starts, evenly spaced (a request that ends late starts
   * the next at once); unset: each starts the next as soon as one ends (a closed loop).
   */
  pacePerConnection?: number,
) {
  const latencies = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<
    Kind,
    number[]
  >;
  const kinds = Object.fromEntries(
    KINDS.map((k) => [k, { errors: 0, statuses: {} as Record<string, number>, first: "" }]),
  ) as Record<Kind, { errors: number; statuses: Record<string, number>; first: string }>;
  const operations: MixedResult["operations"] = {};
  const measureFrom = performance.now() + warmupMs;
  const end = measureFrom + windowMs;
  let lastDone = measureFrom;

  const loop = async (c: Connection) => {
    const client = Deno.createHttpClient({ poolMaxIdlePerHost: 1 });
    const interval = pacePerConnection ? 1000 / pacePerConnection : 0;
    // Paced connections start spread over one interval, not all at once.
    let due = performance.now() + Math.random() * interval;
    try {
      while (performance.now() < end) {
        if (interval) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          due = Math.max(due + interval, performance.now());
        }
        const op = nextOp(c, world, weights);
        const t0 = performance.now();
        let status: string, error = "";
        try {
          const res = await fetch(
            `${c.base ?? base}${op.path}`,
            request(op.method, {
              token: op.anonymous ? undefined : c.token,
              json: op.json,
              client,
            }),
          );
          const text = await res.text(); // read to the end so the connection is reused
          status = String(res.status);
          if (res.ok) op.onOk?.(JSON.parse(text));
          else if (!(op.kind === "login" && res.status === 503)) {
            error = `${op.name}: ${status} ${text.slice(0, 300)}`;
          }
        } catch (e) {
          status = "fetch failed";
          error = `${op.name}: ${e}`;
        }
        const t1 = performance.now();
        if (t0 < measureFrom) continue;
        lastDone = Math.max(lastDone, t1);
        latencies[op.kind].push(t1 - t0);
        const k = kinds[op.kind];
        k.statuses[status] = (k.statuses[status] ?? 0) + 1;
        const o = operations[op.name] ??= { kind: op.kind, requests: 0, errors: 0 };
        o.requests++;
        if (error) {
          k.errors++;
          o.errors++;
          k.first ||= error;
        }
      }
    } finally {
      client.close();
    }
  };
  await Promise.all(world.connections.map(loop));

  const seconds = (lastDone - measureFrom) / 1000;
  const results = Object.fromEntries(KINDS.map((kind) => {
    const sorted = Float64Array.from(latencies[kind]).sort();
    const { errors, statuses, first } = kinds[kind];
    const result: KindResult = {
      requests: sorted.length,
      errors,
      statuses,
      ...(first ? { firstError: first } : {}),
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.length ? sorted[sorted.length - 1] : NaN,
    };
    return [kind, result];
  })) as Record<Kind, KindResult>;
  const requests = KINDS.reduce((s, k) => s + results[k].requests, 0);
  const errors = KINDS.reduce((s, k) => s + results[k].errors, 0);
  return {
    seconds,
    requests,
    errors,
    rps: seconds > 0 ? requests / seconds : 0,
    kinds: results,
    operations,
  };
}

/** The yardstick: `connections` loops of GET /ping on the bare Hono server, for `phase`. */
export async function measureBare(connections: number, phase: Phase): Promise<LoadResult> {
  const bare = await startServer("bare_server.ts");
  try {
    return await load({
      name: "bare GET /ping",
      url: `http://127.0.0.1:${bare.port}/ping`,
      workers: connections,
    }, { warmupMs: phase.warmupMs, windowMs: phase.windowMs });
  } finally {
    await bare.proc.stop();
  }
}

/** The baseline, then the mix, against the portal at `baseUrl` (127.0.0.1). */
async function measureMixedLoad(
  baseUrl: string,
  options: MixedOptions,
): Promise<MixedResult> {
  const opts: Required<MixedOptions> = {
    connections: 50,
    windowMs: 60_000,
    warmupMs: 2_000,
    weights: {},
    tenants: 5,
    terminalsPerTgid: 10,
    seed: async () => {},
    progress: () => {},
    ...options,
  };
  if (new URL(baseUrl).hostname !== "127.0.0.1") throw new Error("the mix runs on 127.0.0.1 only");
  const weights = { ...DEFAULT_WEIGHTS, ...opts.weights };
  opts.progress(`mixed load: ${opts.connections} users and their data through the API`);
  const world = await prepareWorld(baseUrl, opts);
  await opts.seed(world);

  opts.progress(`baseline: bare Hono GET /ping, ${opts.connections} connections`);
  const baseline = await measureBare(opts.connections, opts);

  opts.progress(`mixed load: ${opts.connections} connections for ${opts.windowMs / 1000} s`);
  const mix = await runMix(baseUrl, world, weights, opts.warmupMs, opts.windowMs);
  return { connections: opts.connections, windowMs: opts.windowMs, ...mix, baseline };
}

/**
 * A scratch database of the PostgreSQL server at `databaseUrl` for `fn`, with an administrator
 * (at the server's work factor) and the factories for rows the API cannot make; dropped after.
 * `fn` starts the portals on `url` (main.ts migrates it before the factories are used).
 */
export async function withBenchDatabase<T>(
  databaseUrl: string,
  fn: (ctx: {
    url: string;
    /** Makes the administrator: call once a portal has migrated the database. */
    admin: () => Promise<MixedOptions["admin"]>;
    /** Push traffic for the finds (there is no add call for it): 500 rows per tgid. */
    seed: (world: MixedWorld) => Promise<void>;
    /** `count` more users of `tenant` who sign in with the fixtures' password: their ids. */
    crowd: (tenant: Tenant, count: number) => Promise<string[]>;
  }) => Promise<T>,
): Promise<T> {
  const scratch = await scratchDatabase(databaseUrl, "portal_mixed");
  const database = openPostgres(scratch.url, { max: 2 });
  const f = new Factories(database.db);
  try {
    return await fn({
      url: scratch.url,
      admin: async () => {
        const admin = await f.user({ rights: 1 });
        const passwordHash = await hashPassword(TEST_PASSWORD, OWASP_PBKDF2_ITERATIONS);
        await database.db.update(users).set({ passwordHash }).where(eq(users.key, admin.key));
        return { username: admin.id, password: TEST_PASSWORD };
      },
      seed: async (world) => {
        for (const tgidId of world.tenants.flatMap((t) => t.tgidIds)) {
          await f.pushTraffic({ tgidId, count: 500 });
        }
      },
      crowd: async (tenant, count) => {
        const passwordHash = await hashPassword(TEST_PASSWORD, OWASP_PBKDF2_ITERATIONS);
        const ids: string[] = [];
        for (let i = 0; i < count; i++) {
          const user = await f.user({ teamId: tenant.teamId, companyId: tenant.companyId });
          await database.db.update(users).set({ passwordHash }).where(eq(users.key, user.key));
          ids.push(user.id);
        }
        return ids;
      },
    });
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** main.ts on the bench database `url`, as every instance of a bench runs it. */
export const startBenchPortal = (url: string, flags: string[] = []) =>
  startPortal({ DATABASE_URL: url, SESSION_SECRET: "b".repeat(40) }, 60_000, flags);

/**
 * Section 6 of `deno task bench`: main.ts on a scratch database (withBenchDatabase), push traffic
 * for the finds, then measureMixedLoad; the server stopped and the database dropped whatever
 * happens.
 */
export function measureMixedSection(
  databaseUrl: string,
  options: Pick<MixedOptions, "connections" | "windowMs" | "warmupMs" | "progress">,
): Promise<MixedResult> {
  return withBenchDatabase(databaseUrl, async ({ url, admin, seed }) => {
    const portal = await startBenchPortal(url);
    try {
      return await measureMixedLoad(portal.base, { ...options, admin: await admin(), seed });
    } finally {
      await portal.proc.stop();
    }
  });
}
