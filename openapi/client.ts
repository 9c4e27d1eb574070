/**
 * The typed API client for islands and integrators, typed from the generated contract.
 * Same-origin by default; the browser sends the session cookie.
 */
import createClient from "openapi-fetch";
import type { paths } from "./types.ts";

export type { paths };
export const createApiClient = (
  baseUrl = "",
  init: { token?: string; fetch?: (request: Request) => Promise<Response> } = {},
) =>
  createClient<paths>({
    baseUrl,
    credentials: "same-origin",
    headers: init.token ? { authorization: `Bearer ${init.token}` } : undefined,
    fetch: init.fetch,
  });
