/** Every operation of the contract, and sending a probe's request to one (a fresh session each). */
import { generatedDocument } from "../../openapi/generate.ts";
import { sessionKeys } from "../../server/auth/token.ts";
import { createSession } from "../../server/services/users/session/store.ts";
import type { Db } from "../../db/client.ts";
import { TEST_SECRET } from "../fixtures/app.ts";
import type { ProbeRequest } from "./tenant.ts";
import { bodyOf } from "../fixtures/body.ts";

export interface Operation {
  id: string;
  method: string;
  path: string;
  access: "public" | "user" | "admin";
  tenancy: string;
  /** The operation's OpenAPI object (parameters, requestBody, …). */
  spec: Record<string, unknown>;
}

export const DOCUMENT = JSON.parse(generatedDocument());

export const OPERATIONS: Operation[] = Object.entries(
  DOCUMENT.paths as Record<string, Record<string, Record<string, unknown>>>,
).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    id: op.operationId as string,
    method: method.toUpperCase(),
    path,
    access: op["x-access"] as Operation["access"],
    tenancy: op["x-tenancy"] as string,
    spec: op,
  }))
);

const keys = sessionKeys(TEST_SECRET);

/** A new session of the user (the test app's keys): its bearer token. */
export const tokenFor = async (db: Db, user: { key: number }) =>
  (await createSession(db, keys, {
    userKey: user.key,
    remember: false,
    lifetimeSeconds: 600,
    ip: "test",
  })).token;

/** An answer: its status, and its headers and body as one text (for leak checks). */
export interface Answer {
  status: number;
  text: string;
  body: string;
}

/** What answers requests: the test app in process, or a server over HTTP (tests/deploy/). */
export interface Requester {
  request(url: string, init: RequestInit): Response | Promise<Response>;
}

/** Sends a request to an operation, with a bearer token when given. */
export async function send(
  app: Requester,
  op: Pick<Operation, "method" | "path">,
  req: ProbeRequest,
  token?: string,
): Promise<Answer> {
  const query = new URLSearchParams(
    Object.entries(req.query ?? {}).map(([k, v]) => [k, String(v)]),
  ).toString();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: BodyInit | undefined;
  if (req.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(req.json);
  } else if (req.body) {
    headers["content-type"] = req.contentType ?? "application/octet-stream";
    body = req.body as Uint8Array<ArrayBuffer>;
  }
  const res = await app.request(`http://localhost${op.path}${query ? `?${query}` : ""}`, {
    method: op.method,
    headers,
    body,
  });
  const text = new TextDecoder().decode(await bodyOf(res));
  return {
    status: res.status,
    body: text,
    text: [...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n") + "\n\n" + text,
  };
}
