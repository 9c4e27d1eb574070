import { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "./config.ts";
import type { Database, Db } from "../db/client.ts";
import type { SessionKeys } from "./auth/token.ts";
import type { Sessions, SessionUser } from "./auth/sessions.ts";
import type { Scope } from "./services/tenancy.ts";
import type { StationAdapter } from "./station/adapter.ts";
import type { EventHub } from "./services/events/hub.ts";
import type { PasswordPool } from "./auth/password_pool.ts";
import { validationError } from "./errors.ts";

/** What the app is built from; passed in, never read per request. */
export interface AppOptions {
  config: Config;
  database: Database;
  keys: SessionKeys;
  version: string;
  startedAt: Date;
}

/** What handlers see: the options plus shortcuts and the session resolver. */
export interface Deps extends AppOptions {
  db: Db;
  dbKind: Database["kind"];
  sessions: Sessions;
  /** The land earth station the portal talks to (server/station/adapter.ts). */
  station: StationAdapter;
  /** This instance's live event streams (GET /rest/events). */
  events: EventHub;
  /** Where requests check and set passwords, a bounded number at a time. */
  passwords: PasswordPool;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** Set by the route's guard on every operation that needs a session. */
    user: SessionUser;
    /** The caller's company scope, for the services' tenant rules (services/tenancy.ts). */
    scope: Scope;
    clientIp: string;
  };
};

/** A router whose validation failures answer our `{code, message, fields}` shape. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues);
    },
  });
