import { createRoute, z } from "@hono/zod-openapi";
import { AUTHED_ERRORS, errorResponses, jsonBody, jsonResponse } from "../../router.ts";
import {
  LoginRequestSchema,
  LoginResponseSchema,
  SessionUserSchema,
} from "../../../openapi/schemas/session.ts";
import { SuccessSchema } from "../../../openapi/schemas/common.ts";

export const login = createRoute({
  method: "post",
  path: "/rest/users/login",
  tags: ["Session"],
  summary: "Sign in",
  description:
    "Checks the credentials and starts a session: sets an HttpOnly SameSite=Strict cookie and returns a bearer token. " +
    "Repeated failures lock the username (and the address) for a while: the 429 answer says when to retry. " +
    "A missing username or password answers 400 'Error empty login'.",
  security: [],
  request: { body: jsonBody(LoginRequestSchema) },
  responses: {
    200: jsonResponse(LoginResponseSchema, "Signed in: the user and a bearer token"),
    ...errorResponses(400, 401, 403, 413, 429, 500),
  },
});

export const logout = createRoute({
  method: "post",
  path: "/rest/users/logout",
  tags: ["Session"],
  summary: "Sign out",
  description:
    "Ends the current session (the token stops working on every instance) and clears the cookie.",
  request: {
    body: { content: { "application/json": { schema: z.object({}).meta({ id: "Empty" }) } } },
  },
  responses: {
    200: jsonResponse(SuccessSchema, "Signed out"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const current = createRoute({
  method: "get",
  path: "/rest/users/current",
  tags: ["Session"],
  summary: "The signed-in user",
  description: "Who is signed in, with the team rights that decide what the shell shows.",
  responses: {
    200: jsonResponse(SessionUserSchema, "The signed-in user"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});
