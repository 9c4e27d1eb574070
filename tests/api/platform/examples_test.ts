/**
 * Every example of the contract is accepted when sent as is (issue 36). For every operation of
 * the generated document, the request is built from the document alone, as a consumer builds it:
 * each parameter's example (a query value as its text, as a client puts it in a URL, whether the
 * document types it as a string or a number), and the body's example — the operation's own
 * (`requestBody.content[type].example`), else its schema's, else the object made of its
 * properties' examples (nested objects alike); a binary body is its example's bytes. A required
 * parameter or property without an example is a failure too: the request could not be built.
 *
 * Each request is sent by an administrator (super@demo.test) to the same demo-like world,
 * tests/fixtures/example_world.ts, which holds the rows the examples name (its comment says how
 * the ids line up); the tables are put back between two requests, so every create example is the
 * first one sent and every delete finds its row. Each must answer 2xx. An operation this test
 * cannot send goes in SKIPPED with the reason; there is none.
 */
import assert from "node:assert/strict";
import { DB_KINDS, isolatedDatabase } from "../../fixtures/db.ts";
import { testApp } from "../../fixtures/app.ts";
import { DOCUMENT, type Operation, OPERATIONS, send, tokenFor } from "../../authz/operations.ts";
import type { ProbeRequest } from "../../authz/tenant.ts";
import { buildExampleWorld, snapshotTables } from "../../fixtures/example_world.ts";

/** Operations whose examples are not sent, by operationId, with why. */
const SKIPPED: Record<string, string> = {};

type Schema = Record<string, unknown>;
const COMPONENTS = DOCUMENT.components.schemas as Record<string, Schema>;

/** The schema a `$ref` names (followed until a real schema), its `allOf` merged into one. */
function deref(schema: Schema): Schema {
  let s = schema;
  while (typeof s.$ref === "string") s = COMPONENTS[s.$ref.split("/").pop()!];
  if (!s.allOf) return s;
  const parts = (s.allOf as Schema[]).map(deref);
  return {
    ...s,
    allOf: undefined,
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
  };
}

/**
 * The value a consumer makes of a schema from the document's examples: its example, else for an
 * object the properties that have one (nested objects alike), for an array one item, for a union
 * its first branch that has one. A value that is not `needed` (an optional property) is left out
 * when nothing in it has an example; `missing` collects the required properties left without one.
 */
function fromExamples(schema: Schema, path: string, missing: string[], needed = true): unknown {
  const s = deref(schema);
  if (s.example !== undefined) return s.example;
  for (const key of ["anyOf", "oneOf"]) {
    for (const branch of (s[key] as Schema[] | undefined) ?? []) {
      const value = fromExamples(branch, path, [], false);
      if (value !== undefined) return value;
    }
  }
  if (s.properties) {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const out: Record<string, unknown> = {};
    const lacking: string[] = [];
    for (const [name, sub] of Object.entries(s.properties as Record<string, Schema>)) {
      const value = fromExamples(sub, `${path}.${name}`, lacking, required.has(name));
      if (value !== undefined) out[name] = value;
      else if (required.has(name)) lacking.push(`${path}.${name}`);
    }
    if (!needed && !Object.keys(out).length) return undefined;
    missing.push(...lacking);
    return out;
  }
  if (s.items) {
    const item = fromExamples(s.items as Schema, `${path}[0]`, missing, needed);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema: Schema;
}

/** An operation's request built from its examples, and what the document left without one. */
function exampleRequest(op: Operation): { path: string; req: ProbeRequest; missing: string[] } {
  const missing: string[] = [];
  const query: Record<string, string> = {};
  let path = op.path;
  for (const p of (op.spec.parameters as Parameter[] | undefined) ?? []) {
    const value = p.example ?? fromExamples(p.schema, p.name, [], false);
    if (value === undefined) {
      if (p.required) missing.push(`${p.in} parameter ${p.name}`);
    } else if (p.in === "query") query[p.name] = String(value);
    else if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else missing.push(`${p.in} parameter ${p.name} (this test sends query and path ones)`);
  }
  const req: ProbeRequest = { query };
  const content = (op.spec.requestBody as { content: Record<string, Schema> } | undefined)
    ?.content;
  if (content) {
    const [type, media] = Object.entries(content)[0];
    const body = media.example ?? fromExamples(media.schema as Schema, "body", missing);
    if (type === "application/json") req.json = body ?? {};
    else if (body === undefined) missing.push(`body (${type})`);
    else {
      req.contentType = type;
      req.body = new TextEncoder().encode(String(body));
    }
  }
  return { path, req, missing };
}

/** Where the document gives a request's examples as an `examples` map, which this test reads not. */
function examplesMaps(value: unknown, path: string): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, sub]) =>
    key === "examples" ? [`${path}.examples`] : examplesMaps(sub, `${path}.${key}`)
  );
}

Deno.test("[contract] the examples builder reads objects, unions, arrays and refs", () => {
  const missing: string[] = [];
  const value = fromExamples(
    {
      type: "object",
      properties: {
        a: { type: "integer", example: 12 },
        b: { anyOf: [{ type: "null" }, { type: "string", example: "x" }] },
        c: { type: "array", items: { type: "string", example: "436912345" } },
        d: { type: "object", properties: { e: { type: "string" } }, required: ["e"] },
        f: { type: "boolean" },
      },
      required: ["a", "f"],
    },
    "body",
    missing,
  );
  assert.deepEqual(value, { a: 12, b: "x", c: ["436912345"] });
  assert.deepEqual(missing, ["body.f"]);
});

Deno.test("[contract] every request example is an `example` (what the examples test sends)", () => {
  assert.deepEqual(
    OPERATIONS.flatMap((op) => [
      ...examplesMaps(op.spec.parameters, `${op.id}.parameters`),
      ...examplesMaps(op.spec.requestBody, `${op.id}.requestBody`),
    ]),
    [],
  );
  const unknown = Object.keys(SKIPPED).filter((id) => !OPERATIONS.some((op) => op.id === id));
  assert.deepEqual(unknown, [], "SKIPPED names operations the contract does not have");
});

for (const kind of DB_KINDS) {
  Deno.test({
    name: `[contract] every example of the contract is accepted as is [${kind}]`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const { database, close } = await isolatedDatabase(kind);
      try {
        const { db } = database;
        const { caller } = await buildExampleWorld(db);
        const restore = await snapshotTables(db);
        const app = testApp(database);
        const refused: string[] = [];
        let sent = 0;
        for (const op of OPERATIONS.filter((op) => !(op.id in SKIPPED))) {
          await restore();
          const { path, req, missing } = exampleRequest(op);
          const token = op.access === "public" ? undefined : await tokenFor(db, caller);
          const answer = await send(app, { method: op.method, path }, req, token);
          sent++;
          if (missing.length) {
            refused.push(`${op.id}: no example for ${missing.join(", ")}`);
          } else if (answer.status < 200 || answer.status > 299) {
            const body = req.json === undefined ? "" : ` ${JSON.stringify(req.json)}`;
            refused.push(
              `${op.id}: ${answer.status} ${answer.body.slice(0, 300)}, for ${op.method} ` +
                `${path}?${new URLSearchParams(req.query as Record<string, string>)}${body}`,
            );
          }
        }
        assert.deepEqual(refused, []);
        assert.equal(sent, OPERATIONS.length - Object.keys(SKIPPED).length);
      } finally {
        await close();
      }
    },
  });
}
