/**
 * The fuzz engine: every operation of the contract (walked from OPERATIONS, so operations added
 * later are fuzzed too) gets `runs` generated requests (tests/fuzz/arbitraries.ts). Per
 * operation, two tenants A and B: the cases go as a client of A or anonymous, about A's rows or
 * B's; every answer must be below 500 and, as an error, in the one error shape without internals;
 * and B's rows must be exactly as they were after the cases. Then a share of the cases goes as an
 * administrator (who may change any company's rows), about A.
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../../db/client.ts";
import { DUPLICATE_CODE, ErrorSchema } from "../../server/errors.ts";
import type { TestApp } from "../fixtures/app.ts";
import type { Factories } from "../fixtures/factories.ts";
import { type Answer, type Operation, OPERATIONS, send, tokenFor } from "../authz/operations.ts";
import {
  loadProbes,
  makeTenant,
  type ProbeRequest,
  type Probes,
  type Tenant,
} from "../authz/tenant.ts";
import { requestArb } from "./arbitraries.ts";
import { acceptedArb, outsideContract, unnamedRefusal } from "./acceptance.ts";
import { changedTables, companyHash } from "./tenant_hash.ts";

export interface FuzzEnv {
  app: TestApp;
  db: Db;
  f: Factories;
}

interface OpResult {
  op: string;
  cases: number;
  ms: number;
  /** What failed: the operation, seed, counterexample and error. */
  failure?: string;
}

const STACK = /\.ts:\d+|at [A-Za-z]+ \(/;

/** Throws unless the answer is below 500 and, as an error, `{code, message, …}` and nothing more. */
export function checkAnswer(r: Answer) {
  if (r.status >= 500) throw new Error(`answered ${r.status}: ${r.body.slice(0, 300)}`);
  if (r.status < 400) return;
  let body: unknown;
  try {
    body = JSON.parse(r.body);
  } catch {
    throw new Error(`error ${r.status} is not JSON: ${r.body.slice(0, 300)}`);
  }
  const parsed = ErrorSchema.strict().safeParse(body);
  if (!parsed.success) throw new Error(`error ${r.status} not in the error shape: ${r.body}`);
  // The code is the status, or the documented domain code of integrity violations.
  if (parsed.data.code !== r.status && parsed.data.code !== DUPLICATE_CODE) {
    throw new Error(`error code ${parsed.data.code} under status ${r.status}`);
  }
  if (STACK.test(r.body)) throw new Error(`error ${r.status} shows internals: ${r.body}`);
}

/** A counterexample short enough to print: long text and bytes summarised. */
export function summary(value: unknown): string {
  const text = JSON.stringify(value, (_k, v) => {
    if (typeof v === "string" && v.length > 120) {
      return `${v.slice(0, 40)}…(${v.length} chars)`;
    }
    if (v instanceof Uint8Array) return `<${v.length} bytes: ${v.slice(0, 16).join(",")}…>`;
    if (Array.isArray(v) && v.length > 20) return `<array of ${v.length}>`;
    return v;
  });
  return text.length > 3000 ? `${text.slice(0, 3000)}…` : text;
}

/** The operation's own seed, from the run's: `--seed S --only <op>` replays it. */
const opSeed = (seed: number, opId: string) =>
  [...opId].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), seed | 0) | 0;

type Who = "client" | "anonymous" | "admin";
interface Case {
  who: Who;
  about: "A" | "B";
  req: ProbeRequest;
}

async function check<C>(
  op: Operation,
  arb: fc.Arbitrary<C>,
  numRuns: number,
  seed: number,
  predicate: (c: C) => Promise<void>,
): Promise<string | undefined> {
  const details = await fc.check(fc.asyncProperty(arb, predicate), { numRuns, seed });
  if (!details.failed) return undefined;
  const error = details.errorInstance instanceof Error
    ? details.errorInstance.message
    : String(details.errorInstance);
  return `${op.id} (${op.method} ${op.path}): failed after ${details.numRuns} cases, ` +
    `fast-check seed ${seed}` +
    `, path "${details.counterexamplePath?.slice(0, 80)}"\ncounterexample: ${
      summary(details.counterexample?.[0])
    }\n${error.slice(0, 2000)}`;
}

