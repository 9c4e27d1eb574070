/**
 * Mass assignment: no request sets a field its caller may not set.
 *
 * For every operation that changes data (tests/authz/writes.ts), client A sends the probe's
 * request about its own rows with forbidden fields added at every level of its body (or to its
 * query): B's company and team, team rights 0, forged keys, audit dates and owners, `active`.
 * Then, one field at a time, each of A's ids in the request is swapped for B's counterpart. An
 * administrator (rank 30) sends the audit fields to the administrators' operations. Each answer
 * must be a refusal (400 in the error shape, or 403/404/409), or, when accepted, leave B's rows
 * as they were, and no row of A's may take B's ids or a forged value.
 *
 * Then the rank rules: clients cannot create or move users at all; an administrator of rank 11,
 * 15, 20 or 30 cannot make or edit a team more powerful than itself, nor create, move into or
 * change a user of such a team (server/services/teams/write.ts, server/services/users/write.ts).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../fixtures/app.ts";
import { type Operation, OPERATIONS, send, tokenFor } from "./operations.ts";
import {
  loadProbes,
  makeTenant,
  markersOf,
  newMail,
  type ProbeContext,
  type ProbeRequest,
  type Probes,
  type Tenant,
} from "./tenant.ts";
import { changesData, GET_READS, GET_WRITES, LOOKS_LIKE_WRITE } from "./writes.ts";
import { FORGED_DATE, type Snapshot, snapshotOf, taints } from "./snapshot.ts";
import { teams, users } from "../../db/schema/mod.ts";
import { RIGHTS_VALUES } from "../../openapi/enums.ts";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const ok = (status: number) => status >= 200 && status < 300;

/** The contract gives the operation a JSON request body. */
const hasJsonBody = (op: Operation) =>
  Boolean(
    (op.spec.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.[
      "application/json"
    ],
  );

/** The forbidden fields: for a client, B's company and team and `active` too. */
const forbiddenFields = (b: Tenant, client: boolean): Json => ({
  ...(client ? { companyId: b.company.id, company: b.company.id, teamId: b.team.id } : {}),
  ...(client ? { active: false } : {}),
  rights: 0,
  key: b.user.key,
  createdAt: FORGED_DATE,
  updatedAt: FORGED_DATE,
  createdBy: b.user.key,
  userKey: b.user.key,
  ownerId: b.user.key,
});

/** `value` with `extra`'s fields added to every object in it (the fields it has are kept). */
function addEverywhere(value: unknown, extra: Json): unknown {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return value;
  const out: Json = { ...extra };
  for (const [k, v] of Object.entries(value)) out[k] = addEverywhere(v, extra);
  return out;
}

/** The request with the fields added to its JSON body, or to its query when it has none. */
const withFields = (req: ProbeRequest, extra: Json): ProbeRequest =>
  isObject(req.json) ? { ...req, json: addEverywhere(req.json, extra) } : {
    ...req,
    query: {
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
      ...req.query,
    },
  };

/** The ids of a tenant's rows that a request may name. */
const IDS: ((t: Tenant) => unknown)[] = [
  (t) => t.company.id,
  (t) => t.team.id,
  (t) => t.user.key,
  (t) => t.user.id,
  (t) => t.tgid.id,
  (t) => t.rul.id,
  (t) => t.dnid.id,
  (t) => t.enid.id,
  (t) => t.list.id,
  (t) => t.terminal.deviceId,
  (t) => t.status.device,
  (t) => t.file.name,
  (t) => t.push.id,
];

/** A's ids and B's counterparts. */
const counterparts = (a: Tenant, b: Tenant): [unknown, unknown][] =>
  IDS.map((id) => [id(a), id(b)]);

/**
 * Every place of the request (a JSON leaf, an array item or a query value) holding one of A's
 * ids, as a function making the request with B's id there instead.
 */
function swaps(req: ProbeRequest, a: Tenant, b: Tenant) {
  const pairs = counterparts(a, b);
  const theirs = (v: unknown) => {
    const pair = pairs.find(([mine]) => String(mine) === String(v));
    if (!pair || (typeof v !== "number" && typeof v !== "string")) return undefined;
    return typeof v === "string" ? String(pair[1]) : pair[1];
  };
  const found: { where: string; value: unknown; make: (r: ProbeRequest) => ProbeRequest }[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value) || isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        walk(v, [...path, Array.isArray(value) ? Number(k) : k]);
      }
      return;
    }
    const other = theirs(value);
    if (other === undefined) return;
    found.push({
      where: path.join("."),
      value: other,
      make: (r) => {
        const copy = structuredClone(r);
        let node = copy as Json;
        for (const p of path.slice(0, -1)) node = node[p] as Json;
        node[path.at(-1)!] = other;
        return copy;
      },
    });
  };
  walk({ json: req.json, query: req.query }, []);
  return found;
}

