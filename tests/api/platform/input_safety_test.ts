/**
 * Text input cannot break a query: every string field of every operation — query parameters and
 * JSON body fields, found by walking the contract's schemas, so operations added later are
 * covered too — is sent a NUL (U+0000, which PostgreSQL refuses in text) and an ESC control
 * character inside an otherwise valid request (the operation's authorization probe, as a caller
 * it accepts). Each must answer 400 in the error shape, naming the field, and change nothing.
 */
import assert from "node:assert/strict";
import { dbTest } from "../../fixtures/app.ts";
import { loadProbes, makeTenant, type ProbeRequest } from "../../authz/tenant.ts";
import { DOCUMENT, type Operation, OPERATIONS, send, tokenFor } from "../../authz/operations.ts";

type Schema = Record<string, unknown>;
const schemas = DOCUMENT.components.schemas as Record<string, Schema>;

/** The paths (property names; `0` for an array's item) of every string in a schema. */
function stringPaths(
  schema: Schema,
  path: string[] = [],
  seen = new Set<string>(),
): string[][] {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop()!;
    if (seen.has(name)) return [];
    return stringPaths(schemas[name], path, new Set([...seen, name]));
  }
  const types = [schema.type].flat();
  const out: string[][] = types.includes("string") ? [path] : [];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const sub of (schema[key] as Schema[] | undefined) ?? []) {
      out.push(...stringPaths(sub, path, seen));
    }
  }
  for (const [name, sub] of Object.entries((schema.properties as Record<string, Schema>) ?? {})) {
    out.push(...stringPaths(sub, [...path, name], seen));
  }
  if (schema.items) out.push(...stringPaths(schema.items as Schema, [...path, "0"], seen));
  const unique = new Map(out.map((p) => [p.join("."), p]));
  return [...unique.values()];
}

/** A copy of `value` with `text` at `path` (objects and arrays made on the way). */
function withText(value: unknown, path: string[], text: string): unknown {
  if (!path.length) return text;
  const [head, ...rest] = path;
  if (/^\d+$/.test(head)) {
    const list = Array.isArray(value) ? [...value] : [];
    list[Number(head)] = withText(list[Number(head)], rest, text);
    return list;
  }
  const obj = value && typeof value === "object" && !Array.isArray(value)
    ? { ...value as Record<string, unknown> }
    : {};
  obj[head] = withText(obj[head], rest, text);
  return obj;
}

/** Where a request can carry text: each query parameter and JSON body field of type string. */
function textInputs(op: Operation): { where: "query" | "json"; path: string[] }[] {
  const params = (op.spec.parameters as { name: string; in: string; schema: Schema }[]) ?? [];
  const query = params.filter((p) => p.in === "query" && stringPaths(p.schema).length)
    .map((p) => ({ where: "query" as const, path: [p.name] }));
  const body = (op.spec.requestBody as { content: Record<string, { schema: Schema }> })?.content;
  const json = body?.["application/json"]
    ? stringPaths(body["application/json"].schema).map((path) => ({ where: "json" as const, path }))
    : [];
  return [...query, ...json];
}

const BAD = { NUL: "a\u0000b", ESC: "a\u001b[31mb" };

Deno.test("[input] the schema walk finds strings in objects, arrays, unions and references", () => {
  const found = stringPaths({
    type: "object",
    properties: {
      a: { type: "string" },
      b: { type: "array", items: { type: "object", properties: { c: { type: "string" } } } },
      d: { anyOf: [{ type: "number" }, { type: "string" }] },
      e: { type: "integer" },
    },
  }).map((p) => p.join("."));
  assert.deepEqual(found, ["a", "b.0.c", "d"]);
  assert.ok(stringPaths({ $ref: "#/components/schemas/LoginRequest" }).length >= 2);
});

dbTest(
  "[input] a control character in any text field of any operation answers 400, never 500",
  async (ctx, t) => {
    const probes = await loadProbes();
    const admin = await ctx.f.user({ rights: 1 });
    let sent = 0;
    for (const op of OPERATIONS) {
      const inputs = textInputs(op);
      if (!inputs.length) continue;
      await t.step(`${op.id}: ${inputs.map((i) => i.path.join(".")).join(", ")}`, async () => {
        const tenant = await makeTenant(ctx.f);
        // A caller the operation accepts: no one for public ones, a client for the others.
        const caller = op.access === "public" ? null : op.access === "admin" ? admin : tenant.user;
        for (const input of inputs) {
          for (const [name, text] of Object.entries(BAD)) {
            const valid = await probes[op.id](tenant, { f: ctx.f, db: ctx.db });
            const req: ProbeRequest = input.where === "query"
              ? { ...valid, query: { ...valid.query, [input.path[0]]: text } }
              : { ...valid, json: withText(valid.json, input.path, text) };
            const r = await send(
              ctx.app,
              op,
              req,
              caller ? await tokenFor(ctx.db, caller) : undefined,
            );
            sent++;
            const where = `${op.method} ${op.path} ${input.where} ${
              input.path.join(".")
            } (${name})`;
            assert.equal(r.status, 400, `${where}: ${r.status} ${r.body.slice(0, 200)}`);
            const error = JSON.parse(r.body);
            assert.equal(error.code, 400, where);
            assert.equal(typeof error.message, "string", where);
            // The field itself is named (a union names the field holding it).
            const named = (error.fields as { path: string }[]).some((f) =>
              input.path.join(".") === f.path || input.path.join(".").startsWith(`${f.path}.`)
            );
            assert.ok(named, `${where}: ${r.body}`);
          }
        }
      });
    }
    assert.ok(sent > 100, `${sent} requests`);
  },
);
