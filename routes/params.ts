/** A page's path parameters, checked: a malformed one means the page does not exist (404). */
import { notFound } from "../server/errors.ts";
import { MAX_ID } from "../openapi/schemas/common.ts";

/** A page's `{id}`: a positive number, else the page does not exist. */
export function pageId(what: string, raw: string | undefined): number {
  const id = /^\d{1,10}$/.test(raw ?? "") ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw notFound(`${what} ${(raw ?? "").slice(0, 40)}`);
  return id;
}
