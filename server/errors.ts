import { type ErrorBody, ErrorSchema } from "../openapi/schemas/common.ts";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export { ErrorSchema };

/** An expected failure, answered as `{code, message}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Partial<ErrorBody> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
  body(): ErrorBody {
    return { code: this.extra.code ?? this.status, message: this.message, ...this.extra };
  }
}

export const notFound = (what = "Item") => new ApiError(404, `${what} not found`);
export const forbidden = (message = "You are not allowed to do this") => new ApiError(403, message);
export const unauthorized = (message = "Please sign in") => new ApiError(401, message);

/** Unique-key (and other integrity) violations keep the spec's legacy code 23000. */
export const DUPLICATE_CODE = 23000;

/** A driver error as far as we read it: its SQLSTATE and the constraint it names. */
interface DatabaseFailure {
  code: string;
  constraint?: string;
}

/** The database error inside `err` (drizzle wraps driver errors in `cause`), if there is one. */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  for (let e = err as Record<string, unknown> | undefined, i = 0; e && i < 4; i++) {
    // A SQLSTATE is five characters; other codes (a socket's ECONNREFUSED) are not the database's.
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = e.constraint ?? e.constraint_name;
      return {
        code: e.code,
        constraint: constraint === undefined ? undefined : String(constraint),
      };
    }
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * A unique violation (SQLSTATE 23505) in `err` as the resource's own duplicate error (its
 * message, code 23000); anything else as it is. For `catch (e) { throw duplicateAs(e, …) }`.
 */
export const duplicateAs = (err: unknown, duplicate: () => ApiError): unknown =>
  databaseFailure(err)?.code === "23505" ? duplicate() : err;

/** Postgres error codes (SQLSTATE) → API errors. */
export function fromDatabaseError(err: unknown): ApiError | null {
  const code = databaseFailure(err)?.code;
  if (code === "23505") {
    return new ApiError(409, "An item with this identifier already exists", {
      code: DUPLICATE_CODE,
    });
  }
  if (code === "23503") {
    return new ApiError(409, "This item is linked to other items", { code: DUPLICATE_CODE });
  }
  if (code === "23502" || code === "23514") {
    return new ApiError(400, "A required value is missing or out of range", {
      code: DUPLICATE_CODE,
    });
  }
  // Malformed values, out of range, and text PostgreSQL cannot store (NUL: 22021, 22P05). The
  // schemas refuse these first, naming the field; this is the last line of defence.
  if (
    code === "22P02" || code === "22003" || code === "22001" || code === "22007" ||
    code === "22008" || code === "22021" || code === "22P05"
  ) {
    return new ApiError(400, "A value is malformed or out of range");
  }
  // A deadlock or serialization failure (after the services' own retries): nothing was changed,
  // the caller may simply try again.
  if (code === "40P01" || code === "40001") {
    return new ApiError(503, "The database was busy; please retry");
  }
  return null;
}

/** One place that turns anything thrown into the error shape; unknown failures say nothing inside. */
export function toErrorResponse(err: unknown, c: Context): Response {
  const known = err instanceof ApiError ? err : fromDatabaseError(err);
  if (known) {
    for (const [k, v] of Object.entries(known.headers)) c.header(k, v);
    return c.json(known.body(), known.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own (e.g. malformed JSON body): keep the status, use our shape.
    const status = err.status as ContentfulStatusCode;
    const message = status === 400
      ? "Malformed request body"
      : status === 415
      ? "The body is not JSON: send it with Content-Type: application/json"
      : err.message || "Request refused";
    return c.json({ code: status, message }, status);
  }
  console.error(`[error] ${c.req.method} ${c.req.path}`, err);
  return c.json({ code: 500, message: "Internal server error" }, 500);
}

/** Validation failures from zod: 400 with the fields; the message is the first issue's. */
export function validationError(
  issues: readonly { path: PropertyKey[]; message: string }[],
): ApiError {
  const fields = issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const first = fields[0];
  return new ApiError(400, first ? first.message : "Validation failed", { fields });
}
