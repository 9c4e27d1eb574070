/** A new resource's services, `server/services/<name>/{read,write}.ts`: every query it makes. */
import type { Names } from "./names.ts";

export function readModule(n: Names): string {
  return `/**
 * Reading ${n.words}: one, and a page of the list. A client (a scope of one company) reaches
 * only its company's ${n.words}; another company's answers exactly like a missing one.
 */
import { and, eq, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, ${n.camel} } from "../../../db/schema/mod.ts";
import type {
  ${n.Pascal},
  ${n.Pascal}FindRequest,
  ${n.Pascal}FindResponse,
} from "../../../openapi/schemas/${n.name}/${n.name}.ts";
import { notFound } from "../../errors.ts";
import { findPage } from "../paging.ts";
import { contains } from "../text_search.ts";
import { companyRows, type Scope } from "../tenancy.ts";

/**
 * 404 for ${n.aWord} that is unknown or another company's. The message does not repeat the id:
 * an answer to a client never carries another company's identifiers.
 */
export const ${n.oneCamel}NotFound = () => notFound("${n.Word}");

const columns = {
  id: ${n.camel}.id,
  companyId: companies.id,
  companyName: companies.name,
  label: ${n.camel}.label,
  createdAt: ${n.camel}.createdAt,
};

/** The ${n.words} with their company. */
const withCompany = (db: Db) =>
  db.select(columns).from(${n.camel}).innerJoin(companies, eq(companies.id, ${n.camel}.companyId));

type Row = Awaited<ReturnType<typeof withCompany>>[number];

const to${n.Pascal} = (r: Row): ${n.Pascal} => ({
  id: r.id,
  company: { id: r.companyId, name: r.companyName },
  label: r.label,
  createdAt: r.createdAt.toISOString(),
});

/** GET ${n.rest}/get: the ${n.word} with its company; 404 when unknown or not the caller's. */
export async function get${n.Pascal}(db: Db, scope: Scope, id: number): Promise<${n.Pascal}> {
  const [row] = await withCompany(db)
    .where(and(eq(${n.camel}.id, id), companyRows(scope, ${n.camel}.companyId)));
  if (!row) throw ${n.oneCamel}NotFound();
  return to${n.Pascal}(row);
}

/** A company given by its id (digits; or a name of only those digits), else a part of its name. */
const companyMatch = (text: string) =>
  /^\\d{1,9}$/.test(text)
    ? or(eq(companies.id, Number(text)), eq(companies.name, text))
    : contains(companies.name, text);

/** POST ${n.rest}/find: filtered, sorted (default by id), paged, with totals. */
export async function find${n.Plural}(
  db: Db,
  scope: Scope,
  req: ${n.Pascal}FindRequest,
): Promise<${n.Pascal}FindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: withCompany(db).$dynamic(),
    count: (one) =>
      db.select(one).from(${n.camel}).innerJoin(companies, eq(companies.id, ${n.camel}.companyId)),
    scope: companyRows(scope, ${n.camel}.companyId),
    filters: [
      f.id === undefined ? undefined : eq(${n.camel}.id, f.id),
      f.company ? companyMatch(f.company) : undefined,
      f.label ? contains(${n.camel}.label, f.label) : undefined,
    ],
    sorts: { id: ${n.camel}.id, label: ${n.camel}.label, createdAt: ${n.camel}.createdAt },
    defaultSort: { field: "id", direction: "asc" },
    key: ${n.camel}.id,
  });
  return { ...page, results: page.results.map(to${n.Pascal}) };
}
`;
}

export function writeModule(n: Names): string {
  return `/**
 * Creating, updating and deleting ${n.words}. An administrator may name any company; a client
 * only its own, and reaches only its company's ${n.words} (another company's answers exactly
 * like a missing one).
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { companies, ${n.camel} } from "../../../db/schema/mod.ts";
import type {
  ${n.Pascal},
  ${n.Pascal}Create,
  ${n.Pascal}Key,
  ${n.Pascal}Update,
} from "../../../openapi/schemas/${n.name}/${n.name}.ts";
import { notFound } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { get${n.Pascal}, ${n.oneCamel}NotFound } from "./read.ts";

/** The company, if the caller may use it (a client: its own), locked against deletion. */
async function companyFor(tx: Tx, scope: Scope, id: number) {
  const [row] = await tx.select({ id: companies.id }).from(companies)
    .where(and(eq(companies.id, id), companyRows(scope, companies.id))).for("key share");
  if (!row) throw notFound("Company");
  return row.id;
}

/** POST ${n.rest}/create: a new ${n.word} of the company given (a client: its own, else 404). */
export async function create${n.Pascal}(
  db: Db,
  scope: Scope,
  input: ${n.Pascal}Create,
): Promise<${n.Pascal}> {
  const id = await db.transaction(async (tx) => {
    const companyId = await companyFor(tx, scope, input.company);
    const [row] = await tx.insert(${n.camel}).values({ companyId, label: input.label })
      .returning({ id: ${n.camel}.id });
    return row.id;
  });
  return await get${n.Pascal}(db, scope, id);
}

/** POST ${n.rest}/update: the ${n.word}'s label; 404 when unknown or not the caller's. */
export async function update${n.Pascal}(
  db: Db,
  scope: Scope,
  input: ${n.Pascal}Update,
): Promise<${n.Pascal}> {
  const [row] = await db.update(${n.camel}).set({ label: input.label })
    .where(and(eq(${n.camel}.id, input.id), companyRows(scope, ${n.camel}.companyId)))
    .returning({ id: ${n.camel}.id });
  if (!row) throw ${n.oneCamel}NotFound();
  return await get${n.Pascal}(db, scope, row.id);
}

/** POST ${n.rest}/delete: the ${n.word} as it was; 404 when unknown or not the caller's. */
export async function delete${n.Pascal}(
  db: Db,
  scope: Scope,
  key: ${n.Pascal}Key,
): Promise<${n.Pascal}> {
  const gone = await get${n.Pascal}(db, scope, key.id);
  const [row] = await db.delete(${n.camel})
    .where(and(eq(${n.camel}.id, key.id), companyRows(scope, ${n.camel}.companyId)))
    .returning({ id: ${n.camel}.id });
  if (!row) throw ${n.oneCamel}NotFound();
  return gone;
}
`;
}
