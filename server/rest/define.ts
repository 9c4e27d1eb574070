/**
 * How every /rest operation is declared (docs/decisions/0009-resource-recipe.md). A route states,
 * where it is declared, who may call it (`access`) and how its rows are scoped to the caller's
 * company (`tenancy`); from that declaration come its guard, its `operationId`, the error
 * statuses it documents, an "Access:" sentence in its description and the `x-access` and
 * `x-tenancy` extensions of the OpenAPI document (which the contract and matrix tests read).
 */
import { createRoute, type RouteConfig, type RouteHandler, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { type AppEnv, createRouter } from "../router.ts";
import { ErrorSchema } from "../errors.ts";
import { guard } from "../auth/access.ts";
import { audited } from "../http/audited.ts";
import { PAGE_WINDOW_MESSAGE } from "../../openapi/schemas/find.ts";

/** Who may call an operation. */
export type Access =
  /** Anyone, without a session (sign-in, health). */
  | "public"
  /** Any signed-in user, whatever the team rights. */
  | "user"
  /** Signed-in administrators: team rights below 100. */
  | "admin";

/** How the rows an operation reads or changes are scoped to the caller's company. */
type Tenancy =
  /** Administrators only: every company's rows. */
  | "all"
  /** Rows that belong to a company: a client user reaches only its own company's. */
  | "company"
  /**
   * Rows that belong to a tgid: a client user reaches the tgids owned by, or shared with, a team
   * of its company; it changes and sends to those its company owns only (a shared one is
   * read-only for it: `ownTgidRows`).
   */
  | "tgid"
  /** The caller's own rows (its session, its uploads). */
  | "caller"
  /** Nothing company-owned (reference data, news by role, health). */
  | "none";

/** An operation's authorization: who, and (for signed-in users) how its rows are scoped. */
export type Authorization =
  | { access: "public"; tenancy?: "none" }
  | { access: "admin"; tenancy?: "all" }
  | { access: "user"; tenancy: Exclude<Tenancy, "all"> };

const STATUS_TEXT = {
  400: "Invalid input: `fields` says which and why",
  401: "Not signed in, or the session has ended",
  403: "Forbidden: not allowed for this user, or a cross-site request",
  404: "Not found (or belongs to another company)",
  409: "Conflict: duplicate identifier (code 23000) or linked items",
  413: "Request body larger than 1 MB",
  415: "The body is not JSON: send it with `Content-Type: application/json`",
  429: "Too many failed logins: `limit`, `retryAt` and `retryAfter` say when to retry",
  500: "Unexpected failure (no internals are disclosed)",
  503: "Unavailable for now: the database is unreachable or was busy (a deadlock or " +
    "serialization failure), or every place of the password pool is taken (sign-in and " +
    "passwords: `Retry-After` and `retryAfter` say when to retry); retry",
} as const;
type ErrorStatus = keyof typeof STATUS_TEXT;

/** A response header as the contract declares it (the test client checks those required). */
type HeaderSpec = {
  description: string;
  required?: boolean;
  schema: { type: "string" | "integer"; minimum?: number };
};
type ResponseHeaders = Record<string, HeaderSpec>;

type ErrorResponse = {
  description: string;
  content: { "application/json": { schema: typeof ErrorSchema } };
  headers?: ResponseHeaders;
};

/** Headers an error status always carries. */
const ERROR_HEADERS: Partial<Record<ErrorStatus, ResponseHeaders>> = {
  429: {
    "Retry-After": {
      description: "Seconds until the lock ends (the body's `retryAfter`)",
      required: true,
      schema: { type: "integer", minimum: 1 },
    },
  },
  503: {
    "Retry-After": {
      description: "Seconds after which to retry, when the server can tell (the password pool)",
      schema: { type: "integer", minimum: 1 },
    },
  },
};

/** The `responses` entries for the error statuses a route can answer. */
function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    [...new Set(statuses)].sort().map((s): [S, ErrorResponse] => [s, {
      description: STATUS_TEXT[s],
      content: { "application/json": { schema: ErrorSchema } },
      ...(ERROR_HEADERS[s] ? { headers: ERROR_HEADERS[s] } : {}),
    }]),
  ) as Record<S, ErrorResponse>;
}

/**
 * A JSON request body. `example`, when given, is the operation's own example of the whole body
 * (typed as the schema's input): for a schema whose fields' examples do not make a request this
 * operation accepts, e.g. one schema shared by an add and an update.
 */
export const jsonBody = <T extends z.ZodType>(
  schema: T,
  example?: z.input<T>,
  description = "",
) => ({
  content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } },
  description,
  required: true,
});

export const jsonResponse = <T extends z.ZodType>(
  schema: T,
  description: string,
  headers?: ResponseHeaders,
) => ({
  content: { "application/json": { schema } },
  description,
  ...(headers ? { headers } : {}),
});

/** A header every answer of a kind carries: its description and type. */
export const requiredHeader = (description: string): HeaderSpec => ({
  description,
  required: true,
  schema: { type: "string" },
});

