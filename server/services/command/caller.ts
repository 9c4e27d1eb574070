/** Who sends a terminal command: the database, the LES, the caller's scope and user key. */
import type { Db } from "../../../db/client.ts";
import type { StationAdapter } from "../../station/adapter.ts";
import type { Scope } from "../tenancy.ts";
import type { Caller } from "./send.ts";

/** A handler's caller (`c.var`) or a page's context, as the services take it. */
export const callerOf = (v: {
  deps: { db: Db; station: StationAdapter };
  scope: Scope;
  user: { key: number };
}): Caller => ({ db: v.deps.db, station: v.deps.station, scope: v.scope, userKey: v.user.key });
