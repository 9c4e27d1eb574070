/**
 * fast-check arbitraries from the contract's schemas (OpenAPI 3.1 objects, `$ref`s into
 * DOCUMENT.components.schemas): valid values biased toward their boundaries, hostile values
 * (wrong types, nulls, huge and strange text, extreme numbers, extra and missing fields), and
 * requests built from both, most of them an operation's valid probe with a field or two mutated
 * so that a case gets past the validator into the server code behind it.
 */
import fc from "fast-check";
import { DOCUMENT, type Operation } from "../authz/operations.ts";
import type { ProbeRequest } from "../authz/tenant.ts";

export type Schema = Record<string, unknown>;
type Json = unknown;

const COMPONENTS = DOCUMENT.components.schemas as Record<string, Schema>;
/** Below this depth an object or array is generated empty (recursive schemas end). */
const MAX_DEPTH = 6;
/** Bounds taken as "no bound" for generation (a 1 MB body limit applies anyway). */
const LONG = 300;

/** The schema a `$ref` names (followed until a real schema). */
function deref(schema: Schema): Schema {
  for (let s = schema, i = 0; i < 20; i++) {
    if (typeof s.$ref !== "string") return s;
    s = COMPONENTS[s.$ref.split("/").pop()!] ?? {};
  }
  return {};
}

/** allOf merged into one object schema (properties and required added up). */
function merged(schema: Schema): Schema {
  const parts = (schema.allOf as Schema[] | undefined)?.map((s) => merged(deref(s)));
  if (!parts) return schema;
  const out: Schema = { ...schema, allOf: undefined, type: "object" };
  for (const p of parts) {
    out.properties = { ...out.properties as Schema, ...p.properties as Schema };
    out.required = [...(out.required as string[] ?? []), ...(p.required as string[] ?? [])];
  }
  return out;
}

const resolved = (schema: Schema | undefined) => merged(deref(schema ?? {}));
const typesOf = (s: Schema): string[] => {
  const declared = [s.type ?? []].flat() as string[];
  if (s.nullable) declared.push("null");
  if (!declared.length && s.properties) declared.push("object");
  return declared;
};
const num = (v: unknown) => (typeof v === "number" ? v : undefined);

// ---- hostile building blocks ----

/** Text that has broken servers: astral, RTL, combining marks, NUL, lone surrogates, … */
const NASTY_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "😀🏳️‍🌈👨‍👩‍👧",
  "\u202eevil\u202c",
  "שלום مرحبا",
  "e\u0301\u0301\u0301\u0301",
  "\ufeff\u200b\u2028\u2029",
  "\u001b[31mred",
  "Ω≈ç√∫",
  "𝕳𝖊𝖑𝖑𝖔",
  "' or 1=1 --",
  "'; drop table users; --",
  "%00%27%22",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "\\",
  '"',
  "NaN",
  "Infinity",
  "-Infinity",
  "undefined",
  "null",
  "true",
  "-0",
  "1e308",
  "0x10",
  "9".repeat(40),
  "2147483648",
  "-2147483649",
];

/** Field names a client must never be able to set (or that pollute prototypes). */
const EXTRA_KEYS = [
  "companyId",
  "company_id",
  "rights",
  "admin",
  "userKey",
  "key",
  "teamId",
  "active",
  "passwordHash",
  "__proto__",
  "constructor",
  "prototype",
  "",
];

const HUGE = "x".repeat(100 * 1024);
const nested = (depth: number): Json => {
  let v: Json = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Any hostile JSON value, whatever the field expects. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    -(2 ** 31) - 1,
    5e-324,
    [],
    {},
    [null],
    { "": null },
    HUGE,
    `${HUGE}😀`,
    nested(500),
    JSON.parse('{"constructor": {"prototype": {"admin": true}}}'),
    JSON.parse('{"__proto__": {"admin": true, "rights": 1}}'),
  ),
  fc.constantFrom(...NASTY_TEXT),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.array(fc.constantFrom<Json>(null, 1, "a", {}), { maxLength: 5 }),
);

// ---- valid values, biased toward boundaries ----

/** One character the pattern allows, tried on a mix of plain, accented, astral and RTL ones. */
const charMatching = (re: RegExp) =>
  fc.oneof(
    fc.constantFrom("a", "Z", "0", " ", "-", ".", "@", "é", "漢", "😀", "\u05d0", "e\u0301"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ).filter((c) => re.test(c));

/** A /^[^…]*$/ pattern (a set of refused characters): tested one character at a time. */
const isCharClassPattern = (p: string) => /^\^\[\^[^\]]*\]\*\$$/.test(p);

function regexOf(pattern: string): RegExp | null {
  for (const flags of ["", "u", "v"]) {
    try {
      return new RegExp(pattern, flags);
    } catch { /* try the next flag */ }
  }
  return null;
}

