import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./router.ts";
import * as resources from "./rest/mod.ts";

const OPENAPI_INFO = {
  title: "Satellite data-tracking and messaging portal API",
  version: "1.0.0",
  description:
    "The portal's `/rest` API. Sign in with `POST /rest/users/login`; browsers then use the " +
    "session cookie, integrators send the returned token as `Authorization: Bearer <token>`. " +
    "Every error is `{code, message}` (validation errors add `fields`). Each operation says who " +
    "may call it (`x-access`: public, user or admin) and how its rows are scoped to the " +
    "caller's company (`x-tenancy`: all, company, tgid, caller or none).",
  contact: { name: "Portal operations" },
  license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
};

/** Where the API is: the portal's own origin (set `origin` to your portal's address). */
const OPENAPI_SERVERS = [{
  url: "{origin}",
  description: "The portal this document came from",
  variables: {
    origin: {
      default: "http://localhost:8000",
      description: "The portal's address: scheme, host and port",
    },
  },
}];

/** Registers the security schemes once on the app's registry. */
export function registerSecurity(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The token returned by POST /rest/users/login",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "portal_session",
    description: "Set by POST /rest/users/login (HttpOnly, SameSite=Strict)",
  });
}

/** Every resource's tag, by name. */
const TAGS = Object.values(resources).map((r) => r.tag)
  .sort((a, b) => a.name.localeCompare(b.name));

type Json = unknown;

/**
 * A nullable named schema (`RefSchema.nullable()`) as OpenAPI 3.1 means it: `anyOf` the reference
 * and null. The generator writes `allOf: [{$ref}, {type: [object, null]}]`, which null can never
 * satisfy, since it must also match the reference (asteasolutions/zod-to-openapi#387).
 */
function nullableRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(nullableRefs);
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.entries(node).map(([k, v]) => [k, nullableRefs(v)] as const);
  const { allOf, ...rest } = Object.fromEntries(entries) as { allOf?: Json[] };
  const [ref, nullable] = allOf ?? [];
  const type = (nullable as { type?: unknown } | undefined)?.type;
  if (
    allOf?.length === 2 && typeof ref === "object" && ref !== null && "$ref" in ref &&
    Object.keys(nullable as object).length === 1 && Array.isArray(type) && type.includes("null")
  ) {
    return { anyOf: [ref, { type: "null" }], ...rest };
  }
  return Object.fromEntries(entries);
}

/** The OpenAPI 3.1 document the server serves at /openapi.json. */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  const document = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: OPENAPI_INFO,
    servers: OPENAPI_SERVERS,
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    tags: TAGS,
  });
  return nullableRefs(document) as typeof document;
}
