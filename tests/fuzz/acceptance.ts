/**
 * The fuzz's acceptance mode: requests that satisfy the contract, made from an operation's probe
 * (a request it accepts, about real rows) with one to three of its values replaced by others its
 * schemas allow (or, when optional, left out), and checked against the published document before
 * they go. Such a request may be refused only for a reason the contract names:
 * - 404 (the row is not there) and 409 (a duplicate or a link), which the operation declares;
 * - any other refusal only with a message that the operation's description states, numbers
 *   aside ("IMN must be 9 digits starting with 4"), or one of the rules it lists where `…` stands
 *   for any text ("Unknown item … for this device type"): a client generated from the contract
 *   can read there what will be refused.
 */
import fc from "fast-check";
import type { Operation } from "../authz/operations.ts";
import { DOCUMENT } from "../authz/operations.ts";
import type { ProbeRequest } from "../authz/tenant.ts";
import { contractSchemas, pointer } from "../../server/http/response_contract.ts";
import { RULES_INTRO } from "../../server/rest/define.ts";
import {
  asQueryText,
  DELETE,
  type Parameter,
  type Path,
  pathsOf,
  type Schema,
  setAt,
  valid,
} from "./arbitraries.ts";

type Json = unknown;

const schemas = contractSchemas(DOCUMENT);

/** A request within the contract, with its query values as typed before they became text. */
interface AcceptedCase {
  req: ProbeRequest;
  typedQuery: Record<string, Json>;
}

const paramsOf = (op: Operation) =>
  ((op.spec.parameters as Parameter[] | undefined) ?? []).filter((p) => p.in === "query");

const jsonSchemaOf = (op: Operation) =>
  (op.spec.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
    ?.content?.["application/json"]?.schema;

/** A probe's query text read as the parameter's type (`"12"` → 12 for an integer). */
function typed(schema: Schema | undefined, value: string | number | boolean): Json {
  if (typeof value !== "string") return value;
  const types = [schema?.type ?? []].flat();
  if ((types.includes("integer") || types.includes("number")) && /^-?\d+(\.\d+)?$/.test(value)) {
    return Number(value);
  }
  if (types.includes("boolean") && (value === "true" || value === "false")) {
    return value === "true";
  }
  return value;
}

/** The probe's JSON with one to three fields given other allowed values, or left out. */
function changedJson(probe: Json, schema: Schema): fc.Arbitrary<Json> {
  const paths = pathsOf(probe, schema).filter(([path]) => path.length > 0);
  if (!paths.length) return valid(schema, 0, true);
  const change = fc.constantFrom(...paths).chain(([path, s]) =>
    fc.oneof(
      { arbitrary: valid(s, 0, true).map((value) => ({ path, value })), weight: 5 },
      { arbitrary: fc.constant({ path, value: DELETE as Json }), weight: 1 },
    )
  );
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) =>
    changes.reduce(
      (v: Json, c: { path: Path; value: Json }) =>
        setAt(v, c.path, c.value as Json | typeof DELETE),
      probe,
    )
  );
}

/** Requests within the contract for `op`, from its probe request. */
export function acceptedArb(op: Operation, probe: ProbeRequest): fc.Arbitrary<AcceptedCase> {
  const params = paramsOf(op);
  const base = Object.fromEntries(
    params.filter((p) => probe.query?.[p.name] !== undefined)
      .map((p) => [p.name, typed(p.schema, probe.query![p.name])]),
  );
  const query: fc.Arbitrary<Record<string, Json>> = params.length
    ? fc.record(
      Object.fromEntries(params.map((p) => [
        p.name,
        fc.oneof(
          { arbitrary: fc.constant(base[p.name]), weight: 3 },
          { arbitrary: valid(p.schema, 0, true), weight: 2 },
          ...(p.required ? [] : [{ arbitrary: fc.constant(undefined), weight: 1 }]),
        ),
      ])),
    )
    : fc.constant({});
  const schema = jsonSchemaOf(op);
  const body: fc.Arbitrary<Pick<ProbeRequest, "json" | "body" | "contentType">> = schema
    ? fc.oneof(
      { arbitrary: fc.constant({ json: probe.json }), weight: 1 },
      { arbitrary: changedJson(probe.json ?? {}, schema).map((json) => ({ json })), weight: 6 },
    )
    : fc.constant({ json: probe.json, body: probe.body, contentType: probe.contentType });
  return fc.tuple(query, body).map(([q, b]) => {
    const typedQuery = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
    const text = Object.fromEntries(
      Object.entries(typedQuery).map(([k, v]) => [k, asQueryText(v)!]),
    );
    const req: ProbeRequest = Object.fromEntries(
      Object.entries({ ...b, query: Object.keys(text).length ? text : undefined })
        .filter(([, v]) => v !== undefined),
    );
    return { req, typedQuery };
  });
}

/** What in the case the contract does not allow (nothing: the case is a fair test). */
export function outsideContract(op: Operation, c: AcceptedCase): string[] {
  const problems: string[] = [];
  const path = pointer("paths", op.path, op.method.toLowerCase());
  paramsOf(op).forEach((p) => {
    const value = c.typedQuery[p.name];
    if (value === undefined) {
      if (p.required) problems.push(`query ${p.name} is required`);
      return;
    }
    const all = op.spec.parameters as Parameter[];
    const v = schemas.at(`${path}/parameters/${all.indexOf(p)}/schema`);
    if (!v(value)) problems.push(`query ${p.name}: ${schemas.errorsOf(v).join("; ")}`);
  });
  if (jsonSchemaOf(op)) {
    const v = schemas.at(`${path}/requestBody/content/application~1json/schema`);
    if (!v(c.req.json)) problems.push(`body: ${schemas.errorsOf(v).join("; ")}`);
  }
  return problems;
}

/** Text compared as the rule is written: any case, numbers (1.5 too) as `#`, no closing full stop. */
const normal = (text: string) =>
  text.toLowerCase().replace(/\d+(?:\.\d+)?/g, "#").replace(/[`"']/g, "").replace(/\s+/g, " ")
    .replace(/[.\s]+$/, "").trim();

/** The rules at the end of a description (define.ts: RULES_INTRO, then `"…"; "…".`). */
function rulesOf(description: string): string[] {
  const at = description.lastIndexOf(RULES_INTRO);
  if (at < 0) return [];
  return description.slice(at + RULES_INTRO.length).replace(/"\.$/, "").slice(1).split('"; "');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `message` is `rule`'s, compared as the rule is written: its `…` stands for any text. */
const named = (rule: string, message: string) =>
  new RegExp(`^${normal(rule).split(/\s*…\s*/).map(escaped).join(".*")}$`).test(normal(message));

/**
 * Why an answer to a request within the contract breaks it: a refusal the contract does not
 * name. Undefined when the answer is fine.
 */
export function unnamedRefusal(
  op: Operation,
  answer: { status: number; body: string },
): string | undefined {
  if (answer.status < 400 || answer.status >= 500) return undefined;
  const responses = op.spec.responses as Record<string, unknown>;
  if ((answer.status === 404 || answer.status === 409) && String(answer.status) in responses) {
    return undefined;
  }
  let message = "";
  try {
    message = String(JSON.parse(answer.body).message ?? "");
  } catch { /* not JSON: unnamed */ }
  const description = String(op.spec.description ?? "");
  if (message && normal(description).includes(normal(message))) return undefined;
  if (message && rulesOf(description).some((rule) => named(rule, message))) return undefined;
  return `${op.id} refused a request within the contract with ${answer.status} ` +
    `"${message}", a rule its description does not name`;
}
