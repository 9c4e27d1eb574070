import { z } from "zod";
import { join } from "node:path";
import { DEFAULT_RETRY_SCHEDULE } from "./delivery/schedule.ts";

/** Documented default demo password: for embedded demo use only (README). */
export const DEFAULT_DEMO_PASSWORD = "demo-portal-2026";
/** OWASP Password Storage Cheat Sheet: PBKDF2-HMAC-SHA256 with 600,000 iterations. */
export const OWASP_PBKDF2_ITERATIONS = 600_000;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const schema = z.object({
  PORT: int(0, 65535).default(8000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().regex(
    /^postgres(ql)?:\/\//,
    "must be a postgres:// or postgresql:// URL",
  )
    .optional(),
  DATABASE_POOL_SIZE: int(1, 100).default(10),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEMO_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SEED: z.enum(["auto", "demo", "none"]).default("auto"),
  PASSWORD_ITERATIONS: int(100_000, 10_000_000).default(OWASP_PBKDF2_ITERATIONS),
  /**
   * The password pool (server/auth/password_pool.ts): passwords derived at once (0: half the
   * cores, at least one), and how many more may wait before a sign-in answers 503.
   */
  PASSWORD_THREADS: int(0, 256).default(0),
  PASSWORD_QUEUE: int(0, 100_000).default(16),
  SESSION_HOURS: int(1, 24 * 7).default(12),
  REMEMBER_DAYS: int(1, 365).default(30),
  LOGIN_MAX_FAILURES: int(1, 1000).default(5),
  LOGIN_MAX_FAILURES_PER_IP: int(1, 100_000).default(50),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(15),
  SESSION_RECHECK_SECONDS: int(0, 60).default(2),
  /**
   * The audit trail (issue 40): on by default; off, changes and sign-ins are not recorded (what
   * it costs a write is measured so: bench section 10).
   */
  AUDIT_TRAIL: bool.default(true),
  /** Audit entries older than this many days are dropped by the hourly pruning. */
  AUDIT_RETENTION_DAYS: int(1, 36_500).default(400),
  /** The store-and-push host customers' systems connect to (dnid pages, LES details). */
  STORE_N_PUSH_HOST: z.string().min(1).regex(/^[A-Za-z0-9.-]+$/).default("pushc"),
  /** The simulated land earth station: seconds between two states, and the share that fails. */
  LES_STEP_SECONDS: int(1, 3600).default(2),
  LES_FAILURE_PERCENT: int(0, 100).default(10),
  /**
   * Where the background work runs (docs/deploy.md): `on` inside this server on timers (the
   * default), `off` nowhere here (`deno task worker` processes run it), `cron` in Deno.cron
   * windows (Deno Deploy, where timers do not outlive requests).
   */
  JOBS: z.enum(["on", "off", "cron"]).default("on"),
  /**
   * The delivery engine (docs/decisions/0015-delivery-engine.md): `on` runs it inside the server
   * (the default), `off` leaves delivery to `deno task worker` processes.
   */
  DELIVERY_WORKER: z.enum(["on", "off"]).default("on"),
  /**
   * Messages one worker delivers at the same time (and claims at once), and at most per
   * destination. Unset: 1,000 on PostgreSQL, whose claims are held by their transaction and cost
   * the database less a message the larger they are, 256 on PGlite, whose one connection a
   * claim keeps from the requests while it is written (server/delivery/engine.ts).
   */
  DELIVERY_CONCURRENCY: int(1, 1000).optional(),
  DELIVERY_PER_DESTINATION: int(1, 1000).default(8),
  /** Connect, write and read each time out after this many milliseconds. */
  DELIVERY_TIMEOUT_MS: int(100, 600_000).default(10_000),
  /** A worker's claim on a message lasts this long; a crashed worker's messages come back then. */
  DELIVERY_LEASE_SECONDS: int(1, 3600).default(60),
  /**
   * Seconds before each attempt: the first, then each retry; after the last the message ends in
   * its final error status. Decimals allowed (tests use short schedules).
   */
  DELIVERY_RETRY_SCHEDULE: z.string().regex(
    /^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/,
    "must be seconds separated by commas, e.g. 0,5,300",
  ).default(DEFAULT_RETRY_SCHEDULE),
  /**
   * Egress policy. Destinations resolving to loopback, private, link-local, CGNAT or metadata
   * addresses are refused unless DELIVERY_ALLOW lists them (CIDRs or host names, commas);
   * DELIVERY_PUBLIC=deny refuses public addresses too (the demo and the tests: nothing leaves
   * the machine). `auto` is deny when the demo sinks run, else allow.
   */
  DELIVERY_ALLOW: z.string().default(""),
  DELIVERY_PUBLIC: z.enum(["auto", "allow", "deny"]).default("auto"),
  /**
   * The SMTP relay (smart host) e-mail routes and the set-password e-mails are sent through,
   * host:port, and the sender.
   */
  SMTP_RELAY: z.string().default(""),
  SMTP_FROM: z.string().default(""),
  /** FTP login for FTP routes (their addresses carry none); anonymous by default. */
  FTP_USER: z.string().default("anonymous"),
  FTP_PASSWORD: z.string().default("portal@"),
  /**
   * The demo's loopback receivers (a TCP listener, an SMTP catcher, an FTP server, an HTTP
   * endpoint) the demo routes point at: `auto` starts them in embedded mode, on ports
   * DEMO_SINK_PORT + 1…6. DEMO_FEED_SECONDS: how often the simulated LES receives a position
   * report for a demo terminal (0: never).
   */
  DEMO_SINKS: z.enum(["auto", "on", "off"]).default("auto"),
  DEMO_SINK_PORT: int(1024, 65000).default(2600),
  DEMO_FEED_SECONDS: int(0, 86400).default(15),
  /**
   * The portal's address as users reach it (https://portal.example.com), for links in e-mails;
   * unset: the address of the administrator's request (behind TRUST_PROXY, the forwarded one).
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((u) => u.replace(/\/+$/, ""))
    .optional(),
  TRUST_PROXY: bool.default(false),
  LOG_REQUESTS: bool.default(false),
  /** Development and tests: check every answer against the contract (server/http/response_contract.ts). */
  VALIDATE_RESPONSES: bool.default(false),
});

type Parsed = z.output<typeof schema>;

export interface Config extends Omit<Parsed, "SESSION_SECRET" | "DEMO_PASSWORD"> {
  /** Null when the secret has to be read from or generated into DATA_DIR (embedded mode). */
  SESSION_SECRET: string | null;
  DEMO_PASSWORD: string;
  /** True when DEMO_PASSWORD was not given and the documented default is in use. */
  demoPasswordIsDefault: boolean;
  /**
   * True when DEMO_SINK_PORT was given: its ports must then be the demo receivers' own (a taken
   * one stops the start); by default free ports are taken instead (server/demo/sinks.ts).
   */
  demoSinkPortGiven: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once. Empty strings count as unset. Throws ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const given = Object.fromEntries(
    Object.keys(schema.shape).map((k) => [k, env[k] === "" ? undefined : env[k]]),
  );
  // On Deno Deploy (which sets DENO_DEPLOY=true) timers die with the instance: cron windows.
  if (given.JOBS === undefined && env.DENO_DEPLOY === "true") given.JOBS = "cron";
  const result = schema.safeParse(given);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) =>
        `${i.path.join(".")}: ${i.message} (got ${JSON.stringify(given[String(i.path[0])])})`
      ),
    );
  }
  const c = result.data;
  const problems: string[] = [];
  if (c.DATABASE_URL && !c.SESSION_SECRET) {
    problems.push(
      "SESSION_SECRET: required when DATABASE_URL is set (instances must share one secret)",
    );
  }
  if (c.DATABASE_URL && c.SEED === "demo" && !c.DEMO_PASSWORD) {
    problems.push(
      "DEMO_PASSWORD: required to seed demo accounts into PostgreSQL (the default is for embedded demo use only)",
    );
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    ...c,
    SESSION_SECRET: c.SESSION_SECRET ?? null,
    DEMO_PASSWORD: c.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    demoPasswordIsDefault: !c.DEMO_PASSWORD,
    demoSinkPortGiven: given.DEMO_SINK_PORT !== undefined,
  };
}

/**
 * The configuration of a process that serves no sessions (`deno task worker`, `deno task
 * migrate`): SESSION_SECRET, required of servers with DATABASE_URL, is not needed there.
 */
export const parseConfigWithoutSessions = (env: Record<string, string | undefined>): Config =>
  parseConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || "x".repeat(32) });

/** Embedded mode: reads DATA_DIR/session-secret, generating it (0600) on first start. */
export async function embeddedSessionSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, "session-secret");
  try {
    const secret = (await Deno.readTextFile(file)).trim();
    if (secret.length >= 32) return secret;
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  await Deno.mkdir(dataDir, { recursive: true });
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  const secret = btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
  await Deno.writeTextFile(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** Which variables exist, for the README and `--help`. */
export const CONFIG_VARIABLES = Object.keys(schema.shape);