function validString(s: Schema, strict: boolean): fc.Arbitrary<string> {
  const min = num(s.minLength) ?? 0;
  const max = num(s.maxLength);
  const cap = Math.min(max ?? LONG, LONG);
  if (s.format === "uuid") return fc.uuid();
  if (s.format === "email") return fc.emailAddress().filter((m) => m.length <= (max ?? 254));
  if (s.format === "date-time") {
    return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((d) => d.toISOString());
  }
  if (s.format === "date") {
    return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((d) => d.toISOString().slice(0, 10));
  }
  const pattern = typeof s.pattern === "string" ? s.pattern : undefined;
  const re = pattern ? regexOf(pattern) : null;
  if (re && pattern && !isCharClassPattern(pattern)) {
    // Out of bounds, the example stands in (a filter could spin on a narrow pattern).
    const example = typeof s.example === "string" ? s.example : undefined;
    return fc.stringMatching(re).map((v) =>
      v.length >= min && v.length <= (max ?? Infinity) ? v : example ?? v
    );
  }
  const unit = re ? charMatching(re) : charMatching(/^[\s\S]$/u);
  const of = (lo: number, hi: number) => fc.string({ unit, minLength: lo, maxLength: hi });
  const boundaries = [of(min, min)];
  if (max !== undefined && max <= 4096) boundaries.push(of(max, max));
  if (max !== undefined && max <= 4096 && !strict) boundaries.push(of(max + 1, max + 1));
  if (min > 0 && !strict) boundaries.push(fc.constant(""));
  return fc.oneof(of(min, Math.max(min, Math.min(cap, min + 30))), ...boundaries);
}

function validNumber(s: Schema, integer: boolean, strict: boolean): fc.Arbitrary<number> {
  const lo = num(s.minimum) ?? (num(s.exclusiveMinimum) ?? -Infinity) + (integer ? 1 : 0);
  const hi = num(s.maximum) ?? (num(s.exclusiveMaximum) ?? Infinity) - (integer ? 1 : 0);
  const small = integer ? 2 ** 31 - 1 : 1e9;
  const min = Math.max(lo, -small), max = Math.min(hi, small);
  const edges = [min, max, min + 1, max - 1, 0, ...strict ? [] : [min - 1, max + 1]]
    .filter((n) => Number.isFinite(n) && (!strict || (n >= min && n <= max)));
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof(inRange, fc.constantFrom(...edges));
}

/**
 * Valid values of `schema`, toward the boundaries; unless `strict`, its near misses too (max + 1,
 * empty).
 */
export function valid(schema: Schema | undefined, depth = 0, strict = false): fc.Arbitrary<Json> {
  const s = resolved(schema);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum as Json[]);
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((u) => valid(u, depth, strict)));
  const types = typesOf(s);
  if (!types.length) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((t) => validOfType(s, t, depth, strict)));
}

