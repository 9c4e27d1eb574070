/**
 * How islands call the API: the typed client (generated from the contract) with the shell's
 * rules of ./fetch_json.ts — any 401 outside the login page goes to /login, and every failure is
 * normalised to `{status, code, message}` as section 8 of the spec describes.
 */
import type createClient from "openapi-fetch";
import type { paths } from "../../openapi/types.ts";
import { failureOf, portalFetch } from "./fetch_json.ts";

export { ApiFailure, failureOf, getJson, messageOf, portalFetch, postJson } from "./fetch_json.ts";

/**
 * A find call whose filter the server would refuse (letters in a number filter: the contract's
 * FILTER_PATTERNS) is answered here as the server would, 400 with the same message and `fields`,
 * without sending it; the table shows the message next to the filter box.
 */
async function refusedFilter(
  request: Request,
  FILTER_PATTERNS: Record<string, Record<string, readonly [string, string]>>,
): Promise<Response | null> {
  if (request.method !== "POST") return null;
  const path = new URL(request.url).pathname;
  if (!Object.keys(FILTER_PATTERNS).some((k) => k.split("#")[0] === path)) return null;
  const body = await request.clone().json().catch(() => null);
  const filter = body?.filter as Record<string, unknown> | undefined;
  const rules = FILTER_PATTERNS[path] ?? FILTER_PATTERNS[`${path}#${body?.type}`];
  if (!rules || !filter) return null;
  const fields = Object.entries(rules)
    .filter(([key, [pattern]]) =>
      typeof filter[key] === "string" && !new RegExp(pattern).test(filter[key] as string)
    )
    .map(([key, [, message]]) => ({ path: `filter.${key}`, message }));
  return fields.length
    ? Response.json({ code: 400, message: fields[0].message, fields }, { status: 400 })
    : null;
}

type Client = ReturnType<typeof createClient<paths>>;
let typed: Promise<Client> | undefined;

/**
 * The typed client and the filter rules load with the first call, not with the page: an island
 * is hydrated and shown without them (they weigh about 4 KB of a first load's 100 KB budget).
 */
function load(): Promise<Client> {
  typed ??= Promise.all([import("openapi-fetch"), import("../../openapi/filter_patterns.ts")]).then(
    ([{ default: createClient }, { FILTER_PATTERNS }]) =>
      createClient<paths>({
        baseUrl: "",
        fetch: async (request: Request) =>
          await refusedFilter(request, FILTER_PATTERNS) ?? portalFetch(request),
      }),
  );
  return typed;
}

/** The typed client's calls, each loading it on first use. */
export const client = {
  GET: lazily("GET"),
  POST: lazily("POST"),
  DELETE: lazily("DELETE"),
};

function lazily<M extends "GET" | "POST" | "DELETE">(method: M): Client[M] {
  // deno-lint-ignore no-explicit-any
  return ((...args: any[]) => load().then((c) => (c[method] as any)(...args))) as Client[M];
}

/** Unwraps an openapi-fetch result: the data, or a thrown ApiFailure. */
export async function call<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await pending;
  if (response.ok) return data as T;
  throw await failureOf(response, error);
}
