/**
 * Writing dnids (administrators): add and update (with a new tgid in the same transaction when
 * asked), toggle monitoring, delete with the rows that only make sense with it.
 */
import { and, count, eq, inArray, not, or } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import {
  companies,
  dnids,
  dnidStatuses,
  routingMemberRules,
  ruls,
  teams,
  tgids,
  tgidTeams,
} from "../../../db/schema/mod.ts";
import { DEFAULT_LES } from "../../../openapi/enums.ts";
import { ADMIN_MESSAGES, SELECT_COMPANY_TGID } from "../../../openapi/schemas/messages.ts";
import { DNID_MESSAGES, type DnidWrite } from "../../../openapi/schemas/dnids/dnids.ts";
import { ApiError, DUPLICATE_CODE, duplicateAs } from "../../errors.ts";
import { EVERY_COMPANY } from "../tenancy.ts";
import { dnidNotFound, getDnid } from "./read.ts";

const refused = (message: string, field: string) =>
  new ApiError(400, message, { fields: [{ path: field, message }] });

/**
 * The rows a dnid write points at, checked: the company exists, the team is one of its teams,
 * the tgid exists and one of the company's teams owns or shares it (or a new one is made for the
 * team), the rul exists on LES 21. Returns the tgid id to store.
 */
async function resolveLinks(tx: Tx, input: DnidWrite, actorKey: number): Promise<number> {
  const { opts } = input;
  const [company] = await tx.select({ id: companies.id }).from(companies)
    .where(eq(companies.id, input.company));
  if (!company) throw refused(ADMIN_MESSAGES.selectCompany, "company");
  const [team] = await tx.select({ id: teams.id }).from(teams)
    .where(and(eq(teams.id, opts.team!), eq(teams.companyId, input.company)));
  if (!team) throw refused(DNID_MESSAGES.selectTeam, "opts.team");
  if (opts.rulId != null) {
    const [rul] = await tx.select({ id: ruls.id }).from(ruls)
      .where(and(eq(ruls.id, opts.rulId), eq(ruls.les, input.les)));
    if (!rul) throw refused(DNID_MESSAGES.rulMissing(opts.rulId, input.les), "opts.rulId");
  }
  if (opts.isNewTgid) {
    const [tgid] = await tx.insert(tgids).values({
      label: opts.tgidLabel!,
      teamId: team.id,
      createdBy: actorKey,
      updatedBy: actorKey,
    }).returning({ id: tgids.id });
    return tgid.id;
  }
  const companyTeams = tx.select({ id: teams.id }).from(teams)
    .where(eq(teams.companyId, input.company));
  const [tgid] = await tx.select({ id: tgids.id }).from(tgids).where(and(
    eq(tgids.id, input.tgid!),
    or(
      inArray(tgids.teamId, companyTeams),
      inArray(
        tgids.id,
        tx.select({ id: tgidTeams.tgidId }).from(tgidTeams)
          .where(inArray(tgidTeams.teamId, companyTeams)),
      ),
    ),
  ));
  if (!tgid) throw refused(SELECT_COMPANY_TGID, "tgid");
  return tgid.id;
}

/** The row's values from the request (flags only when sent, so an edit keeps the others). */
const values = (input: DnidWrite, tgidId: number) => ({
  companyId: input.company,
  teamId: input.opts.team!,
  tgidId,
  rulId: input.opts.rulId ?? null,
  carbonCopy: input.opts.carbonCopy || null,
  comments: input.opts.comments || null,
  comments2: input.opts.comments2 || null,
  ...(input.opts.immediateDelivery === undefined
    ? {}
    : { immediateDelivery: input.opts.immediateDelivery }),
  ...(input.opts.vms === undefined ? {} : { vms: input.opts.vms ? 1 : 0 }),
  ...(input.opts.color === undefined ? {} : { color: input.opts.color || null }),
});

/**
 * POST /rest/dnids/add: the dnid, and its new tgid when `opts.isNewTgid`, in one transaction — a
 * failure (a taken number: 409 code 23000 'Dnid {id} already exists') leaves neither.
 */
export async function addDnid(db: Db, input: DnidWrite, actorKey: number) {
  try {
    await db.transaction(async (tx) => {
      const tgidId = await resolveLinks(tx, input, actorKey);
      await tx.insert(dnids).values({
        id: input.id,
        les: input.les,
        immediateDelivery: false,
        vms: 0,
        color: null,
        ...values(input, tgidId),
      });
    });
  } catch (e) {
    throw duplicateAs(
      e,
      () => new ApiError(409, DNID_MESSAGES.exists(input.id), { code: DUPLICATE_CODE }),
    );
  }
  return await getDnid(db, EVERY_COMPANY, input.id, input.les);
}

/** POST /rest/dnids/update: the dnid (id, les) rewritten; 404 when it does not exist. */
export async function updateDnid(db: Db, input: DnidWrite, actorKey: number) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: dnids.id }).from(dnids)
      .where(and(eq(dnids.id, input.id), eq(dnids.les, input.les))).for("update");
    if (!current) throw dnidNotFound(input.id, input.les);
    const tgidId = await resolveLinks(tx, input, actorKey);
    await tx.update(dnids).set({ ...values(input, tgidId), updatedAt: new Date() })
      .where(and(eq(dnids.id, input.id), eq(dnids.les, input.les)));
  });
  return await getDnid(db, EVERY_COMPANY, input.id, input.les);
}

/** POST /rest/dnids/toggleMonitoring: immediateDelivery set to the value sent, else flipped. */
export async function toggleMonitoring(
  db: Db,
  input: { id: number; les: number; immediateDelivery?: boolean },
) {
  const [row] = await db.update(dnids).set({
    immediateDelivery: input.immediateDelivery ?? not(dnids.immediateDelivery),
    updatedAt: new Date(),
  }).where(and(eq(dnids.id, input.id), eq(dnids.les, input.les)))
    .returning({ id: dnids.id, les: dnids.les, immediateDelivery: dnids.immediateDelivery });
  if (!row) throw dnidNotFound(input.id, input.les);
  return { ...row, immediateDelivery: row.immediateDelivery ? 1 : 0 };
}

/**
 * POST /rest/dnids/delete: the dnid with its member statuses, default-terminal entries and
 * routing exceptions (they mean nothing without it), in one transaction. Push traffic keeps the
 * number it was received under: it is history.
 */
export async function deleteDnid(db: Db, id: number, les = DEFAULT_LES) {
  return await db.transaction(async (tx) => {
    const key = and(eq(dnids.id, id), eq(dnids.les, les));
    const [row] = await tx.select({ id: dnids.id }).from(dnids).where(key).for("update");
    if (!row) throw dnidNotFound(id, les);
    const [[members], [exceptions]] = await Promise.all([
      tx.select({ n: count() }).from(dnidStatuses)
        .where(and(eq(dnidStatuses.dnidId, id), eq(dnidStatuses.les, les))),
      tx.select({ n: count() }).from(routingMemberRules)
        .where(and(eq(routingMemberRules.dnidId, id), eq(routingMemberRules.les, les))),
    ]);
    // Statuses, default mtls and routing member rules go by their foreign keys (cascade).
    await tx.delete(dnids).where(key);
    return {
      id,
      les,
      members: Number(members?.n ?? 0),
      routingExceptions: Number(exceptions?.n ?? 0),
    };
  });
}