function validOfType(s: Schema, type: string, depth: number, strict: boolean): fc.Arbitrary<Json> {
  switch (type) {
    case "string":
      return validString(s, strict);
    case "integer":
    case "number":
      return validNumber(s, type === "integer", strict);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = num(s.minItems) ?? 0;
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const max = num(s.maxItems);
      const item = valid(s.items as Schema, depth + 1, strict);
      const upTo = Math.max(minLength, Math.min(4, max ?? 4));
      const sizes = [fc.array(item, { minLength, maxLength: upTo })];
      if (max !== undefined && max <= 50) {
        sizes.push(fc.array(item, { minLength: max, maxLength: strict ? max : max + 1 }));
      }
      return fc.oneof(...sizes);
    }
    case "object":
      return validObject(s, depth, strict);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function validObject(s: Schema, depth: number, strict: boolean): fc.Arbitrary<Json> {
  if (depth >= MAX_DEPTH) return fc.constant({});
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = (s.required as string[] | undefined) ?? [];
  const model = Object.fromEntries(
    Object.entries(props).map(([k, v]) => [k, valid(v, depth + 1, strict)]),
  );
  const known = fc.record(model, { requiredKeys: required.filter((k) => k in props) });
  const extra = s.additionalProperties;
  if (!extra || typeof extra !== "object") return known;
  return fc.tuple(
    known,
    fc.dictionary(fc.string({ maxLength: 10 }), valid(extra as Schema, depth + 1, strict), {
      maxKeys: 3,
    }),
  ).map(([a, b]) => ({ ...b, ...a }));
}

// ---- hostile values for a schema ----

/** Values `schema` must refuse: wrong types, beyond its bounds, missing or extra fields. */
function hostile(schema: Schema | undefined): fc.Arbitrary<Json> {
  const s = resolved(schema);
  const specific: fc.Arbitrary<Json>[] = [];
  const types = typesOf(s);
  if (types.includes("string") || s.enum) {
    const max = num(s.maxLength);
    if (max !== undefined) specific.push(fc.constant("y".repeat(max + 1)));
    specific.push(fc.string({ unit: "binary", maxLength: 20 }).map((t) => `zz${t}`));
    specific.push(fc.constantFrom(...NASTY_TEXT).map((t) => `a${t}b`));
  }
  if (types.includes("integer") || types.includes("number")) {
    const lo = num(s.minimum), hi = num(s.maximum);
    specific.push(fc.constantFrom<Json>(
      ...[lo, hi].filter((v) => v !== undefined).flatMap((v) => [v! - 1, v! + 1, String(v)]),
      0.5,
      1e308,
      -0,
      "1",
      "NaN",
      "",
    ));
  }
  if (types.includes("object")) {
    const required = (s.required as string[] | undefined) ?? [];
    specific.push(
      fc.tuple(valid(s), fc.constantFrom(...required, ...EXTRA_KEYS), hostileValue)
        .map(([v, key, bad]) => {
          const out = { ...(v as Record<string, Json>) };
          if (required.includes(key)) delete out[key];
          else Object.defineProperty(out, key, { value: bad, enumerable: true });
          return out;
        }),
    );
  }
  if (types.includes("array")) {
    const max = num(s.maxItems) ?? 20;
    specific.push(
      fc.constant(Array.from({ length: Math.min(max + 1, 20_000) }, () => null)),
      fc.constant(nested(200)),
    );
  }
  return specific.length ? fc.oneof(hostileValue, ...specific) : hostileValue;
}

/** Valid or hostile, as often one as the other. */
const anyFor = (schema: Schema | undefined) => fc.oneof(valid(schema), hostile(schema));

// ---- mutating a valid request ----

export type Path = (string | number)[];
export const DELETE = Symbol("delete");

/** Every path in a JSON value (the root included), with the schema found there. */
export function pathsOf(
  value: Json,
  schema: Schema | undefined,
  path: Path = [],
): [Path, Schema][] {
  const s = resolved(schema);
  const out: [Path, Schema][] = [[path, s]];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push(...pathsOf(v, s.items as Schema, [...path, i])));
  } else if (value && typeof value === "object") {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const [k, v] of Object.entries(value)) {
      const sub = props[k] ?? (s.additionalProperties as Schema) ?? unionProperty(s, k);
      out.push(...pathsOf(v, sub, [...path, k]));
    }
    // Properties the value leaves out can be added too.
    for (const [k, sub] of Object.entries(props)) {
      if (!(k in (value as object))) out.push([[...path, k], resolved(sub)]);
    }
  }
  return out;
}

const unionProperty = (s: Schema, key: string): Schema | undefined =>
  ((s.anyOf ?? s.oneOf) as Schema[] | undefined)?.map(resolved)
    .map((u) => (u.properties as Record<string, Schema> | undefined)?.[key])
    .find((p) => p);