/**
 * Fuzzes one operation with `runs` cases; a failure is returned, not thrown. Tenant A is new;
 * B (`other`), whose rows no case may change, can be shared by the operations of a run: each
 * starts from B's fingerprint as it finds it.
 */
export async function fuzzOperation(
  env: FuzzEnv,
  op: Operation,
  probes: Probes,
  runs: number,
  seed: number,
  other: Tenant,
): Promise<OpResult> {
  const started = performance.now();
  const { app, db, f } = env;
  const pctx = { f, db };
  const probe = probes[op.id];
  if (!probe) throw new Error(`no probe for ${op.id} (tests/authz/probes/)`);
  const [a, b] = [await makeTenant(f), other];
  const admin = await f.user({ rights: 1 });
  const adminRuns = Math.max(1, Math.floor(runs / 5));
  const ownSeed = opSeed(seed, op.id);

  // B's probe is made before B's fingerprint (a probe may add rows). A public operation's
  // probe carries its own authority (credentials, a reset link), so only A's is used there.
  const seeds: fc.Arbitrary<Case>[] = [
    requestArb(op, await probe(a, pctx)).map((req) => ({ who: "client", about: "A", req })),
  ];
  if (op.access !== "public") {
    seeds.push(
      requestArb(op, await probe(b, pctx)).map((req) => ({ who: "client", about: "B", req })),
    );
  }
  const asCaller = fc.tuple(
    fc.oneof(
      { arbitrary: seeds[0], weight: 3 },
      { arbitrary: seeds[seeds.length - 1], weight: 1 },
    ),
    fc.constantFrom<Who>("client", "client", "client", "anonymous"),
  ).map(([cse, who]) => ({ ...cse, who }));
  const callerCase = async (cse: Case) => {
    const token = cse.who === "client" ? await tokenFor(db, a.user) : undefined;
    checkAnswer(await send(app, op, cse.req, token));
  };

  const before = await companyHash(db, b.company.id);
  let asClient = await check(op, asCaller, runs - adminRuns, ownSeed, callerCase);
  const changed = changedTables(before, await companyHash(db, b.company.id));
  if (!asClient && changed.length) {
    // Replayed with B's fingerprint after each case, to name the case (the fingerprint moves
    // on after a change: shrinking replays cases).
    let baseline = await companyHash(db, b.company.id);
    asClient = await check(op, asCaller, runs - adminRuns, ownSeed, async (cse) => {
      await callerCase(cse);
      const now = await companyHash(db, b.company.id);
      const again = changedTables(baseline, now);
      baseline = now;
      if (again.length) throw new Error(`changed the other company's rows in ${again}`);
    }) ?? `${op.id}: seed ${ownSeed}: the other company's rows changed in ${changed}` +
        " (not again on replay)";
  } else if (changed.length) asClient += `\nand the other company's rows changed in ${changed}`;
  // The administrator may change any company's rows: its cases come after B's check, on A.
  const asAdmin = await check(
    op,
    requestArb(op, await probe(a, pctx)).map((req) => ({ who: "admin", about: "A", req })),
    adminRuns,
    ownSeed,
    async (cse) => checkAnswer(await send(app, op, cse.req, await tokenFor(db, admin))),
  );
  await reseatSpentSequences(db);
  const failure =
    [asClient, asAdmin].filter(Boolean).map((f) =>
      `${f}\nreplay: deno task fuzz --seed ${seed} --runs ${runs} --only ${op.id}`
    ).join("\n") || undefined;
  return { op: op.id, cases: runs, ms: Math.round(performance.now() - started), failure };
}

