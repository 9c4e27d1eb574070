/**
 * Member routing exceptions (administrators): a (dnid, les, member, ocean) whose data is routed to
 * a tgid other than the dnid's. Listed per member and all at once (the status page marks members
 * with exceptions), added and removed with the spec's `{tgidid, dnidid, dnidles, member, ocean}`.
 * Mtl routing exceptions (an mtl's data routed to a tgid), with `{tgidid, mtlid}`; and a tgid's
 * exceptions of both kinds (the tgid page).
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  dnids,
  dnidStatuses,
  mtls,
  routingMemberRules,
  routingMtlRules,
  tgids,
} from "../../../db/schema/mod.ts";
import {
  type DnidRoutingRule,
  type MtlRoutingRule,
  type Ocean,
  ROUTING_RULE_MESSAGES,
  type RoutingMemberRule,
  type RoutingMtlRule,
  type TgidRoutingRules,
} from "../../../openapi/schemas/tgid/routing_rules.ts";
import { ApiError, DUPLICATE_CODE, notFound } from "../../errors.ts";
import { tgidLabel } from "../detail_lists.ts";

const columns = {
  tgidId: routingMemberRules.tgidId,
  tgidLabel: tgids.label,
  dnid: routingMemberRules.dnidId,
  les: routingMemberRules.les,
  member: routingMemberRules.member,
  ocean: routingMemberRules.ocean,
};

type Selected = {
  tgidId: number;
  tgidLabel: string | null;
  dnid: number;
  les: number;
  member: number;
  ocean: string;
};

const toRule = (r: Selected): RoutingMemberRule => ({
  tgid: { id: r.tgidId, label: tgidLabel(r.tgidId, r.tgidLabel) },
  dnid: r.dnid,
  les: r.les,
  member: r.member,
  ocean: r.ocean as Ocean,
});

async function rules(db: Db, where?: SQL): Promise<RoutingMemberRule[]> {
  const rows = await db.select(columns).from(routingMemberRules)
    .innerJoin(tgids, eq(tgids.id, routingMemberRules.tgidId))
    .where(where)
    .orderBy(
      asc(routingMemberRules.dnidId),
      asc(routingMemberRules.les),
      asc(routingMemberRules.member),
      asc(routingMemberRules.ocean),
      asc(routingMemberRules.tgidId),
    );
  return rows.map(toRule);
}

async function assertDnid(db: Db, dnid: number, les: number) {
  const [row] = await db.select({ id: dnids.id }).from(dnids)
    .where(and(eq(dnids.id, dnid), eq(dnids.les, les)));
  if (!row) throw notFound(`Dnid ${dnid} (LES ${les})`);
}

/** GET /rest/dnids/getDnidRoutingData: every member exception, by dnid, LES and member. */
export const allMemberRules = (db: Db) => rules(db);

/** GET /rest/tgid/listRoutingRulesByDnid: the member's exceptions; 404 for an unknown dnid. */
export async function memberRules(
  db: Db,
  key: { dnid: number; les: number; member: number },
): Promise<RoutingMemberRule[]> {
  await assertDnid(db, key.dnid, key.les);
  return await rules(
    db,
    and(
      eq(routingMemberRules.dnidId, key.dnid),
      eq(routingMemberRules.les, key.les),
      eq(routingMemberRules.member, key.member),
    ),
  );
}

const ruleKey = (r: DnidRoutingRule) =>
  and(
    eq(routingMemberRules.tgidId, r.tgidid),
    eq(routingMemberRules.dnidId, r.dnidid),
    eq(routingMemberRules.les, r.dnidles),
    eq(routingMemberRules.member, r.member),
    eq(routingMemberRules.ocean, r.ocean),
  );

/**
 * Adds an exception: 404 for an unknown tgid or dnid, 400 when the member is not one of the
 * dnid's (no status row of it), 409 (code 23000, 'This routing exception already exists') when
 * the same one is there. The member's rows stay locked until the exception is in, so a member
 * deleted meanwhile (which takes its exceptions with it) cannot leave this one behind.
 */
export async function addMemberRule(db: Db, rule: DnidRoutingRule): Promise<RoutingMemberRule> {
  await assertTgid(db, rule.tgidid);
  await assertDnid(db, rule.dnidid, rule.dnidles);
  const added = await db.transaction(async (tx) => {
    const [known] = await tx.select({ member: dnidStatuses.member }).from(dnidStatuses)
      .where(and(
        eq(dnidStatuses.dnidId, rule.dnidid),
        eq(dnidStatuses.les, rule.dnidles),
        eq(dnidStatuses.member, rule.member),
      )).for("key share");
    if (!known) {
      const message = ROUTING_RULE_MESSAGES.notAMember(rule.member, rule.dnidid, rule.dnidles);
      throw new ApiError(400, message, { fields: [{ path: "member", message }] });
    }
    return await tx.insert(routingMemberRules).values({
      tgidId: rule.tgidid,
      dnidId: rule.dnidid,
      les: rule.dnidles,
      member: rule.member,
      ocean: rule.ocean,
    }).onConflictDoNothing().returning({ tgidId: routingMemberRules.tgidId });
  });
  if (!added.length) {
    throw new ApiError(409, ROUTING_RULE_MESSAGES.duplicate, { code: DUPLICATE_CODE });
  }
  const [row] = await rules(db, ruleKey(rule));
  return row;
}

