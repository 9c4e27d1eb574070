/**
 * How islands call the API: the typed client (generated from the contract) with the shell's
 * rules of ./fetch_json.ts — any 401 outside the login page goes to /login, and every failure is
 * normalised to `{status, code, message}` as section 8 of the spec describes.
 */
import createClient from "openapi-fetch";
import type { paths } from "../../openapi/types.ts";
import { failureOf, portalFetch } from "./fetch_json.ts";

export {
  ApiFailure,
  failureOf,
  getJson,
  loginUrl,
  messageOf,
  portalFetch,
  postJson,
} from "./fetch_json.ts";

export const client = createClient<paths>({
  baseUrl: "",
  fetch: (request: Request) => portalFetch(request),
});

/** Unwraps an openapi-fetch result: the data, or a thrown ApiFailure. */
export async function call<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await pending;
  if (response.ok) return data as T;
  throw await failureOf(response, error);
}
