/**
 * A new resource's authorization: its probes, `tests/authz/probes/<area>/<name>.ts` (a request
 * per operation, about a tenant's rows), and its rows of the role matrix, docs/role-matrix.md.
 */
import type { Names } from "./names.ts";

export function probesModule(n: Names): string {
  return `import { and, eq } from "drizzle-orm";
import { ${n.camel} } from "../../../../db/schema/mod.ts";
import type { ProbeContext, Probes, Tenant } from "../../tenant.ts";

/** A ${n.word} of the tenant's company, labelled with its tag (the tenant has none of its own). */
const make = async (t: Tenant, { db }: ProbeContext, label: string) =>
  (await db.insert(${n.camel}).values({ companyId: t.company.id, label }).returning())[0];

/** The tenant's ${n.word}: made on first use, then the same one. */
async function own(t: Tenant, ctx: ProbeContext) {
  const label = \`${n.Word} \${t.tag}\`;
  const [row] = await ctx.db.select().from(${n.camel})
    .where(and(eq(${n.camel}.companyId, t.company.id), eq(${n.camel}.label, label)));
  return row ?? await make(t, ctx, label);
}

export const probes: Probes = {
  ${n.camel}Find: async (t, ctx) => ({ json: { filter: { label: (await own(t, ctx)).label } } }),
  ${n.camel}Get: async (t, ctx) => ({ query: { id: (await own(t, ctx)).id } }),
  ${n.camel}Create: (t) => ({ json: { company: t.company.id, label: \`New \${t.tag}\` } }),
  ${n.camel}Update: async (t, ctx) => ({
    json: { id: (await own(t, ctx)).id, label: \`Edited \${t.tag}\` },
  }),
  // A fresh ${n.word}, so the tenant's own stays for the other calls.
  ${n.camel}Delete: async (t, ctx) => ({
    json: { id: (await make(t, ctx, \`Spare \${t.tag}\`)).id },
  }),
};
`;
}

/** The cells of the role matrix's columns, after the operation and its method and path. */
const USER_ROW = ["401", "ok", "404", "ok", "ok", "ok", "ok", "ok", "ok", "ok"];

/** The rows, as docs/role-matrix.md writes them (`deno fmt` aligns them). */
function roleMatrixRows(n: Names): string[] {
  const rows: [string, string, string[]][] = [
    [`${n.camel}Find`, `POST ${n.rest}/find`, USER_ROW.with(2, "ok-")],
    [`${n.camel}Get`, `GET ${n.rest}/get`, USER_ROW],
    [`${n.camel}Create`, `POST ${n.rest}/create`, USER_ROW],
    [`${n.camel}Update`, `POST ${n.rest}/update`, USER_ROW],
    [`${n.camel}Delete`, `POST ${n.rest}/delete`, USER_ROW],
  ];
  return rows.map(([id, route, cells]) => `| ${[id, route, ...cells].join(" | ")} |`);
}

/**
 * The role matrix with the rows added where the table's order puts them: before the first row
 * (in the file's order) whose operation sorts after the new ones.
 */
export function withRoleRows(markdown: string, n: Names): string {
  const lines = markdown.split("\n");
  const first = lines.findIndex((l) => /^\| [a-z]\w* +\| (GET|POST|PUT|DELETE) /.test(l));
  if (first < 0) throw new Error("docs/role-matrix.md: no table rows found");
  let at = first;
  while (at < lines.length && lines[at].startsWith("|")) {
    const id = lines[at].split("|")[1].trim();
    if (id > `${n.camel}Find`) break;
    at++;
  }
  lines.splice(at, 0, ...roleMatrixRows(n));
  return lines.join("\n");
}