/** A copy of `value` with `next` (or nothing) at `path`. */
export function setAt(value: Json, path: Path, next: Json | typeof DELETE): Json {
  if (!path.length) return next === DELETE ? undefined : next;
  const [head, ...rest] = path;
  const copy =
    (Array.isArray(value)
      ? [...value]
      : value && typeof value === "object"
      ? { ...value as Record<string, Json> }
      : {}) as Record<string | number, Json>;
  if (!rest.length && next === DELETE) delete copy[head];
  else {
    Object.defineProperty(copy, head, {
      value: setAt(copy[head], rest, next),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** One mutation of a field: a new value (valid or hostile), its removal, or an extra field. */
function mutation(paths: [Path, Schema][]) {
  return fc.constantFrom(...paths).chain(([path, s]) =>
    fc.oneof(
      { arbitrary: anyFor(s).map((v) => ({ path, value: v as Json | typeof DELETE })), weight: 6 },
      { arbitrary: fc.constant({ path, value: DELETE as Json | typeof DELETE }), weight: 1 },
      {
        arbitrary: fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue)
          .map(([k, v]) => ({ path: [...path, k], value: v as Json | typeof DELETE })),
        weight: 2,
      },
    )
  );
}

/** The probe's JSON with one to three fields mutated. */
function mutatedJson(probe: Json, schema: Schema | undefined): fc.Arbitrary<Json> {
  return fc.array(mutation(pathsOf(probe, schema)), { minLength: 1, maxLength: 3 })
    .map((ms) => ms.reduce((v, m) => setAt(v, m.path, m.value), probe));
}

// ---- requests ----

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

/** A query value as a URL carries it (JSON for anything but a string). */
export const asQueryText = (v: Json): string | undefined =>
  v === undefined ? undefined : typeof v === "string" ? v : JSON.stringify(v);

/** A query string of the operation's parameters: from scratch, or the probe's with one changed. */
function queryArb(params: Parameter[], probe: ProbeRequest["query"]) {
  type Query = Record<string, string>;
  const base: Query = Object.fromEntries(
    Object.entries(probe ?? {}).map(([k, v]) => [k, String(v)]),
  );
  const names = [...params.map((p) => p.name), ...EXTRA_KEYS.filter(Boolean)];
  const schemaOf = (name: string) => params.find((p) => p.name === name)?.schema;
  const fresh = fc.record(
    Object.fromEntries(params.map((p) => [p.name, anyFor(p.schema).map(asQueryText)])),
    { requiredKeys: [] },
  );
  const oneChanged = fc.constantFrom(...names).chain((name) =>
    fc.option(anyFor(schemaOf(name)), { nil: undefined }).map((v) => {
      const out: Query = { ...base };
      const text = asQueryText(v);
      if (text === undefined) delete out[name];
      else Object.defineProperty(out, name, { value: text, enumerable: true });
      return out;
    })
  );
  return fc.oneof(
    { arbitrary: oneChanged, weight: 5 },
    { arbitrary: fc.constant(base), weight: 1 },
    { arbitrary: fresh as fc.Arbitrary<Record<string, string | undefined>>, weight: 2 },
  ).map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Query);
}

/** Raw bodies no JSON parser should choke the server on. */
const RAW_JSON = [
  "",
  "{",
  '{"a":',
  "[1,2",
  "nul",
  "\u0000",
  "\ufeff{}",
  "{}garbage",
  '{"a":1,"a":2}',
  "[".repeat(10_000) + "]".repeat(10_000),
  '{"__proto__":{"admin":true}}',
  "1e99999",
  '"\\ud800"',
];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=latin1",
  "text/plain",
  "application/octet-stream",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "image/png",
  "",
];

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc.constantFrom(0, 1, 256 * 1024 - 1, 256 * 1024, 256 * 1024 + 1, 1_100_000)
    .chain((n) => fc.integer({ min: 0, max: 255 }).map((b) => new Uint8Array(n).fill(b))),
);

/** The body part of a request: JSON, raw bytes, or none, as the operation takes. */
function bodyArb(op: Operation, probe: ProbeRequest): fc.Arbitrary<ProbeRequest> {
  const content = (op.spec.requestBody as { content?: Record<string, { schema?: Schema }> })
    ?.content ?? {};
  const json = content["application/json"];
  const text = (s: string) => new TextEncoder().encode(s);
  if (json) {
    const schema = json.schema;
    const seed = probe.json ?? {};
    return fc.oneof(
      { arbitrary: mutatedJson(seed, schema).map((j) => ({ json: j })), weight: 8 },
      { arbitrary: fc.constant({ json: seed }), weight: 2 },
      { arbitrary: valid(schema).map((j) => ({ json: j })), weight: 3 },
      { arbitrary: hostile(schema).map((j) => ({ json: j })), weight: 2 },
      {
        arbitrary: fc.tuple(fc.constantFrom(...RAW_JSON), fc.constantFrom(...CONTENT_TYPES))
          .map(([raw, type]) => ({ body: text(raw), contentType: type || "application/json" })),
        weight: 1,
      },
      {
        arbitrary: fc.constantFrom(...CONTENT_TYPES)
          .map((type) => ({ body: text(JSON.stringify(seed)), contentType: type })),
        weight: 1,
      },
    );
  }
  if (Object.keys(content).length) {
    // A raw upload: the probe's bytes or any, under its type or another.
    const type = probe.contentType ?? Object.keys(content)[0];
    return fc.oneof(
      { arbitrary: fc.constant({ body: probe.body, contentType: type }), weight: 2 },
      {
        arbitrary: fc.tuple(bytes, fc.constantFrom(type, ...CONTENT_TYPES))
          .map(([body, contentType]) => ({ body, contentType })),
        weight: 5,
      },
    );
  }
  // No body declared: mostly none, sometimes one it did not ask for (not on GET).
  if (op.method === "GET" || op.method === "HEAD") return fc.constant({});
  return fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    { arbitrary: hostileValue.map((j) => ({ json: j })), weight: 1 },
  );
}

/** Requests for an operation, seeded by a valid probe request. */
export function requestArb(op: Operation, probe: ProbeRequest): fc.Arbitrary<ProbeRequest> {
  const params = ((op.spec.parameters as Parameter[] | undefined) ?? [])
    .filter((p) => p.in === "query");
  const query = params.length || probe.query
    ? queryArb(params, probe.query)
    : fc.constant(undefined);
  return fc.tuple(query, bodyArb(op, probe)).map(([q, b]) => ({
    ...b,
    ...(q && Object.keys(q).length ? { query: q } : {}),
  }));
}
