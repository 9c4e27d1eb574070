/** Long lists' column widths (islands/kit/table/long_list.ts): what the table layout would give. */
import assert from "node:assert/strict";
import { columnWidths, rolesOf } from "../../../islands/kit/table/long_list.ts";

const columns = [
  { key: "id", label: "Dnid", sortable: true },
  { key: "company", label: "Company" },
  { key: "comments", label: "Comments" },
];
const text = (c: { key: string }, row: Record<string, string>) => row[c.key] ?? "";

Deno.test("[long lists] a column's preferred width is its longest text, its least its longest word", () => {
  const rows = [
    { id: "10000", company: "Sat Operator", comments: "" },
    { id: "10001", company: "Oceanic Fisheries Ltd", comments: "a very long comment ".repeat(5) },
  ];
  assert.deepEqual(columnWidths(columns, rows, text), [
    // "Dnid" and the sort arrow: 6; "10000": 5.
    "cw-6 cm-6",
    // "Oceanic Fisheries Ltd": 21 characters, to the next step (24); "Fisheries": 9, to 10.
    "cw-24 cm-10",
    // Past the widest step (40) a text wraps; "Comments" is its longest word.
    "cw-40 cm-8",
  ]);
});

Deno.test("[long lists] the label holds a column open when every cell is shorter or empty", () => {
  assert.deepEqual(columnWidths(columns, [], text), ["cw-6 cm-6", "cw-8 cm-8", "cw-8 cm-8"]);
});

Deno.test("[long lists] roles are said only on a long list", () => {
  assert.deepEqual(rolesOf(true, "row"), { role: "row" });
  assert.deepEqual(rolesOf(true, "header"), { role: "columnheader" });
  assert.deepEqual(rolesOf(false, "cell"), {});
});
