/**
 * Plain-fetch calls with the shell's rules — any 401 outside the login page goes to /login, and
 * every failure is normalised to `{status, code, message}` as section 8 of the spec describes.
 * The header islands and the charts use these directly, so a page's first load carries no
 * openapi-fetch; the typed client (./api.ts) builds on the same functions.
 */

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly type = "API Error",
  ) {
    super(message);
  }
}

let errorCodes: Promise<Map<number, string>> | undefined;
/** The server's error code list, loaded once when a failure needs it. */
function codeList(): Promise<Map<number, string>> {
  return errorCodes ??= fetch("/rest/error/all", { credentials: "same-origin" })
    .then((r) => r.ok ? r.json() : [])
    .then((rows: { code: number; message: string }[]) =>
      new Map(rows.map((r) => [r.code, r.message]))
    )
    .catch(() => new Map());
}

/** Normalises a failed response into an ApiFailure (spec section 8). */
export async function failureOf(response: Response, body?: unknown): Promise<ApiFailure> {
  if (body === undefined) {
    const text = await response.text().catch(() => "");
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.code === "number" || typeof b.code === "string") {
      return new ApiFailure(response.status, Number(b.code), String(b.message ?? ""), b);
    }
    const fault = (b.faultstring ?? (b.Fault as Record<string, unknown>)?.faultstring) as string;
    if (fault) return new ApiFailure(response.status, -1, `Server Soap Fault : ${fault}`, b);
  }
  if (typeof body === "string" && body.trim()) {
    return new ApiFailure(response.status, response.status, body.trim());
  }
  const known = (await codeList()).get(response.status);
  return known
    ? new ApiFailure(response.status, response.status, known)
    : new ApiFailure(response.status, -1, "Unknown server error");
}

const loginUrl = (next = location.pathname + location.search) =>
  `/login?next=${encodeURIComponent(next)}`;

/** fetch with the shell's rules: network errors and 401s are handled here. */
export async function portalFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, { credentials: "same-origin", ...init });
  } catch {
    throw new ApiFailure(0, -1, "Network Error", {}, "HTTP Error");
  }
  if (response.status === 401 && location.pathname !== "/login") {
    location.assign(loginUrl());
    // Never settles: the page is going away, and no island should flash an error meanwhile.
    return new Promise(() => {});
  }
  return response;
}

/** The message to show for any thrown value. */
export const messageOf = (e: unknown) =>
  e instanceof Error ? e.message || "Unknown server error" : String(e);

async function jsonOf<T>(response: Response): Promise<T> {
  if (!response.ok) throw await failureOf(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET JSON from a path built at run time (search boxes, charts). */
export async function getJson<T>(path: string): Promise<T> {
  return await jsonOf<T>(await portalFetch(path));
}

/** POST a JSON body; the JSON answer (undefined for an empty one), or a thrown ApiFailure. */
export async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  return await jsonOf<T>(
    await portalFetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}
