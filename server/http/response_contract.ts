/**
 * Checks an answer against the contract: the OpenAPI document the server publishes. For an
 * operation of the document, the status must be one it declares, the content type one that status
 * declares, a JSON body valid against that content's schema (JSON Schema 2020-12, formats
 * included), and every header the response declares as required present and valid.
 *
 * The test client checks every answer it receives with it (tests/fixtures/app.ts), and a server
 * started with `VALIDATE_RESPONSES=true` checks its own (`validateResponses` below).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { MiddlewareHandler } from "hono";

// ajv-formats is CommonJS: its function is the default export's default.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

interface Schema {
  [keyword: string]: unknown;
}
interface MediaType {
  schema?: Schema;
}
interface Header {
  required?: boolean;
  schema?: Schema;
}
interface Response {
  content?: Record<string, MediaType>;
  headers?: Record<string, Header>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** What was answered: the body is parsed JSON for a JSON content type, else left unread. */
export interface Answer {
  status: number;
  headers: Headers;
  body?: unknown;
}

/** The JSON Pointer of `path` (RFC 6901). */
export const pointer = (...path: string[]) =>
  path.map((p) => "/" + p.replaceAll("~", "~0").replaceAll("/", "~1")).join("");

const DOC_ID = "https://contract.invalid/openapi.json";

/** The media type of a Content-Type header, without its parameters. */
const mediaType = (value: string | null) => (value ?? "").split(";")[0].trim().toLowerCase();

const isJson = (type: string) => type === "application/json" || type.endsWith("+json");

/**
 * Validators of the schemas at JSON Pointers into `document` (`/paths/…/schema`), compiled once
 * each, and their errors in short.
 */
export function contractSchemas(document: unknown) {
  // strict: false lets the document's own keywords (example, description…) pass as annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  // (Its typings resolve to another copy of Ajv in node_modules; the instance is the same kind.)
  addFormats(ajv as never);
  ajv.addSchema({ ...(document as object), $id: DOC_ID });
  type Validate = ReturnType<typeof ajv.compile>;
  const compiled = new Map<string, Validate>();
  return {
    at(ref: string): Validate {
      let v = compiled.get(ref);
      if (!v) compiled.set(ref, v = ajv.compile({ $ref: `${DOC_ID}#${ref}` }));
      return v;
    },
    errorsOf: (v: Validate) =>
      (v.errors ?? []).slice(0, 5).map((e) =>
        `${e.instancePath || "(value)"} ${e.message}${
          e.params && "additionalProperty" in e.params ? ` (${e.params.additionalProperty})` : ""
        }`
      ),
  };
}

/** A checker for `document`: `check(method, path, answer)` lists what breaks the contract. */
export function responseChecker(document: unknown) {
  const doc = document as Document;
  const schemas = contractSchemas(document);
  const validator = schemas.at;
  const errorsOf = schemas.errorsOf;

  return function check(method: string, path: string, answer: Answer): string[] {
    const m = method.toLowerCase();
    const operation = doc.paths[path]?.[m];
    if (!operation || m === "head") return [];
    const name = `${method.toUpperCase()} ${path} (${operation.operationId}) ${answer.status}`;
    const statusKey = String(answer.status) in operation.responses
      ? String(answer.status)
      : "default" in operation.responses
      ? "default"
      : undefined;
    if (!statusKey) {
      const declared = Object.keys(operation.responses).join(", ");
      return [`${name}: status not declared (declared: ${declared})`];
    }
    const response = operation.responses[statusKey];
    const problems: string[] = [];
    for (const [header, spec] of Object.entries(response.headers ?? {})) {
      const value = answer.headers.get(header);
      if (value === null) {
        if (spec.required) problems.push(`${name}: header ${header} is missing`);
        continue;
      }
      if (!spec.schema) continue;
      const v = validator(
        pointer("paths", path, m, "responses", statusKey, "headers", header) +
          "/schema",
      );
      const typed = spec.schema.type === "integer" && /^\d+$/.test(value) ? Number(value) : value;
      if (!v(typed)) problems.push(`${name}: header ${header}: ${errorsOf(v).join("; ")}`);
    }
    const content = response.content ?? {};
    const type = mediaType(answer.headers.get("content-type"));
    if (Object.keys(content).length === 0) {
      if (type && answer.status !== 204) {
        problems.push(`${name}: a body (${type}) where none is declared`);
      }
      return problems;
    }
    const declared = Object.keys(content).find((t) => t === type || t === "*/*");
    if (!declared) {
      problems.push(
        `${name}: content type ${type || "(none)"} is not one of ${
          Object.keys(content).join(", ")
        }`,
      );
      return problems;
    }
    if (isJson(type) && content[declared].schema) {
      const v = validator(
        pointer("paths", path, m, "responses", statusKey, "content", declared) + "/schema",
      );
      if (!v(answer.body)) problems.push(`${name}: ${errorsOf(v).join("; ")}`);
    }
    return problems;
  };
}

let processChecker: ReturnType<typeof responseChecker> | undefined;

/** The header that carries a contract violation to the test client (tests/fixtures/app.ts). */
export const VIOLATION_HEADER = "x-contract-violation";

/**
 * With `VALIDATE_RESPONSES=true` (development and tests only): every answer to an operation of
 * the contract is checked, and one that breaks it is logged and replaced by a 500 whose message
 * (and `X-Contract-Violation` header) says how, so the mistake cannot go unnoticed.
 */
export function validateResponses(document: () => unknown): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // One checker per process: every app it builds declares the same operations (the tests build
    // hundreds, and a checker takes ~0.4 s to make).
    const check = processChecker ??= responseChecker(document());
    const res = c.res;
    const type = mediaType(res.headers.get("content-type"));
    const body = isJson(type) ? await res.clone().json().catch(() => undefined) : undefined;
    const problems = check(c.req.method, c.req.path, {
      status: res.status,
      headers: res.headers,
      body,
    });
    if (problems.length === 0) return;
    const message = `The response does not match the contract: ${problems.join(" | ")}`;
    console.error(message);
    c.res = undefined;
    c.res = c.json({ code: 500, message }, 500, {
      [VIOLATION_HEADER]: encodeURIComponent(problems.join(" | ")).slice(0, 4000),
    });
  };
}
