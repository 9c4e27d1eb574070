import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Config } from "./config.ts";
import type { Database, Db } from "../db/client.ts";
import type { SessionKeys, SessionUser } from "./auth/session.ts";
import { ErrorSchema, validationError } from "./errors.ts";

/** What the app is built from; passed in, never read per request. */
export interface AppOptions {
  config: Config;
  database: Database;
  keys: SessionKeys;
  version: string;
  startedAt: Date;
}

/** What handlers see: the options plus shortcuts. */
export interface Deps extends AppOptions {
  db: Db;
  dbKind: Database["kind"];
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** Set by the authentication middleware on every protected /rest call. */
    user: SessionUser;
    clientIp: string;
  };
};

/** A router whose validation failures answer our `{code, message, fields}` shape. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues);
    },
  });

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input: `fields` says which and why",
  401: "Not signed in, or the session has ended",
  403: "Forbidden: not allowed for this user, or a cross-site request",
  404: "Not found (or belongs to another company)",
  409: "Conflict: duplicate identifier (code 23000) or linked items",
  413: "Request body larger than 1 MB",
  429: "Too many failed logins: `limit`, `retryAt` and `retryAfter` say when to retry",
  500: "Unexpected failure (no internals are disclosed)",
  503: "The database is unreachable",
};

/** The `responses` entries for the error statuses a route can answer. */
export function errorResponses<S extends keyof typeof STATUS_TEXT>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, {
      description: STATUS_TEXT[s],
      content: { "application/json": { schema: ErrorSchema } },
    }]),
  ) as Record<
    S,
    { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }
  >;
}

/** Errors every authenticated call may answer. */
export const AUTHED_ERRORS = [400, 401, 403, 413, 500] as const;

export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  content: { "application/json": { schema } },
  description: description ?? "",
  required: true,
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});
