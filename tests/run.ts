/**
 * `deno task test`: runs every suite against embedded PGlite and, when DATABASE_URL is set,
 * against PostgreSQL too — in a fresh database created for this run on that server (so no
 * existing data is touched) and dropped afterwards. Ends with the line `N passed, N failed`.
 * Extra arguments are passed to `deno test` (e.g. a file or `--filter`).
 */
import { scratchDatabase } from "../db/scratch.ts";
import { failureDigest } from "./failure_digest.ts";

const databaseUrl = Deno.env.get("DATABASE_URL");
let testUrl: string | undefined;
let dropDatabase = async () => {};

if (databaseUrl) {
  const scratch = await scratchDatabase(databaseUrl, "portal_test");
  testUrl = scratch.url;
  console.log(`PostgreSQL: testing in the fresh database ${scratch.name}`);
  dropDatabase = () =>
    scratch.drop().catch((e) => console.error(`could not drop ${scratch.name}:`, e.message));
} else {
  console.log("PostgreSQL: DATABASE_URL is not set, testing on embedded PGlite only");
}

// The browser bundle once, into dist/, for every test process to read (server/assets/mod.ts)
// rather than each building its own; and the locked-down tests (tests/deploy/) need it there.
const build = await new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "build.ts"],
  cwd: new URL("../", import.meta.url),
}).output();
if (!build.success) {
  await dropDatabase();
  console.log("deno task build failed\n0 passed, 1 failed");
  Deno.exit(1);
}

const args = Deno.args.length ? Deno.args : ["tests/", "server/", "db/"];
const env: Record<string, string> = { RUST_BACKTRACE: "0", NO_COLOR: "1" };
if (testUrl) env.TEST_DATABASE_URL = testUrl;

const child = new Deno.Command(Deno.execPath(), {
  args: ["test", "-A", "--parallel", ...args],
  env,
  stdout: "piped",
  stderr: "inherit",
}).spawn();

// Stream the output through while keeping it, for the summary line and the failures in short.
let summary = "";
const decoder = new TextDecoder();
let output = "";
for await (const chunk of child.stdout) {
  output += decoder.decode(chunk, { stream: true });
  await Deno.stdout.write(chunk);
}
const status = await child.status;
await dropDatabase();

for (const line of output.slice(-4096).split("\n").reverse()) {
  if (/\d+ passed.*\d+ failed/.test(line)) {
    summary = line;
    break;
  }
}
const passed = Number(summary.match(/(\d+) passed/)?.[1] ?? 0);
const failed = Number(summary.match(/(\d+) failed/)?.[1] ?? (status.success ? 0 : 1));
const ignored = Number(summary.match(/(\d+) ignored/)?.[1] ?? 0);
const digest = failureDigest(output);
if (digest.length) {
  console.log(`\nThe failures in short (their errors are above):\n${digest.join("\n")}`);
}
console.log(`\n${passed} passed, ${failed} failed${ignored ? `, ${ignored} skipped` : ""}`);
Deno.exit(status.success && failed === 0 ? 0 : 1);
