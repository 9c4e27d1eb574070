/**
 * The role matrix kept in the repo (docs/role-matrix.md): one row per operation, one cell per
 * caller, each a small vocabulary (below). tests/authz/role_matrix_test.ts parses the table and
 * checks every cell; this module parses and prints it.
 *
 * `deno run -A tests/authz/role_table.ts` prints the whole document: the rows the file has, and
 * for an operation it lacks a row derived from the operation's declaration (`x-access`,
 * `x-tenancy`) to review and paste. `--declared` prints every row as derived.
 */
import { type Operation, OPERATIONS } from "./operations.ts";

/** Admin ranks (team rights below 100), from most to least powerful. */
export const ADMIN_RANKS = [0, 1, 11, 15, 20, 30] as const;
/** The Billing role's team rights (a client of its company). */
export const BILLING_RIGHTS = 200;

/** The callers, in the table's column order. */
export const CALLERS = [
  "anonymous",
  "clientA",
  "clientAtoB",
  "billing",
  ...ADMIN_RANKS.map((r) => `admin${r}` as const),
] as const;
export type Caller = typeof CALLERS[number];

const HEADINGS: Record<Caller, string> = {
  anonymous: "anonymous",
  clientA: "client A (own rows)",
  clientAtoB: "client A → B's rows",
  billing: "billing (A)",
  ...Object.fromEntries(ADMIN_RANKS.map((r) => [`admin${r}`, String(r)])) as Record<
    `admin${typeof ADMIN_RANKS[number]}`,
    string
  >,
};

/**
 * `ok`: 2xx; `ok-`: 2xx without any of the other company's markers; a number: that status.
 */
type Cell = "ok" | "ok-" | `${number}`;
export type Row = Record<Caller, Cell>;

const isCell = (s: string): s is Cell => s === "ok" || s === "ok-" || /^[1-5]\d\d$/.test(s);

/** Does an answer's status fit the cell (the marker part of `ok-` is checked by the test)? */
export const fits = (cell: Cell, status: number) =>
  cell === "ok" || cell === "ok-" ? status >= 200 && status < 300 : status === Number(cell);

/** The cell an answer makes, in the form `expected` uses for a 2xx. */
export const cellOf = (status: number, expected: Cell): Cell =>
  status >= 200 && status < 300 ? (expected === "ok-" ? "ok-" : "ok") : String(status) as Cell;

/** The row the declaration implies (the starting point for a new operation's row). */
function declaredRow(op: Operation): Row {
  const admins = Object.fromEntries(
    ADMIN_RANKS.map((r) => [`admin${r}`, "ok"]),
  ) as Pick<Row, `admin${typeof ADMIN_RANKS[number]}`>;
  if (op.access === "public") {
    return { anonymous: "ok", clientA: "ok", clientAtoB: "ok", billing: "ok", ...admins };
  }
  if (op.access === "admin") {
    return { anonymous: "401", clientA: "403", clientAtoB: "403", billing: "403", ...admins };
  }
  return {
    anonymous: "401",
    clientA: "ok",
    // The caller's own rows (its session, its password) whatever tenant the probe names.
    clientAtoB: op.tenancy === "none" || op.tenancy === "caller" ? "ok-" : "404",
    billing: "ok",
    ...admins,
  };
}

const LEGEND = `# Role matrix

Every operation of the contract, called by each role with its probe's request
(tests/authz/probes/): anonymous and client A about company A's rows; client A about company B's
rows; a Billing user (team rights 200) of company A about A's rows; an administrator of each rank
(team rights 0 Super Administrator, 1 Administrator, 11 Tech Sup, 15 Customer Care, 20 Les, 30 Vas)
about B's rows. tests/authz/role_matrix_test.ts checks every cell, and fails for an operation
without a row (print a starting row with \`deno run -A tests/authz/role_table.ts\`).

- \`ok\`: a 2xx answer. For a client or Billing user about its own company's rows of a \`company\`
  or \`tgid\` operation, the answer shows them.
- \`ok-\`: a 2xx answer without any of the other company's markers (its tag, dnid, enid, rul,
  terminal): nothing of B's is shown.
- \`401\`, \`403\`, \`404\`, …: that status.
- A Billing user is a client of its company: about B's rows it answers as client A does (the
  \`client A → B's rows\` cell). No client or Billing answer may contain B's markers, and a
  cross-company cell of a signed-in operation is never \`ok\` (only \`ok-\` or an error).
- Rank rules (a rank may not grant, or put a user into, a team more powerful than its own) are
  checked by tests/authz/mass_assignment_test.ts, not here.
`;

const line = (cells: string[]) => `| ${cells.join(" | ")} |`;

function formatTable(rows: Map<string, Row>): string {
  const ops = OPERATIONS.filter((op) => rows.has(op.id));
  return [
    LEGEND,
    line(["operation", "method path", ...CALLERS.map((c) => HEADINGS[c])]),
    line(["---", "---", ...CALLERS.map(() => "---")]),
    ...ops.map((op) => {
      const row = rows.get(op.id)!;
      return line([op.id, `${op.method} ${op.path}`, ...CALLERS.map((c) => row[c])]);
    }),
  ].join("\n") + "\n";
}

/** The table's rows by operationId, with the `method path` each names; throws on a bad row. */
export function parseTable(markdown: string): Map<string, Row & { route: string }> {
  const rows = new Map<string, Row & { route: string }>();
  const lines = markdown.split("\n").filter((l) => l.startsWith("|"));
  for (const l of lines.slice(2)) {
    const [id, route, ...cells] = l.split("|").slice(1, -1).map((s) => s.trim());
    if (cells.length !== CALLERS.length) throw new Error(`role matrix: bad row ${l}`);
    const bad = cells.filter((c) => !isCell(c));
    if (bad.length) throw new Error(`role matrix: unknown cells ${bad.join(", ")} in ${l}`);
    if (rows.has(id)) throw new Error(`role matrix: two rows for ${id}`);
    rows.set(id, {
      route,
      ...Object.fromEntries(CALLERS.map((c, i) => [c, cells[i]])) as Row,
    });
  }
  return rows;
}

const ROLE_MATRIX = new URL("../../docs/role-matrix.md", import.meta.url);

export async function readTable() {
  return parseTable(await Deno.readTextFile(ROLE_MATRIX));
}

/** A row as the table writes it (for failure messages: the observed row to compare or paste). */
export const rowLine = (op: Operation, row: Row) =>
  line([op.id, `${op.method} ${op.path}`, ...CALLERS.map((c) => row[c])]);

if (import.meta.main) {
  const declared = Deno.args.includes("--declared");
  const kept = declared ? new Map() : await readTable().catch(() => new Map());
  const rows = new Map(OPERATIONS.map((op) => [op.id, kept.get(op.id) ?? declaredRow(op)]));
  console.log(formatTable(rows));
}
