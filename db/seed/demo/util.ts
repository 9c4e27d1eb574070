/** Shared plumbing of the demo seed: the deterministic PRNG, the seed context and batch inserts. */
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { executeRows, type Tx } from "../../client.ts";

/** The transaction handle `db.transaction` passes to its callback. */
export type { Tx };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Rows per INSERT statement (keeps bind parameters well under PostgreSQL's 65,535). */
const BATCH = 1000;

/** mulberry32: a tiny, fast, deterministic 32-bit PRNG. */
export class Rng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** Picks from [value, weight] pairs. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of entries) if ((r -= w) < 0) return value;
    return entries[entries.length - 1][0];
  }
  /** `n` distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(n, copy.length));
  }
  /** `n` random decimal digits. */
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += this.int(0, 9);
    return s;
  }
}

export interface SeedContext {
  tx: Tx;
  rng: Rng;
  now: Date;
  passwordHash: string;
  /** The demo's loopback receivers listen on this port + 1…6 (DEMO_SINK_PORT; routing.ts). */
  sinkPort: number;
  /** Rows inserted per SQL table name. */
  counts: Record<string, number>;
}

/** A date `from`..`to` milliseconds before now (defaults: the last 30 days, at least 1 minute). */
export function past(ctx: SeedContext, to = 30 * DAY, from = MINUTE): Date {
  return new Date(ctx.now.getTime() - from - Math.floor(ctx.rng.next() * (to - from)));
}

/** `base` plus `ms`, never later than now. */
export function after(ctx: SeedContext, base: Date, ms: number): Date {
  return new Date(Math.min(base.getTime() + ms, ctx.now.getTime()));
}

function count(ctx: SeedContext, table: PgTable, n: number) {
  const name = getTableName(table);
  ctx.counts[name] = (ctx.counts[name] ?? 0) + n;
}

/**
 * Fills the audit times a row leaves out (`createdAt` = now, `updatedAt` = `createdAt`), so that
 * no database default (the real clock) slips in when `opts.now` is given.
 */
function withTimes<T extends PgTable>(ctx: SeedContext, table: T, rows: PgInsertValue<T>[]) {
  const columns = getTableColumns(table);
  if (!("createdAt" in columns) && !("updatedAt" in columns)) return rows;
  return rows.map((row) => {
    const out = { ...row } as Record<string, unknown>;
    if ("createdAt" in columns) out.createdAt ??= ctx.now;
    if ("updatedAt" in columns) out.updatedAt ??= out.createdAt ?? ctx.now;
    return out as PgInsertValue<T>;
  });
}

/** Inserts `rows` in batches. */
export async function insertRows<T extends PgTable>(
  ctx: SeedContext,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<void> {
  rows = withTimes(ctx, table, rows);
  for (let i = 0; i < rows.length; i += BATCH) {
    await ctx.tx.insert(table).values(rows.slice(i, i + BATCH));
  }
  count(ctx, table, rows.length);
}

/** Inserts `rows` in batches and returns the stored rows (generated ids included), in order. */
export async function insertReturning<T extends PgTable>(
  ctx: SeedContext,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<T["$inferSelect"][]> {
  rows = withTimes(ctx, table, rows);
  const out: T["$inferSelect"][] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const stored = await ctx.tx.insert(table).values(rows.slice(i, i + BATCH)).returning();
    out.push(...(stored as T["$inferSelect"][]));
  }
  count(ctx, table, rows.length);
  return out;
}

/** Inserts `rows` in batches and returns only their generated ids, in order. */
export async function insertIds<T extends PgTable>(
  ctx: SeedContext,
  table: T,
  idColumn: PgColumn,
  rows: PgInsertValue<T>[],
): Promise<number[]> {
  rows = withTimes(ctx, table, rows);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const stored = await ctx.tx.insert(table).values(rows.slice(i, i + BATCH))
      .returning({ id: idColumn });
    for (const row of stored) ids.push(Number(row.id));
  }
  count(ctx, table, rows.length);
  return ids;
}

/** Both drivers are opened with `casing: "snake_case"`; this gives the same column names. */
const casing = new CasingCache("snake_case");

/**
 * Bulk insert for the large tables: each batch travels as ONE JSON parameter expanded by
 * json_populate_recordset, several times faster than thousands of bind parameters on PGlite.
 * Every row must carry the same keys (no column left to its default). With `returning`, gives
 * that column's values in insertion order.
 */
export async function insertBulk<T extends PgTable>(
  ctx: SeedContext,
  table: T,
  rows: T["$inferInsert"][],
  returning?: PgColumn,
): Promise<number[]> {
  if (!rows.length) return [];
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => key in rows[0])
    .map(([key, column]) => ({ key, name: casing.getColumnCasing(column) }));
  const list = sql.join(columns.map((c) => sql.identifier(c.name)), sql`, `);
  const returningId = returning
    ? sql`returning ${sql.identifier(casing.getColumnCasing(returning))} as id`
    : sql``;
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((row) =>
      Object.fromEntries(columns.map((c) => [c.name, (row as Record<string, unknown>)[c.key]]))
    );
    const stored = await executeRows<{ id: unknown }>(
      ctx.tx,
      sql`
      insert into ${table} (${list})
      select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)
      ${returningId}`,
    );
    if (returning) ids.push(...stored.map((row) => Number(row.id)));
  }
  count(ctx, table, rows.length);
  return ids;
}

/** Terminal item labels: "batteryLevel" → "Battery level" (shared with the server). */
export { labelOf } from "../../../openapi/item_logs.ts";

/** Lower-case ASCII for e-mail local parts: "Mäkinen" → "makinen", "O'Connor" → "oconnor". */
export const ascii = (s: string) =>
  s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9-]/g, "");

/** Rul id of a company's primary LES 21 rul (users' Messaging C rul refers to it). */
export const companyRulId = (companyIndex: number) => 7101 + companyIndex * 10;
