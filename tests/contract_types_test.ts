/**
 * The contract says what the server takes (issue 36): a request field the contract types — a
 * number in a query string, a text with a pattern or a format — takes every value the contract
 * allows. Values are generated from the field's schema in the document and parsed with the zod
 * schema the server validates that field with (the operation's own declaration). A field with a
 * further rule, one no JSON Schema constraint says, is generated within that rule: RULES lists
 * each, with the words of the description that name it.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { z } from "zod";
import { documentedRoutes, generatedDocument } from "../openapi/generate.ts";
import { MULTI_LINE, SINGLE_LINE } from "../openapi/schemas/common.ts";

type Schema = Record<string, unknown>;

const DOC = JSON.parse(generatedDocument());
const COMPONENTS = DOC.components.schemas as Record<string, Schema>;
const SEED = 20260036;
const RUNS = 60;

const deref = (s: Schema): Schema =>
  typeof s.$ref === "string" ? deref(COMPONENTS[s.$ref.split("/").pop()!]) : s;

/** The zod schema under the wrappers that leave an object's fields as they are. */
function unwrap(s: z.core.$ZodType): z.core.$ZodType {
  if (
    s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault ||
    s instanceof z.ZodReadonly
  ) return unwrap(s.unwrap() as z.core.$ZodType);
  if (s instanceof z.ZodPipe) return unwrap(s.in instanceof z.ZodTransform ? s.out : s.in);
  return s;
}

/** The zod schema of an object's field `key` (a union: of its first member that has it). */
function fieldOf(s: z.core.$ZodType, key: string): z.core.$ZodType | undefined {
  const u = unwrap(s);
  if (u instanceof z.ZodObject) return u.shape[key];
  if (u instanceof z.ZodUnion) {
    for (const option of u.options) {
      const found = fieldOf(option, key);
      if (found) return found;
    }
  }
  return undefined;
}

/** The zod schema of an array's items. */
function itemOf(s: z.core.$ZodType): z.core.$ZodType | undefined {
  const u = unwrap(s);
  return u instanceof z.ZodArray ? u.element : undefined;
}

/** The parts of a field's schema that type it: an integer with bounds, a text with a rule. */
function typedParts(s: Schema): Schema[] {
  const members = [s, ...((s.anyOf ?? s.oneOf) as Schema[] | undefined ?? []).map(deref)];
  return members.filter((m) => {
    const types = [m.type].flat();
    if (types.includes("integer")) {
      return [m.minimum, m.maximum, m.exclusiveMinimum, m.exclusiveMaximum].some((b) =>
        b !== undefined
      );
    }
    if (!types.includes("string") || m.enum || "const" in m) return false;
    const pattern = m.pattern as string | undefined;
    return !!m.format || (!!pattern && pattern !== SINGLE_LINE.source &&
      pattern !== MULTI_LINE.source);
  });
}

interface Field {
  /** `GET /rest/dnids/get ?id`, `POST /rest/users/create id`. */
  name: string;
  description: string;
  typed: Schema;
  zod: z.core.$ZodType;
  /** Query strings carry text. */
  inQuery: boolean;
}