/** A route as declared: createRoute's config with its authorization, minus what it derives. */
type RouteDeclaration =
  & Omit<RouteConfig, "middleware" | "security" | "operationId" | "tags">
  & Authorization
  & {
    /**
     * The business rules a request that satisfies the schemas can still be refused by, as the
     * server words its message (a number in it stands for any, and `…` for any text: an item's
     * name, a host): listed at the end of the description (RULES_INTRO), so a client generated
     * from the contract can know them. The fuzz's acceptance mode (tests/fuzz/acceptance.ts)
     * refuses any other refusal of such a request.
     */
    rules?: readonly string[];
    /** A find: its page window is one of its rules (PAGE_WINDOW_MESSAGE). */
    paged?: boolean;
    /** Error statuses besides those every operation answers (400, 401, 403, 413, 500). */
    errors?: ErrorStatus[];
    /**
     * A successful call may change what a session resolves to (a user's status, team, rights or
     * company): this instance forgets its cached sessions at once (docs/decisions/0009).
     */
    refreshesSessions?: boolean;
    /**
     * Whether the operation changes data, when its method does not say so: every operation not
     * sent with GET changes data unless it is a find (`paged`) or says `writes: false`; a GET
     * changes nothing unless it says `writes: true` (a delete, a cancel).
     */
    writes?: boolean;
    /**
     * How its changes reach the audit trail (server/http/audited.ts): by default an operation
     * that changes data runs in one transaction whose audited rows record themselves; "self": it
     * records its own entries (a sign-in, which must not hold a transaction while it hashes).
     */
    audit?: "self";
  };

/** What introduces an operation's rules at the end of its description: `"…"; "…".` follow. */
export const RULES_INTRO = "Refused, beyond the schemas, with: ";

/** `/rest/companies/getDetails` → `companiesGetDetails`; `/health` → `health`. */
function operationIdOf(path: string): string {
  const [resource, ...rest] = path.replace(/^\/rest\//, "").split("/").filter(Boolean);
  return resource + rest.map((s) => s[0].toUpperCase() + s.slice(1)).join("");
}

const ACCESS_TEXT: Record<Tenancy, string> = {
  all: "Administrators only (team rights below 100).",
  company: "Any signed-in user; a client user (team rights 100 or above) reaches only its own " +
    "company's rows (another company's answer as not found).",
  tgid: "Any signed-in user; a client user reaches only the tgids owned by, or shared with, a " +
    "team of its company, and what belongs to them; a tgid merely shared with its company is " +
    "read-only for it (adding a terminal to it, changing or sending to one of its terminals is " +
    "treated like an unknown one: 404).",
  caller: "Any signed-in user, for their own session and rows.",
  none: "Any signed-in user.",
};

/**
 * The statuses every operation can answer: 400 (its input), 401 (no session), 403 (not an
 * administrator, or a cross-site request: server/auth/csrf.ts), 413 (body over 1 MB), 415 (a JSON body
 * sent as another media type), 500.
 */
const impliedErrors = (d: RouteDeclaration): ErrorStatus[] => [
  ...(d.request ? [400 as const] : []),
  // A JSON body sent as another media type: @hono/zod-openapi's gate answers 415.
  ...(d.request?.body && "application/json" in (d.request.body.content ?? {})
    ? [415 as const]
    : []),
  ...(d.access === "public" ? [] : [401 as const]),
  403,
  413,
  500,
];

/** Clears this instance's session cache after the call succeeded. */
const refreshSessions: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 400) c.var.deps.sessions.clear();
};

/**
 * Declares an operation: createRoute with its guard, operationId, error responses and access
 * documented. The tag is the resource's, set when it is mounted (`resource`).
 */
export function defineRoute<const P extends string, const D extends RouteDeclaration & { path: P }>(
  declaration: D,
) {
  const {
    access,
    tenancy,
    errors,
    refreshesSessions,
    paged,
    writes,
    audit,
    rules: declared,
    ...config
  } = declaration;
  const operationId = operationIdOf(config.path);
  const changes = writes ?? (config.method !== "get" && !paged);
  const trail = !changes ? "none" : audit ?? "transaction";
  const rules = [...paged ? [PAGE_WINDOW_MESSAGE] : [], ...declared ?? []];
  const scope: Tenancy = tenancy ?? (access === "admin" ? "all" : "none");
  const text = access === "public" ? "Public: no session needed." : ACCESS_TEXT[scope];
  const refusals = rules.length ? ` ${RULES_INTRO}${rules.map((r) => `"${r}"`).join("; ")}.` : "";
  return createRoute({
    ...config,
    operationId,
    description: (config.description ? `${text} ${config.description}` : text) + refusals,
    ...(access === "public" ? { security: [] } : {}),
    middleware: [
      ...(access === "public" ? [] : [guard(access)]),
      ...(refreshesSessions ? [refreshSessions] : []),
      ...(trail === "transaction" ? [audited(operationId)] : []),
    ],
    responses: {
      ...config.responses,
      ...errorResponses(...impliedErrors(declaration), ...(errors ?? [])),
    } as D["responses"] & Record<ErrorStatus, ErrorResponse>,
    "x-access": access,
    "x-tenancy": scope,
    /** "transaction", "self" or "none" (changes nothing): tests/audit read it. */
    "x-audit": trail,
  });
}

interface ResourceTag {
  name: string;
  description: string;
}

type Declared = ReturnType<typeof defineRoute>;

/** A resource's handlers.ts: one handler per route of its routes.ts, under the same name. */
export type Handlers<R extends Record<string, Declared>> = {
  [K in keyof R]: RouteHandler<R[K], AppEnv>;
};

/** What a resource's mod.ts exports: its tag and its router. */
interface Resource {
  tag: ResourceTag;
  router: ReturnType<typeof createRouter>;
}

/**
 * Mounts a resource: every route of its routes.ts with the handler of the same name from its
 * handlers.ts (the types make sure each route has one), under the resource's tag.
 */
export function resource<R extends Record<string, Declared>>(def: {
  tag: ResourceTag;
  routes: R;
  handlers: Handlers<R>;
}): Resource {
  const router = createRouter();
  for (const key of Object.keys(def.routes) as (keyof R & string)[]) {
    const route: Declared = def.routes[key];
    router.openapi({ ...route, tags: [def.tag.name] }, def.handlers[key]);
  }
  return { tag: def.tag, router };
}