/** Who may stay who they are: each team's company and rights, each user's company, team, status. */
const identities = (s: Snapshot) =>
  new Map([
    ...s.teams.map((r) => [`team ${r.id}`, `${r.companyId} ${r.rights}`] as const),
    ...s.users.map((r) => [`user ${r.key}`, `${r.companyId} ${r.teamId} ${r.active}`] as const),
  ]);

/**
 * Sends `req` as `who` and checks its consequences: no 500; a 400 in the error shape; B's rows
 * unchanged; A's rows without B's ids or forged values (and, for A's client, its teams and users
 * still who they were); no marker of B's in the answer that the request did not send itself.
 */
async function attempt(
  ctx: Ctx,
  op: Operation,
  req: ProbeRequest,
  who: { key: number },
  a: Tenant,
  b: Tenant,
) {
  const both = () => Promise.all([snapshotOf(ctx.db, a), snapshotOf(ctx.db, b)]);
  const [beforeA, beforeB] = await both();
  const r = await send(ctx.app, op, req, await tokenFor(ctx.db, who));
  const label = `${op.method} ${op.path} ${JSON.stringify(req.json ?? req.query)}: ${r.status} ${
    r.body.slice(0, 300)
  }`;
  assert.notEqual(r.status, 500, label);
  if (r.status === 400) {
    const body = JSON.parse(r.body);
    assert.equal(body.code, 400, label);
    assert.equal(typeof body.message, "string", label);
  }
  const [afterA, afterB] = await both();
  assert.deepEqual(afterB, beforeB, `B's rows changed: ${label}`);
  assert.deepEqual(taints(afterA, b), [], `A's rows took B's ids or forged values: ${label}`);
  if (who === a.user) {
    // A client changes no team's rights or company, no user's team, company or status.
    const [was, is] = [identities(beforeA), identities(afterA)];
    for (const [id, now] of is) {
      if (was.has(id)) assert.equal(now, was.get(id), `${id} changed: ${label}`);
    }
  }
  const sent = JSON.stringify(req);
  const leaked = markersOf(b).filter((m) => r.text.includes(m) && !sent.includes(m));
  assert.deepEqual(leaked, [], `the answer shows B's rows: ${label}`);
  return r;
}

dbTest("[authz] mass assignment: no write sets a field its caller may not set", async (ctx, t) => {
  const probes: Probes = await loadProbes();
  const unknown = [...GET_WRITES, ...GET_READS].filter((id) =>
    !OPERATIONS.some((op) => op.id === id)
  );
  assert.deepEqual(
    unknown,
    [],
    "GET_WRITES or GET_READS name operations the contract does not have",
  );
  const unlisted = OPERATIONS.filter((op) =>
    op.method === "GET" && LOOKS_LIKE_WRITE.test(op.id) && !GET_WRITES.has(op.id) &&
    !GET_READS.has(op.id)
  ).map((op) => op.id);
  assert.deepEqual(unlisted, [], "GET operations whose id says they change data: GET_WRITES");

  const admin = await ctx.f.user({ rights: 30 });
  const pctx: ProbeContext = { f: ctx.f, db: ctx.db };
  /** Requests naming one of B's objects that were answered 2xx (without touching B). */
  const accepted: string[] = [];
  const writes = OPERATIONS.filter((op) => changesData(op) || hasJsonBody(op));
  assert.ok(writes.length > 50, `only ${writes.length} write operations found`);

  for (const op of writes) {
    await t.step(`${op.id} (${op.access})`, async () => {
      const a = await makeTenant(ctx.f), b = await makeTenant(ctx.f);
      const probe = () => probes[op.id](a, pctx);
      const r = await attempt(
        ctx,
        op,
        withFields(await probe(), forbiddenFields(b, true)),
        a.user,
        a,
        b,
      );
      if (op.access === "admin") {
        assert.equal(r.status, 403, `a client reached ${op.id}`);
        await attempt(ctx, op, withFields(await probe(), forbiddenFields(b, false)), admin, a, b);
        return;
      }
      // A public operation's input names whom it is for (B's login signs in as B): no swaps.
      if (op.access === "public") return;
      for (const swap of swaps(await probe(), a, b)) {
        const s = await attempt(ctx, op, swap.make(await probe()), a.user, a, b);
        if (ok(s.status)) accepted.push(`${op.id} ${swap.where}=${swap.value}`);
      }
    });
  }
  console.log(`2xx with one of B's ids swapped in: ${accepted.join("; ")}`);
});

/** The operation of the contract with that id. */
const opOf = (id: string) => OPERATIONS.find((op) => op.id === id)!;

const RANK_REFUSED = { code: 403, message: "You cannot grant rights above your own" };

/** Calls an operation by id with a JSON body as `who`. */
const post = async (ctx: Ctx, id: string, json: unknown, who: { key: number }) => {
  const r = await send(ctx.app, opOf(id), { json }, await tokenFor(ctx.db, who));
  return { status: r.status, body: JSON.parse(r.body), label: `${id} ${JSON.stringify(json)}` };
};