/** Every typed leaf of a body schema, walked with its zod schema. */
function bodyFields(
  op: string,
  doc: Schema,
  zod: z.core.$ZodType,
  opDescription: string,
  path: string[] = [],
): Field[] {
  const s = deref(doc);
  const members = ((s.anyOf ?? s.oneOf) as Schema[] | undefined)?.map(deref);
  const u = unwrap(zod);
  // A union of objects (POST /rest/push/find): its members, with the zod union's in order.
  if (members?.every((m) => m.properties) && u instanceof z.ZodUnion) {
    return members.flatMap((m, i) =>
      bodyFields(op, m, u.options[i] as z.core.$ZodType, opDescription, path)
    );
  }
  const out: Field[] = (path.length ? typedParts(s) : []).map((typed) => ({
    name: `${op} ${path.join(".")}`,
    description: `${opDescription} ${s.description ?? ""} ${typed.description ?? ""}`,
    typed,
    zod,
    inQuery: false,
  }));
  for (const [key, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    const field = fieldOf(zod, key);
    assert.ok(field, `${op} ${[...path, key].join(".")} has a zod schema`);
    out.push(...bodyFields(op, sub, field, opDescription, [...path, key]));
  }
  const items = (s.items ?? members?.find((m) => m.items)?.items) as Schema | undefined;
  const item = items && itemOf(zod);
  if (items && item) out.push(...bodyFields(op, items, item, opDescription, [...path, "0"]));
  return out;
}

/** Every typed query parameter and body field of every operation. */
function typedFields(): Field[] {
  return documentedRoutes().flatMap((route) => {
    const spec = DOC.paths[route.path][route.method] as Schema;
    const op = `${route.method.toUpperCase()} ${route.path}`;
    const description = String(spec.description ?? "");
    const parameters = (spec.parameters as Schema[] | undefined ?? []).filter((p) =>
      p.in === "query"
    );
    const query = parameters.flatMap((p): Field[] => {
      const zod = route.request?.query && fieldOf(route.request.query, p.name as string);
      assert.ok(zod, `${op} ?${p.name} has a zod schema`);
      return typedParts(p.schema as Schema).map((typed) => ({
        name: `${op} ?${p.name}`,
        description: `${description} ${p.description ?? ""}`,
        typed,
        zod,
        inQuery: true,
      }));
    });
    const body = route.request?.body?.content["application/json"]?.schema;
    const docBody = (spec.requestBody as Schema | undefined)?.content as
      | Record<string, { schema: Schema }>
      | undefined;
    return [
      ...query,
      ...(body && docBody
        ? bodyFields(op, docBody["application/json"].schema, body, description)
        : []),
    ];
  });
}

/** Values the contract allows for a typed field. */
function allowed(s: Schema): fc.Arbitrary<unknown> {
  if ([s.type].flat().includes("integer")) {
    const above = s.exclusiveMinimum as number | undefined;
    const below = s.exclusiveMaximum as number | undefined;
    const min = (s.minimum as number | undefined) ?? (above === undefined ? -(2 ** 31) : above + 1);
    const max = (s.maximum as number | undefined) ??
      (below === undefined ? 2 ** 31 - 1 : below - 1);
    return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  }
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? Infinity;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern as string)).filter(fits);
  if (s.format === "uuid") return fc.uuid();
  if (s.format === "date-time") {
    return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((d) => d.toISOString());
  }
  throw new Error(`No values for ${JSON.stringify(s)}`);
}

const year = (v: string) => Number(/^\s*(\d{4})/.exec(v)?.[1]);
const inYears = (v: string) => year(v) >= 1970 && year(v) <= 9999;

/** A field of that name (`GET /rest/… ?id`, `POST /rest/… a.b`). */
const named = (re: RegExp) => (f: Field) => re.test(f.name);

/**
 * The further rules: the fields each applies to, the words of the field's or the operation's
 * description that name it, and the values within it.
 */
const RULES: { fields: (f: Field) => boolean; named: string; within: (v: string) => boolean }[] = [
  {
    fields: named(/addMtl updateDate$/),
    named: "of the years 1970–9999",
    within: inYears,
  },
  {
    fields: named(/Ws ws_(Primary|Secondary)$/),
    named: "as a browser reads it (WHATWG URL",
    within: (v) => v === "" || URL.canParse(v),
  },
];

Deno.test("[contract] a typed request field takes every value its contract allows", () => {
  const fields = typedFields();
  assert.ok(fields.length > 100, `${fields.length} typed fields`);
  const refused: string[] = [];
  const used = new Set<string>();
  for (const field of fields) {
    const rules = RULES.filter((r) => r.fields(field));
    for (const rule of rules) {
      assert.ok(
        field.description.includes(rule.named),
        `${field.name}: its description names "${rule.named}"`,
      );
      used.add(rule.named);
    }
    const values = fc.sample(
      allowed(field.typed).filter((v) => rules.every((r) => typeof v !== "string" || r.within(v))),
      { numRuns: RUNS, seed: SEED },
    );
    for (const value of values) {
      const sent = field.inQuery ? String(value) : value;
      const r = z.safeParse(field.zod, sent);
      if (!r.success) {
        refused.push(`${field.name} ${JSON.stringify(sent)}: ${r.error.issues[0].message}`);
        break;
      }
    }
  }
  assert.deepEqual(refused, [], "values the contract allows, refused by the server");
  assert.deepEqual(RULES.map((r) => r.named).filter((n) => !used.has(n)), [], "rules in use");
});

Deno.test("[contract] a query integer is plain digits: any other text is refused, never read", () => {
  const integers = typedFields().filter((f) => f.inQuery && f.typed.type === "integer");
  assert.ok(integers.length > 50, `${integers.length} query integers`);
  for (const field of integers) {
    for (const text of ["1e1", " 12", "12 ", "0x10", "", "-1", "12.0", "+12", "admin@demo.test"]) {
      const r = z.safeParse(field.zod, text);
      assert.ok(!r.success, `${field.name}=${JSON.stringify(text)} is refused`);
    }
  }
  const get = documentedRoutes().find((r) => r.path === "/rest/dnids/get")!;
  const r = z.safeParse(get.request!.query!, { id: "admin@demo.test" });
  assert.equal(r.error?.issues[0].message, "Id is not in a valid format");
});
