/**
 * `deno task fuzz [--accept] [--runs N] [--seed S] [--only opId,…]`: the long fuzz
 * (tests/fuzz/run_fuzz.ts), 1,000 cases per operation by default (`--accept`: requests within the
 * contract, which only a rule it names may refuse: tests/fuzz/acceptance.ts), on a fresh PGlite or, when TEST_DATABASE_URL or
 * DATABASE_URL is set, in a scratch database on that PostgreSQL server (dropped at the end).
 * Ends with `N operations, M cases, K failures`; exits 1 on any failure.
 */
import { scratchDatabase } from "../../db/scratch.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { ensureReferenceData } from "../../db/seed/reference.ts";
import { freshPglite } from "../fixtures/db.ts";
import { testApp } from "../fixtures/app.ts";
import { Factories } from "../fixtures/factories.ts";
import { runFuzz } from "./run_fuzz.ts";

function option(name: string): string | undefined {
  const i = Deno.args.indexOf(`--${name}`);
  if (i >= 0) return Deno.args[i + 1];
  return Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const runs = Number(option("runs") ?? 1000);
const seed = Number(option("seed") ?? Math.floor(Math.random() * 2 ** 31));
const accept = Deno.args.includes("--accept");
const only = option("only")?.split(",").map((s) => s.trim()).filter(Boolean);
if (!Number.isInteger(runs) || runs < 2 || !Number.isInteger(seed)) {
  console.error("usage: deno task fuzz [--accept] [--runs N (>= 2)] [--seed S] [--only opId,…]");
  Deno.exit(2);
}

const serverUrl = Deno.env.get("TEST_DATABASE_URL") || Deno.env.get("DATABASE_URL");
let database: Database;
let drop = async () => {};
if (serverUrl) {
  const scratch = await scratchDatabase(serverUrl, "portal_fuzz");
  database = openPostgres(scratch.url, { max: 4 });
  await database.migrate();
  await ensureReferenceData(database.db, "test");
  drop = () => scratch.drop();
  console.log(`fuzz: PostgreSQL, scratch database ${scratch.name}`);
} else {
  database = await freshPglite();
  console.log("fuzz: embedded PGlite");
}
console.log(
  `fuzz: seed ${seed}, ${runs} cases per operation${accept ? ", within the contract" : ""}`,
);

const started = performance.now();
let failures = 0;
try {
  const results = await runFuzz(
    { app: testApp(database), db: database.db, f: new Factories(database.db) },
    {
      runs,
      seed,
      only,
      accept,
      onResult: (r) => {
        console.log(`${r.failure ? "FAIL" : "ok  "} ${r.op}: ${r.cases} cases, ${r.ms} ms`);
        if (r.failure) console.log(r.failure.replace(/^/gm, "    "));
      },
    },
  );
  failures = results.filter((r) => r.failure).length;
  const cases = results.reduce((n, r) => n + r.cases, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: seed ${seed}, ${seconds} s`);
  console.log(`${results.length} operations, ${cases} cases, ${failures} failures`);
} finally {
  await database.close().catch(() => {});
  await drop();
}
Deno.exit(failures ? 1 : 0);
