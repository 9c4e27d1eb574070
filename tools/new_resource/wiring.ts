/**
 * What a new resource changes in files that exist: one line in each of server/rest/mod.ts,
 * routes/<area>/mod.ts and db/schema/mod.ts, and its rows in docs/role-matrix.md; and what must
 * not exist yet for it to be made.
 */
import type { Names } from "./names.ts";
import { withRoleRows } from "./authz.ts";

/** The one-line edits: file, and the line appended to it. */
export const wiringLines = (n: Names): [string, string][] => [
  ["server/rest/mod.ts", `export { default as ${n.camel} } from "./${n.name}/mod.ts";`],
  [`routes/${n.area}/mod.ts`, `export { default as ${n.camel} } from "./${n.name}.tsx";`],
  ["db/schema/mod.ts", `export * from "./${n.name}.ts";`],
];

const read = (root: string, path: string) => Deno.readTextFile(`${root}/${path}`);
const exists = (root: string, path: string) =>
  Deno.stat(`${root}/${path}`).then(() => true, () => false);

/** Appends the lines and adds the role matrix's rows. */
export async function wire(root: string, n: Names): Promise<string[]> {
  const changed: string[] = [];
  for (const [path, line] of wiringLines(n)) {
    const text = await read(root, path);
    await Deno.writeTextFile(`${root}/${path}`, `${text.trimEnd()}\n${line}\n`);
    changed.push(path);
  }
  const matrix = "docs/role-matrix.md";
  await Deno.writeTextFile(`${root}/${matrix}`, withRoleRows(await read(root, matrix), n));
  return [...changed, matrix];
}

/** The areas: routes/ folders with a mod.ts that routes/mod.ts lists in its menu (AREAS). */
export async function areasOf(root: string): Promise<string[]> {
  const menu = (await read(root, "routes/mod.ts")).match(/AREAS = \[([^\]]*)\]/)?.[1] ?? "";
  const listed = [...menu.matchAll(/"\/(\w+)"/g)].map((m) => m[1]);
  const areas: string[] = [];
  for (const area of listed) if (await exists(root, `routes/${area}/mod.ts`)) areas.push(area);
  return areas;
}

/** Identifiers the written modules use beside the table's export: a table may not take them. */
const TAKEN = new Set(["and", "eq", "or", "companies", "columns", "make", "own", "probes"]);

/** Why the resource cannot be made (empty: it can), given the files it would write. */
export async function conflicts(root: string, n: Names, files: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const f of files) if (await exists(root, f)) found.push(`${f} exists`);
  for (const dir of [`server/rest/${n.name}`, `server/services/${n.name}`]) {
    if (await exists(root, dir)) found.push(`${dir}/ exists`);
  }
  if (TAKEN.has(n.camel)) found.push(`'${n.camel}' is a name the generated modules use`);
  const mounted = await read(root, "server/rest/mod.ts");
  if (new RegExp(`as ${n.camel}\\b`).test(mounted)) {
    found.push(`server/rest/mod.ts already exports ${n.camel}`);
  }
  for await (const e of Deno.readDir(`${root}/db/schema`)) {
    const text = e.isFile ? await read(root, `db/schema/${e.name}`) : "";
    if (text.includes(`pgTable("${n.name}"`)) found.push(`db/schema/${e.name}: table ${n.name}`);
    if (new RegExp(`export const ${n.camel}\\b`).test(text)) {
      found.push(`db/schema/${e.name} exports ${n.camel}`);
    }
  }
  const contract = JSON.parse(await read(root, "openapi/openapi.json"));
  if (Object.keys(contract.paths).some((p) => p.startsWith(`${n.rest}/`))) {
    found.push(`the contract has operations under ${n.rest}/`);
  }
  const schemas = Object.keys(contract.components?.schemas ?? {});
  const ids = ["", "Create", "Update", "Key", "Filter", "FindRequest", "FindResponse"]
    .map((s) => `${n.Pascal}${s}`);
  for (const id of ids.filter((id) => schemas.includes(id))) {
    found.push(`the contract has a schema ${id}`);
  }
  const tags = (contract.tags as { name: string }[]).map((t) => t.name.toLowerCase());
  if (tags.includes(n.Words.toLowerCase())) found.push(`the contract has a tag ${n.Words}`);
  const { ROUTES } = await import(`file://${root}/routes/mod.ts`) as {
    ROUTES: { pattern: string }[];
  };
  if (ROUTES.some((r) => r.pattern === n.page)) found.push(`a page is at ${n.page}`);
  const island = `${n.Pascal}List.tsx`;
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(`${root}/${dir}`)) {
      if (e.isDirectory) await walk(`${dir}/${e.name}`);
      else if (e.name === island) found.push(`${dir}/${island} exists (island names are unique)`);
    }
  };
  await walk("islands");
  return found;
}