/** Removes an exception; 404 when there is no such one. */
export async function removeMemberRule(
  db: Db,
  rule: DnidRoutingRule,
): Promise<RoutingMemberRule> {
  const [row] = await rules(db, ruleKey(rule));
  const gone = await db.delete(routingMemberRules).where(ruleKey(rule))
    .returning({ tgidId: routingMemberRules.tgidId });
  if (!row || !gone.length) throw notFound("Routing exception");
  return row;
}

// ---- mtl exceptions: an mtl's data routed to a tgid ----

const mtlColumns = {
  tgidId: routingMtlRules.tgidId,
  tgidLabel: tgids.label,
  mtl: routingMtlRules.mtlId,
  deviceId: mtls.deviceId,
  createdAt: routingMtlRules.createdAt,
};

async function mtlRuleRows(db: Db, where: SQL): Promise<RoutingMtlRule[]> {
  const rows = await db.select(mtlColumns).from(routingMtlRules)
    .innerJoin(tgids, eq(tgids.id, routingMtlRules.tgidId))
    .innerJoin(mtls, eq(mtls.imn, routingMtlRules.mtlId))
    .where(where)
    .orderBy(asc(routingMtlRules.mtlId), asc(routingMtlRules.tgidId));
  return rows.map((r) => ({
    tgid: { id: r.tgidId, label: tgidLabel(r.tgidId, r.tgidLabel) },
    mtl: r.mtl,
    deviceId: r.deviceId,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

async function assertTgid(db: Db, id: number) {
  const [row] = await db.select({ id: tgids.id }).from(tgids).where(eq(tgids.id, id));
  if (!row) throw notFound(`Tgid ${id}`);
}

async function assertMtl(db: Db, imn: string) {
  const [row] = await db.select({ imn: mtls.imn }).from(mtls).where(eq(mtls.imn, imn));
  if (!row) throw notFound(`Mtl ${imn}`);
}

/** GET /rest/tgid/listRoutingRulesByTgid: the tgid's member and mtl exceptions; 404 if unknown. */
export async function tgidRules(db: Db, tgidId: number): Promise<TgidRoutingRules> {
  await assertTgid(db, tgidId);
  const [member, mtl] = await Promise.all([
    rules(db, eq(routingMemberRules.tgidId, tgidId)),
    mtlRuleRows(db, eq(routingMtlRules.tgidId, tgidId)),
  ]);
  return { member, mtl };
}

/** GET /rest/tgid/listRoutingRulesByMtl: the mtl's exceptions; 404 for an unknown mtl. */
export async function mtlRules(db: Db, imn: string): Promise<RoutingMtlRule[]> {
  await assertMtl(db, imn);
  return await mtlRuleRows(db, eq(routingMtlRules.mtlId, imn));
}

const mtlRuleKey = (r: MtlRoutingRule) =>
  and(eq(routingMtlRules.tgidId, r.tgidid), eq(routingMtlRules.mtlId, r.mtlid))!;

/**
 * POST /rest/tgid/addMtlRoutingRules: 404 for an unknown tgid or mtl, 409 (code 23000, 'This
 * routing exception already exists') when it is there.
 */
export async function addMtlRule(db: Db, rule: MtlRoutingRule): Promise<RoutingMtlRule> {
  await assertTgid(db, rule.tgidid);
  await assertMtl(db, rule.mtlid);
  const added = await db.insert(routingMtlRules).values({
    tgidId: rule.tgidid,
    mtlId: rule.mtlid,
  }).onConflictDoNothing().returning({ tgidId: routingMtlRules.tgidId });
  if (!added.length) {
    throw new ApiError(409, ROUTING_RULE_MESSAGES.duplicate, { code: DUPLICATE_CODE });
  }
  const [row] = await mtlRuleRows(db, mtlRuleKey(rule));
  return row;
}

/** POST /rest/tgid/removeMtlRoutingRule: 404 when there is no such exception. */
export async function removeMtlRule(db: Db, rule: MtlRoutingRule): Promise<RoutingMtlRule> {
  const [row] = await mtlRuleRows(db, mtlRuleKey(rule));
  const gone = await db.delete(routingMtlRules).where(mtlRuleKey(rule))
    .returning({ tgidId: routingMtlRules.tgidId });
  if (!row || !gone.length) throw notFound("Routing exception");
  return row;
}
