/**
 * Demo data for the portal: reference data, an operator and seven client companies with their
 * teams and users, management and routing objects, and 30 days of traffic.
 *
 * Deterministic (fixed PRNG seed) except that every date is relative to `opts.now`. Runs in one
 * transaction and does nothing when the demo super administrator already exists.
 */
import { DEMO_SINK_PORT } from "./sink_ports.ts";
import { eq } from "drizzle-orm";
import type { Db } from "../../client.ts";
import { users } from "../../schema/mod.ts";
import { type DemoAccount, seedAdmin } from "./admin.ts";
import { seedCommands } from "./commands.ts";
import { seedEpadr } from "./epadr.ts";
import { seedManagement } from "./management.ts";
import { seedRouting } from "./routing.ts";
import { seedTraffic } from "./traffic.ts";
import { Rng, type SeedContext } from "./util.ts";

/** The demo sign-in accounts: one per role, two clients in two different companies. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: "super@demo.test",
    rights: 0,
    company: "operator",
    firstName: "Claire",
    lastName: "Dubois",
  },
  { id: "admin@demo.test", rights: 1, company: "operator", firstName: "Marc", lastName: "Lefèvre" },
  {
    id: "techsup@demo.test",
    rights: 11,
    company: "operator",
    firstName: "Julien",
    lastName: "Moreau",
  },
  {
    id: "care@demo.test",
    rights: 15,
    company: "operator",
    firstName: "Sophie",
    lastName: "Martin",
  },
  { id: "les@demo.test", rights: 20, company: "operator", firstName: "Henrik", lastName: "Larsen" },
  { id: "vas@demo.test", rights: 30, company: "operator", firstName: "Elena", lastName: "Rossi" },
  {
    id: "billing@demo.test",
    rights: 200,
    company: "operator",
    firstName: "Nadia",
    lastName: "Benali",
  },
  { id: "client@demo.test", rights: 100, company: "A", firstName: "Seán", lastName: "O'Brien" },
  {
    id: "client2@demo.test",
    rights: 100,
    company: "B",
    firstName: "Youssef",
    lastName: "El Amrani",
  },
];

interface SeedSummary {
  /** True when the demo data was already there and nothing was inserted. */
  skipped: boolean;
  /** Rows inserted per SQL table name. */
  counts: Record<string, number>;
}

const PRNG_SEED = 0x5a7e11;

/**
 * Seeds the demo data in one transaction. Expects the reference data (error codes, device types)
 * to be there already: `ensureReferenceData` runs first at every start.
 */
export async function seedDemo(
  db: Db,
  opts: { passwordHash: string; now?: Date; sinkPort?: number },
): Promise<SeedSummary> {
  return await db.transaction(async (tx) => {
    const existing = await tx.select({ key: users.key }).from(users)
      .where(eq(users.id, DEMO_ACCOUNTS[0].id)).limit(1);
    if (existing.length) return { skipped: true, counts: {} };

    const ctx: SeedContext = {
      tx,
      rng: new Rng(PRNG_SEED),
      now: opts.now ?? new Date(),
      passwordHash: opts.passwordHash,
      sinkPort: opts.sinkPort ?? DEMO_SINK_PORT,
      counts: {},
    };
    const admin = await seedAdmin(ctx, DEMO_ACCOUNTS);
    const management = await seedManagement(ctx, admin);
    await seedCommands(ctx, admin, management);
    const routing = await seedRouting(ctx, admin, management);
    await seedTraffic(ctx, management, routing);
    await seedEpadr(ctx, admin, management);
    return { skipped: false, counts: ctx.counts };
  });
}
