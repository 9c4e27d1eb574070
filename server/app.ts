import { OpenAPIHono } from "@hono/zod-openapi";
import { secureHeaders } from "hono/secure-headers";
import { openerPolicy } from "./http/opener_policy.ts";
import { methodNotAllowed } from "./http/method_not_allowed.ts";
import { bodyLimit } from "hono/body-limit";
import { ApiError, unauthorized } from "./errors.ts";
import type { AppEnv, AppOptions, Deps } from "./router.ts";
import { PasswordPool } from "./auth/password_pool.ts";
import { toErrorResponse } from "./errors.ts";
import { clientIp } from "./http/client_ip.ts";
import { csrfGuard } from "./auth/csrf.ts";
import { requestUser } from "./auth/access.ts";
import { Sessions } from "./auth/sessions.ts";
import { EventHub } from "./services/events/hub.ts";
import { configuredStation } from "./station/simulated.ts";
import { openApiDocument, registerSecurity } from "./openapi_doc.ts";
import { apiDocs } from "./pages/api_docs.ts";
import * as resources from "./rest/mod.ts";
import { login } from "./rest/users/session/operations.ts";
import { pagesRouter } from "./pages/router.ts";
import { compress } from "hono/compress";

/** Largest accepted /rest request body (Messaging C attachments are at most 32 KB). */
const MAX_BODY_BYTES = 1024 * 1024;

/** Builds the whole application from its dependencies; no globals, nothing read per request. */
export function createApp(options: AppOptions) {
  const sessions = new Sessions(
    options.database,
    options.keys,
    options.config.SESSION_RECHECK_SECONDS,
  );
  const deps: Deps = {
    ...options,
    db: options.database.db,
    dbKind: options.database.kind,
    sessions,
    station: configuredStation(options.database.db, options.config),
    events: new EventHub(options.database, sessions),
    passwords: new PasswordPool(
      options.config.PASSWORD_ITERATIONS,
      options.config.PASSWORD_THREADS || undefined, // 0: the pool's default
      options.config.PASSWORD_QUEUE,
    ),
  };
  const app = new OpenAPIHono<AppEnv>();
  app.onError(toErrorResponse);
  app.notFound(async (c) => {
    // An unknown /rest call: 401 without a session, like every call but the public ones.
    if (c.req.path.startsWith("/rest/") && !await requestUser(c)) throw unauthorized();
    return c.json({ code: 404, message: "Not found" }, 404);
  });

  app.use(
    "*",
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      // Set per request instead (openerPolicy below, docs/security.md).
      crossOriginOpenerPolicy: false,
      // Origin-Agent-Cluster adds ~15 ms of first paint for no protection we need: off.
      originAgentCluster: false,
      // "same-origin": our own requests keep their Origin and Referer; nothing leaks elsewhere.
      referrerPolicy: "same-origin",
    }),
  );
  app.use("*", openerPolicy);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  // Read on the first request, when every route below is registered.
  app.use("*", methodNotAllowed(() => app.routes));
  let document: unknown;
  const contract = () => document ??= openApiDocument(app);
  if (deps.config.VALIDATE_RESPONSES) {
    // Loaded only when asked for: the checker (ajv) adds ~0.2 s to a start that production skips.
    const checking = import("./http/response_contract.ts")
      .then((m) => m.validateResponses(contract));
    app.use("*", async (c, next) => await (await checking)(c, next));
  }
  if (deps.config.LOG_REQUESTS) {
    app.use("*", async (c, next) => {
      const t0 = performance.now();
      await next();
      console.log(
        `${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms`,
      );
    });
  }
  app.use(
    "/rest/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(
          413,
          `Request body too large: at most ${MAX_BODY_BYTES / 1024 / 1024} MB`,
        );
      },
    }),
  );
  app.use("/rest/*", clientIp);
  app.use("/rest/*", csrfGuard({ loginPath: login.path, trustProxy: deps.config.TRUST_PROXY }));
  // The pages' no-JavaScript form posts sign in or set a password: guarded like a login.
  const formGuards = (path: string) => [
    clientIp,
    csrfGuard({ loginPath: path, trustProxy: deps.config.TRUST_PROXY }),
  ];
  app.use("/rest/*", async (c, next) => {
    await next();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });

  for (const r of Object.values(resources)) app.route("/", r.router);

  registerSecurity(app);
  app.get("/openapi.json", (c) => c.json(contract()));
  app.route("/", apiDocs);
  // Pages are compressed on the fly; the bundle is served pre-compressed.
  app.use("*", async (c, next) => {
    if (c.req.path.startsWith("/assets/")) return await next();
    return await compress({ encoding: "gzip" })(c, next);
  });
  app.route("/", pagesRouter(formGuards));
  // The live streams, for the server to end them when it stops (they never end on their own).
  return Object.assign(app, { events: deps.events });
}