const teamOf = async (ctx: Ctx, key: number) =>
  (await ctx.db.select({ teamId: users.teamId }).from(users).where(eq(users.key, key)))[0]
    .teamId;

dbTest("[authz] a client cannot create or move users, nor change a team", async (ctx) => {
  const a = await makeTenant(ctx.f), b = await makeTenant(ctx.f);
  const adminTeam = await ctx.f.team({ companyId: a.company.id, rights: 0 });
  const mail = newMail("intruder");
  const attempts: [string, unknown][] = [
    ["usersCreate", { company: b.company.id, team: b.team.id, id: mail }],
    ["usersCreate", { company: a.company.id, team: adminTeam.id, id: mail }],
    ["usersUpdate", { id: a.user.id, company: b.company.id, team: b.team.id }],
    ["usersUpdate", { id: a.user.id, company: a.company.id, team: adminTeam.id }],
    ["usersChangeTeam", { userId: a.user.id, teamId: adminTeam.id }],
    ["usersChangeTeam", { userId: a.user.id, teamId: b.team.id }],
    ["teamsUpdate", {
      team: { id: a.team.id, name: a.team.name, company: a.company.id, rights: 0 },
    }],
    ["teamsCreate", { team: { name: `Own ${a.tag}`, company: a.company.id, rights: 0 } }],
  ];
  for (const [id, json] of attempts) {
    const r = await post(ctx, id, json, a.user);
    assert.equal(r.status, 403, r.label);
  }
  assert.equal(await teamOf(ctx, a.user.key), a.team.id);
  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, a.team.id));
  assert.equal(team.rights, 100);
  assert.deepEqual(await ctx.db.select().from(users).where(eq(users.id, mail)), []);
});

dbTest("[authz] no administrator grants rights above its own, to a team or through one", async (
  ctx,
  t,
) => {
  for (const rank of [11, 15, 20, 30]) {
    await t.step(`rank ${rank}`, async () => {
      const admin = await ctx.f.user({ rights: rank });
      const company = await ctx.f.company();
      const client = await ctx.f.user({ rights: 100, companyId: company.id });
      const clientTeam = await teamOf(ctx, client.key);
      for (const above of RIGHTS_VALUES.filter((r) => r < rank)) {
        const strong = await ctx.f.team({ companyId: company.id, rights: above });
        const member = await ctx.f.user({ teamId: strong.id, companyId: company.id });
        const name = `Team ${crypto.randomUUID()}`;
        const refused: [string, unknown][] = [
          ["teamsCreate", { team: { name, company: company.id, rights: above } }],
          ["teamsUpdate", {
            team: { id: clientTeam, name, company: company.id, rights: above },
          }],
          ["usersCreate", { company: company.id, team: strong.id, id: newMail("escalate") }],
          ["usersUpdate", { id: client.id, company: company.id, team: strong.id }],
          ["usersChangeTeam", { userId: client.id, teamId: strong.id }],
          // A user of a more powerful team: its account is out of reach (no link to take it).
          ["usersResetPassword", { id: member.id, reason: "Take over" }],
          ["usersChangeStatus", { userId: member.id, active: false }],
          ["usersChangeId", { oldId: member.id, newId: newMail("moved") }],
          ["usersAddEmailAlias", { userId: member.id, alias: newMail("alias") }],
          ["usersUpdate", { id: member.id, company: company.id, team: clientTeam }],
        ];
        for (const [id, json] of refused) {
          const r = await post(ctx, id, json, admin);
          assert.deepEqual({ status: r.status, body: r.body }, {
            status: 403,
            body: RANK_REFUSED,
          }, `rank ${rank}, rights ${above}: ${r.label}`);
        }
        assert.equal(await teamOf(ctx, client.key), clientTeam);
        assert.equal(await teamOf(ctx, member.key), strong.id);
        const [team] = await ctx.db.select().from(teams).where(eq(teams.id, clientTeam));
        assert.equal(team.rights, 100);
      }
      // Its own rank and below stay within reach.
      const peer = await ctx.f.team({ companyId: company.id, rights: rank });
      const allowed: [string, unknown][] = [
        ["teamsCreate", {
          team: { name: `Peer ${crypto.randomUUID()}`, company: company.id, rights: rank },
        }],
        ["usersCreate", { company: company.id, team: peer.id, id: newMail("peer") }],
        ["usersChangeTeam", { userId: client.id, teamId: peer.id }],
        ["usersResetPassword", { id: client.id, reason: "Forgotten" }],
      ];
      for (const [id, json] of allowed) {
        const r = await post(ctx, id, json, admin);
        assert.equal(r.status, 200, `rank ${rank}: ${r.label} ${JSON.stringify(r.body)}`);
      }
    });
  }
});
