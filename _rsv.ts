import postgres from "postgres";
const sql = postgres("postgres://postgres@127.0.0.1:5432/postgres", { max: 2 });
await sql`select 1`;
await sql.end();
const t = setTimeout(() => { console.log("reserve after end: HANGS"); Deno.exit(0); }, 3000);
try { await sql.reserve(); console.log("reserve after end: resolved"); } catch (e) { console.log("reserve after end: rejects", (e as Error).message); }
clearTimeout(t);
