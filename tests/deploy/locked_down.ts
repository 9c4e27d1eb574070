/**
 * Driving a portal process over HTTP as an operator would after deploying it: the permissions of
 * Deno Deploy's old runtime (no subprocess, no local write), the pages of the route map with every
 * asset they reference, and a read and a write per resource of the contract.
 */
import assert from "node:assert/strict";
import { Proc } from "../../bench/servers.ts";
import { pagePaths } from "../../bench/samples.ts";
import { ASSET_PREFIX } from "../../server/assets/paths.ts";
import type { Factories } from "../fixtures/factories.ts";
import { type Operation, OPERATIONS, type Requester, send, tokenFor } from "../authz/operations.ts";
import { loadProbes, makeTenant } from "../authz/tenant.ts";
import { readTable } from "../authz/role_table.ts";
import { changesData, LOOKS_LIKE_WRITE } from "../authz/writes.ts";

/** `deno run` with the flags: network, environment, reading, system info; nothing else. */
const LOCKED_DOWN = [
  "run",
  "--allow-net",
  "--allow-env",
  "--allow-read",
  "--allow-sys",
  "--deny-write",
  "--deny-run",
];

/** What Deno prints when a denied permission is asked for (a write, a subprocess, …). */
const DENIED = /NotCapable|PermissionDenied|Requires (write|run) access/;

/** Starts `script` locked down; resolves once it printed `ready`. */
export async function lockedDown(script: string, env: Record<string, string>, ready: RegExp) {
  const proc = new Proc([...LOCKED_DOWN, script], { NODE_ENV: "production", ...env });
  await proc.waitForLine(ready, 120_000).catch(async (e) => {
    await proc.stop();
    throw e;
  });
  return proc;
}

/** The process's output had no denied permission in it. */
export function assertNothingDenied(proc: Proc, what: string) {
  const denied = proc.tail.filter((l) => DENIED.test(l));
  assert.deepEqual(denied, [], `${what} asked for a permission it was denied`);
}

/** A cookie jar of one: the session cookie a sign-in set. */
export async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ username, password, next: "/" }),
  });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  assert.equal(res.status, 303, "the sign-in form answers with a redirect");
  assert.ok(cookie, "the sign-in sets the session cookie");
  return cookie;
}

/** Asset URLs in a text: absolute (/assets/x) in pages, relative (./x) in scripts and styles. */
function assetRefs(text: string, relative: boolean): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g)) found.add(m[0]);
  if (relative) {
    for (const m of text.matchAll(/["'(]\.\/([\w.-]+\.(?:js|css|woff2))/g)) {
      found.add(ASSET_PREFIX + m[1]);
    }
  }
  return [...found];
}

interface PageVisit {
  path: string;
  status: number;
  finalPath: string;
  assets: string[];
}

/** Every page of the route map (with the sample paths of its parameter routes), signed in. */
export async function visitPages(base: string, cookie: string): Promise<PageVisit[]> {
  const visits: PageVisit[] = [];
  for (const { path, signedIn } of pagePaths()) {
    const res = await fetch(base + path, { headers: signedIn ? { cookie } : {} });
    const html = await res.text();
    visits.push({
      path,
      status: res.status,
      finalPath: new URL(res.url).pathname,
      assets: assetRefs(html, false),
    });
  }
  return visits;
}

interface AssetLoad {
  url: string;
  status: number;
  type: string;
  cacheControl: string;
  encoding: string;
}

/** Loads the assets and, transitively, every asset they reference (chunks, fonts). */
export async function loadAssets(base: string, start: string[]): Promise<AssetLoad[]> {
  const seen = new Set<string>();
  const queue = [...start];
  const loads: AssetLoad[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await fetch(base + url, { headers: { "accept-encoding": "gzip" } });
    const type = res.headers.get("content-type") ?? "";
    loads.push({
      url,
      status: res.status,
      type,
      cacheControl: res.headers.get("cache-control") ?? "",
      encoding: res.headers.get("content-encoding") ?? "",
    });
    if (/javascript|css/.test(type)) queue.push(...assetRefs(await res.text(), true));
    else await res.body?.cancel();
  }
  return loads;
}

/** An HTTP requester for tests/authz/operations.ts's `send`. */
export const overHttp = (base: string): Requester => ({
  request: (url, init) => fetch(url.replace(/^http:\/\/localhost/, base), init),
});

interface ResourceCall {
  resource: string;
  kind: "read" | "write";
  op: string;
  caller: "anonymous" | "client" | "admin";
  status: number;
  body: string;
}

const ok = (cell: string | undefined) => cell === "ok" || cell === "ok-";

/** A read: a GET that changes nothing, or a POST that finds or gets (`stationFind`). */
const isRead = (op: Operation) =>
  !changesData(op) || (/(Find|find|Get|get)/.test(op.id) && !LOOKS_LIKE_WRITE.test(op.id));

/**
 * For each resource (tag) of the contract, its first read and its first write that have a probe
 * (tests/authz/probes/) and a caller allowed to make them (docs/role-matrix.md): the tenant's
 * client when the client may, else a top administrator (rights 0). Each about a tenant of its own.
 */
export async function callResources(base: string, f: Factories): Promise<ResourceCall[]> {
  const [probes, table] = await Promise.all([loadProbes(), readTable()]);
  const admin = await f.user({ rights: 0 });
  const callerOf = (op: Operation) => {
    if (op.access === "public") return "anonymous" as const;
    const row = table.get(op.id);
    return ok(row?.clientA) ? "client" as const : ok(row?.admin0) ? "admin" as const : null;
  };
  const resources = [...new Set(OPERATIONS.map((op) => (op.spec.tags as string[])[0]))];
  const calls: ResourceCall[] = [];
  for (const resource of resources) {
    const ops = OPERATIONS.filter((op) =>
      (op.spec.tags as string[])[0] === resource && probes[op.id] && callerOf(op) &&
      op.id !== "usersLogout"
    );
    for (const kind of ["read", "write"] as const) {
      const op = ops.find((o) => isRead(o) === (kind === "read"));
      if (!op) continue;
      const tenant = await makeTenant(f);
      const caller = callerOf(op)!;
      const who = caller === "client" ? tenant.user : caller === "admin" ? admin : null;
      const token = who ? await tokenFor(f.db, who) : undefined;
      const req = await probes[op.id](tenant, { f, db: f.db });
      const answer = await send(overHttp(base), op, req, token);
      calls.push({
        resource,
        kind,
        op: op.id,
        caller,
        status: answer.status,
        body: answer.body.slice(0, 300),
      });
    }
  }
  return calls;
}
