/**
 * `deno task new-resource <area> <name> [--singular <word>]`: writes a complete, working resource
 * of company-owned rows (docs/recipe.md): its contract schemas, table and migration, operations,
 * handlers and services, list page and islands, API test and authorization probes, and wires it
 * in (server/rest/mod.ts, routes/<area>/mod.ts, db/schema/mod.ts, docs/role-matrix.md). Then it
 * regenerates the contract (`deno task openapi`), formats what it wrote, and says what is left to
 * write by hand. The templates are in tools/new_resource/.
 *
 * `<name>` is the rows' snake_case plural (`fuel_reports`); the singular is derived
 * (`fuel_report`) unless `--singular` gives it.
 */
import { type Names, namesOf, singularOf, SNAKE_CASE } from "./new_resource/names.ts";
import { contractModule, messagesModule } from "./new_resource/contract.ts";
import { tableModule } from "./new_resource/table.ts";
import { operationsModule } from "./new_resource/operations.ts";
import { handlersModule, restMod } from "./new_resource/handlers.ts";
import { readModule, writeModule } from "./new_resource/services.ts";
import { pageModule } from "./new_resource/page.ts";
import { apiModule, dialogsModule, listIsland } from "./new_resource/islands.ts";
import { apiTest } from "./new_resource/api_test.ts";
import { probesModule } from "./new_resource/authz.ts";
import { areasOf, conflicts, wire, wiringLines } from "./new_resource/wiring.ts";

const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");

/** Every file a resource is made of, with its text. */
export function filesOf(n: Names): Record<string, string> {
  const schemas = `openapi/schemas/${n.name}`;
  const islands = `islands/${n.area}/${n.name}`;
  return {
    [`${schemas}/${n.name}.ts`]: contractModule(n),
    [`${schemas}/${n.one}_messages.ts`]: messagesModule(n),
    [`db/schema/${n.name}.ts`]: tableModule(n),
    [`server/rest/${n.name}/operations.ts`]: operationsModule(n),
    [`server/rest/${n.name}/handlers.ts`]: handlersModule(n),
    [`server/rest/${n.name}/mod.ts`]: restMod(n),
    [`server/services/${n.name}/read.ts`]: readModule(n),
    [`server/services/${n.name}/write.ts`]: writeModule(n),
    [`routes/${n.area}/${n.name}.tsx`]: pageModule(n),
    [`${islands}/${n.Pascal}List.tsx`]: listIsland(n),
    [`${islands}/${n.name}_api.ts`]: apiModule(n),
    [`${islands}/${n.one}_dialogs.tsx`]: dialogsModule(n),
    [`tests/api/${n.area}/${n.name}_test.ts`]: apiTest(n),
    [`tests/authz/probes/${n.area}/${n.name}.ts`]: probesModule(n),
  };
}

/** What is left to write by hand, once the resource is made. */
const leftByHand = (n: Names) => [
  `the real fields: the row's columns in db/schema/${n.name}.ts (then \`deno task db:generate\` ` +
  `again, or regenerate the migration), the schemas, services, columns and dialogs`,
  `the spec's words: messages and limits in openapi/schemas/${n.name}/${n.one}_messages.ts, ` +
  `the operations' summaries and descriptions, the page's title and summary`,
  `what deleting a company does to its ${n.words} (they go with it: companyDeleteImpact in ` +
  `server/services/companies/write.ts does not count them yet)`,
  `the page's details: a detail page (then a sample in bench/samples.ts and a demo row), links, ` +
  `demo rows in db/seed/demo/`,
  `a browser test: tests/e2e/${n.area}/${n.name}_test.ts`,
  `the user guide's section in docs/user-guide.md`,
];

async function run(args: string[], what: string) {
  const r = await new Deno.Command(Deno.execPath(), { args, cwd: ROOT, stdout: "piped" }).output();
  if (!r.success) throw new Error(`${what} failed: ${new TextDecoder().decode(r.stdout)}`);
}

function usage(message: string, areas: string[]): never {
  console.error(`${message}\n\nusage: deno task new-resource <area> <name> [--singular <word>]`);
  console.error(`  <area>: ${areas.join(", ")}`);
  console.error("  <name>: the rows, snake_case and plural (fuel_reports)");
  Deno.exit(2);
}

if (import.meta.main) {
  const areas = await areasOf(ROOT);
  const args = [...Deno.args];
  const at = args.indexOf("--singular");
  const singular = at < 0 ? undefined : args.splice(at, 2)[1];
  const [area, name, ...rest] = args;
  if (!area || !name || rest.length) usage("an area and a name, please", areas);
  if (!areas.includes(area)) usage(`unknown area '${area}'`, areas);
  for (const [what, word] of [["name", name], ["singular", singular ?? singularOf(name)]]) {
    if (!SNAKE_CASE.test(word)) {
      usage(`the ${what} '${word}' is not snake_case (lowercase words joined by _)`, areas);
    }
  }
  const n = namesOf(area, name, singular);
  const files = filesOf(n);
  const problems = await conflicts(ROOT, n, Object.keys(files));
  if (problems.length) {
    console.error(`${n.name} cannot be made:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    Deno.exit(1);
  }

  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${ROOT}/${path.replace(/\/[^/]*$/, "")}`, { recursive: true });
    await Deno.writeTextFile(`${ROOT}/${path}`, text);
  }
  const edited = await wire(ROOT, n);
  await run(["task", "db:generate", `--name=${n.name}`], "deno task db:generate");
  await run(["task", "openapi"], "deno task openapi");
  await run(["fmt", "--quiet", ...Object.keys(files), ...edited], "deno fmt");

  console.log(`Made ${n.name} (${n.area}): ${n.rest}/… and the page ${n.page}.\n`);
  console.log("Written:");
  for (const path of Object.keys(files)) console.log(`  ${path}`);
  console.log("  db/migrations/ (deno task db:generate)");
  console.log(
    "  openapi/openapi.json, openapi/types.ts, openapi/sort_fields.ts, openapi/filter_patterns.ts (deno task openapi)",
  );
  console.log("Changed:");
  for (const [path, line] of wiringLines(n)) console.log(`  ${path}: ${line}`);
  console.log("  docs/role-matrix.md: its five operations' rows");
  console.log("\nLeft to write by hand (docs/recipe.md):");
  for (const item of leftByHand(n)) console.log(`  - ${item}`);
  console.log(
    `\nThen: ./deno task check, and ./deno task test tests/api/${n.area}/${n.name}_test.ts ` +
      "tests/architecture_test.ts tests/contract_test.ts tests/authz_matrix_test.ts",
  );
}
