import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./router.ts";

export const OPENAPI_INFO = {
  title: "Satellite data-tracking and messaging portal API",
  version: "1.0.0",
  description:
    "The portal's `/rest` API. Sign in with `POST /rest/users/login`; browsers then use the session cookie, " +
    "integrators send the returned token as `Authorization: Bearer <token>`. Every error is `{code, message}` " +
    "(validation errors add `fields`).",
};

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

/** The OpenAPI 3.1 document the server serves at /openapi.json. */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: OPENAPI_INFO,
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    tags: [
      { name: "Session", description: "Sign in, sign out, the signed-in user" },
      { name: "System", description: "Error codes, files, health" },
    ],
  });
}
