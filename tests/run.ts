/**
 * `deno task test`: runs every suite against embedded PGlite and, when DATABASE_URL is set,
 * against PostgreSQL too — in a fresh database created for this run on that server (so no
 * existing data is touched) and dropped afterwards. Ends with the line `N passed, N failed`.
 * Extra arguments are passed to `deno test` (e.g. a file or `--filter`).
 */
import postgres from "postgres";

const databaseUrl = Deno.env.get("DATABASE_URL");
let testUrl: string | undefined;
let dropDatabase = async () => {};

if (databaseUrl) {
  const name = `portal_test_${Date.now().toString(36)}_${
    crypto.randomUUID().slice(0, 8).replaceAll("-", "")
  }`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  testUrl = url.toString();
  console.log(`PostgreSQL: testing in the fresh database ${name}`);
  dropDatabase = async () => {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists ${name} with (force)`).catch((e) =>
      console.error(`could not drop ${name}:`, e.message)
    );
    await sql.end();
  };
} else {
  console.log("PostgreSQL: DATABASE_URL is not set, testing on embedded PGlite only");
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

// Stream the output through while keeping the summary line.
let summary = "";
const decoder = new TextDecoder();
let buffered = "";
for await (const chunk of child.stdout) {
  const text = decoder.decode(chunk, { stream: true });
  await Deno.stdout.write(chunk);
  buffered = (buffered + text).slice(-4096);
}
const status = await child.status;
await dropDatabase();

for (const line of buffered.split("\n").reverse()) {
  if (/\d+ passed.*\d+ failed/.test(line)) {
    summary = line;
    break;
  }
}
const passed = Number(summary.match(/(\d+) passed/)?.[1] ?? 0);
const failed = Number(summary.match(/(\d+) failed/)?.[1] ?? (status.success ? 0 : 1));
const ignored = Number(summary.match(/(\d+) ignored/)?.[1] ?? 0);
console.log(`\n${passed} passed, ${failed} failed${ignored ? `, ${ignored} skipped` : ""}`);
Deno.exit(status.success && failed === 0 ? 0 : 1);