/**
 * The acceptance mode (tests/fuzz/acceptance.ts): `runs` requests within the contract, about a new
 * tenant's rows, as an administrator (anonymous for a public operation), each with a session of
 * its own; each must be answered below 500 and refused only for a reason the contract names.
 */
export async function acceptOperation(
  env: FuzzEnv,
  op: Operation,
  probes: Probes,
  runs: number,
  seed: number,
): Promise<OpResult> {
  const started = performance.now();
  const probe = probes[op.id];
  if (!probe) throw new Error(`no probe for ${op.id} (tests/authz/probes/)`);
  const a = await makeTenant(env.f);
  const admin = await env.f.user({ rights: 1 });
  const arb = acceptedArb(op, await probe(a, { f: env.f, db: env.db }));
  const failure = await check(op, arb, runs, opSeed(seed, op.id), async (cse) => {
    const outside = outsideContract(op, cse);
    // A generated value the contract does not allow after all: not a fair test, skipped.
    fc.pre(outside.length === 0);
    const token = op.access === "public" ? undefined : await tokenFor(env.db, admin);
    const answer = await send(env.app, op, cse.req, token);
    checkAnswer(answer);
    const unnamed = unnamedRefusal(op, answer);
    if (unnamed) throw new Error(unnamed);
  });
  await reseatSpentSequences(env.db);
  return {
    op: op.id,
    cases: runs,
    ms: Math.round(performance.now() - started),
    failure: failure &&
      `${failure}\nreplay: deno task fuzz --accept --seed ${seed} --runs ${runs} --only ${op.id}`,
  };
}

/**
 * Re-seats every id sequence an administrator's case moved into the top half of its range (an
 * explicit id near the top moves it there; tests/fixtures' inserts need it to go on) just past
 * the highest id below that half.
 */
export async function reseatSpentSequences(db: Db) {
  const spent = await executeRows<{ table_name: string; column_name: string; half: string }>(
    db,
    sql`select c.table_name, c.column_name, (s.max_value / 2)::text as half
      from information_schema.columns c
      join pg_sequences s on s.schemaname || '.' || s.sequencename =
        pg_get_serial_sequence(quote_ident(c.table_name), c.column_name)
      where c.table_schema = 'public' and s.last_value >= s.max_value / 2`,
  );
  for (const { table_name: t, column_name: c, half } of spent) {
    const [table, column] = [sql.identifier(t), sql.identifier(c)];
    await db.execute(sql`select setval(pg_get_serial_sequence(${t}, ${c}),
      coalesce((select max(${column}) from ${table} where ${column} < ${half}::bigint), 0) + 1,
      false)`);
  }
}

/** Fuzzes every operation (or those of `only`), reporting each as it ends. */
export async function runFuzz(
  env: FuzzEnv,
  opts: {
    runs: number;
    seed: number;
    only?: string[];
    /** The acceptance mode: requests within the contract (acceptOperation). */
    accept?: boolean;
    onResult?: (r: OpResult) => void;
  },
): Promise<OpResult[]> {
  const probes = await loadProbes();
  const ops = opts.only ? OPERATIONS.filter((op) => opts.only!.includes(op.id)) : OPERATIONS;
  const unknown = (opts.only ?? []).filter((id) => !OPERATIONS.some((op) => op.id === id));
  if (unknown.length) throw new Error(`unknown operations: ${unknown.join(", ")}`);
  const results: OpResult[] = [];
  const other = await makeTenant(env.f);
  for (const op of ops) {
    const started = performance.now();
    const r = await (opts.accept
      ? acceptOperation(env, op, probes, opts.runs, opts.seed)
      : fuzzOperation(env, op, probes, opts.runs, opts.seed, other)).catch((e) => ({
        op: op.id,
        cases: 0,
        ms: Math.round(performance.now() - started),
        failure: `${op.id}: could not be fuzzed: ${e instanceof Error ? e.message : e}`,
      }));
    opts.onResult?.(r);
    results.push(r);
  }
  return results;
}
