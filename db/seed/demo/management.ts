/** Demo seed, management area: ruls, tgids, dnids and their statuses, enids, terminals, mtls. */
import {
  CLIENT_RIGHTS,
  DEFAULT_LES,
  DEVICE_TYPES,
  INMARSAT_C_DEVICE_TYPE,
  type ItemType,
  OCEANS,
  REGIONS,
  TRACKING_FREQUENCIES,
  VSAT_DEVICE_TYPE,
} from "../../../openapi/enums.ts";
import {
  defaultMtls,
  dnids,
  dnidStatuses,
  enids,
  enidTeams,
  mtls,
  routingMemberRules,
  routingMtlRules,
  ruls,
  terminalItems,
  terminals,
  tgids,
  tgidTeams,
} from "../../schema/mod.ts";
import type { AdminData, SeededCompany, SeededTeam } from "./admin.ts";
import {
  companyRulId,
  DAY,
  HOUR,
  insertReturning,
  insertRows,
  labelOf,
  past,
  type SeedContext,
} from "./util.ts";
import { seedUnattachedMtls } from "./mtls.ts";

export interface SeededTgid {
  id: number;
  label: string;
  team: SeededTeam;
}
export interface SeededStatus {
  dnidId: number;
  les: number;
  member: number;
  device: string;
  tgidId: number;
}
interface SeededMtl {
  imn: string;
  serial: string;
  miniC: boolean;
  tgidId: number;
}
export interface SeededTerminal {
  deviceId: number;
  deviceTypeId: number;
  tgidId: number;
  identifier: string;
}
export interface ManagementData {
  tgids: SeededTgid[];
  dnids: { id: number; les: number; tgidId: number }[];
  statuses: SeededStatus[];
  mtls: SeededMtl[];
  terminals: SeededTerminal[];
}

/** Tgid labels per company key; each goes to one of the company's teams in turn. */
const TGID_LABELS: Record<string, readonly string[]> = {
  operator: ["Operator Test Bench", "LES Loopback"],
  A: ["Fleet North Atlantic", "Fleet Bay of Biscay", "VMS Reporting"],
  B: ["Trucks Maghreb", "Trucks Iberia", "Reefer Containers"],
  nordic: ["Tankers North Sea", "Ferries Skagerrak"],
  pacific: ["Purse Seiners WCPO"],
  sahara: ["Convoy Niger Route", "Convoy Mauritania"],
  baltic: ["Research Fleet"],
  meridian: ["Rig Support Vessels"],
};
const LAND_COMPANIES = new Set(["B", "sahara"]);

// deno-fmt-ignore
const VESSEL_NAMES = [
  "Atlantic Dawn", "Cap Finistère", "Northern Star", "Nordic Spirit", "Aranda", "Santa Maria II",
  "Ocean Pioneer", "Kerloch", "Meridian Tide", "Skagen Trader", "Tui Moana", "Baltic Explorer",
  "Galway Bay", "Ría de Vigo", "Lofoten", "Pacific Harvest", "Sea Eagle", "Polar Bjørn",
  "Île d'Yeu", "Morning Glory", "Stella Maris", "Fair Isle", "Kiribati Pride", "Gotland",
  "Bressay", "Hvide Sande", "Sines Star", "Mar Cantábrico", "Kestrel", "Sjøbris", "Ocean Venture",
  "Marlin Bay", "Utö", "Aurora Borealis", "Brittany Coast", "Tern",
];
// deno-fmt-ignore
const VEHICLE_NAMES = [
  "Truck 14", "Truck 22", "Truck 31", "Reefer 40HC-07", "Reefer 40HC-12", "Convoy lead 03",
  "Convoy tail 03", "Tanker T-118", "Pickup Agadez", "Flatbed 9", "Truck 47", "Escort 2",
];
const MTL_MODELS = [
  { model: "SAILOR 6110", miniC: false },
  { model: "SAILOR 3027", miniC: false },
  { model: "TT-3026L", miniC: false },
  { model: "TT-3000M", miniC: false },
  { model: "Skywave DMR-800D", miniC: true },
  { model: "Wideye Mini-C", miniC: true },
] as const;
/** Maritime identification digits used in the 9-digit imns (4 + MID + 5 digits). */
const MIDS = ["227", "224", "257", "636", "538", "431", "242", "250"];

const TERMINALS_PER_TYPE: Record<number, number> = { [INMARSAT_C_DEVICE_TYPE]: 14, 40: 3 };
const DNID_COUNT = 300;
const ENID_COUNT = 36;

/** Rul (id, les) pairs per company: a primary LES 21, sometimes a second one and a LES 15. */
async function seedRuls(ctx: SeedContext, admin: AdminData): Promise<void> {
  const { rng } = ctx;
  const rows = admin.companies.flatMap((company) => {
    const id = companyRulId(company.index);
    const requester = admin.users.find((u) => u.team.company === company)?.name ?? null;
    const rul = (rulId: number, les: number, comments: string | null) => ({
      id: rulId,
      les,
      password: rng.digits(8),
      customerName: company.name,
      companyName: company.name,
      comments,
      mailContact: `noc@${company.domain}`,
      phoneContact: `+${rng.pick(["33", "44", "47", "212", "34", "372"])} ${rng.digits(9)}`,
      requesterName: requester,
      companyId: company.key === "operator" ? null : company.id,
      createdAt: past(ctx, 700 * DAY, 300 * DAY),
    });
    const list = [rul(id, DEFAULT_LES, "Main account")];
    if (company.index % 2 === 1) list.push(rul(id + 1, DEFAULT_LES, "Backup login, night shift"));
    if ([1, 3, 6].includes(company.index)) list.push(rul(id + 5, 15, "Legacy LES 15 access"));
    return list;
  });
  await insertRows(ctx, ruls, rows);
}

/** Tgids owned by teams; some are shared with a second team of the company. */
async function seedTgids(ctx: SeedContext, admin: AdminData): Promise<SeededTgid[]> {
  const defs = admin.companies.flatMap((company) => {
    const owners = admin.teams.filter((t) =>
      t.company === company && (company.key !== "operator" || [11, 20].includes(t.rights))
    );
    return (TGID_LABELS[company.key] ?? []).map((label, i) => ({
      label,
      team: owners[i % owners.length],
    }));
  });
  const creators = admin.users.filter((u) => u.team.rights <= 1);
  const rows = await insertReturning(
    ctx,
    tgids,
    defs.map((d) => {
      const createdOn = past(ctx, 500 * DAY, 60 * DAY);
      return {
        label: d.label,
        teamId: d.team.id,
        createdBy: ctx.rng.pick(creators).key,
        createdOn,
        updatedBy: ctx.rng.pick(creators).key,
        updatedOn: past(ctx, 60 * DAY, DAY),
      };
    }),
  );
  const seeded = rows.map((row, i) => ({ id: row.id, label: defs[i].label, team: defs[i].team }));
  const shares = seeded.flatMap((tgid) =>
    admin.teams
      .filter((t) => t.company === tgid.team.company && t !== tgid.team && ctx.rng.chance(0.6))
      .map((t) => ({ tgidId: tgid.id, teamId: t.id }))
  );
  await insertRows(ctx, tgidTeams, shares);
  return seeded;
}

/**
 * Dnids 10000–10499 on LES 21 (more than one 255-row page), every tgid with at least one; client
 * companies A and B get about a third each, so a client's own list pages too.
 */
export const FIRST_DEMO_DNID = 10000;

async function seedDnids(ctx: SeedContext, tgidList: SeededTgid[]) {
  const { rng } = ctx;
  // 10000, the range's first, always exists (the benchmark's sample dnid page).
  const ids = [
    FIRST_DEMO_DNID,
    ...rng.sample(Array.from({ length: 499 }, (_, i) => FIRST_DEMO_DNID + 1 + i), DNID_COUNT - 1),
  ].sort((a, b) => a - b);
  const favoured = tgidList.filter((t) => ["A", "B"].includes(t.team.company.key));
  const rows = ids.map((id, i) => {
    const tgid = i < tgidList.length
      ? tgidList[i]
      : rng.chance(0.7) && favoured.length
      ? rng.pick(favoured)
      : rng.pick(tgidList);
    const company = tgid.team.company;
    return {
      id,
      les: DEFAULT_LES,
      companyId: company.id,
      teamId: tgid.team.id,
      tgidId: tgid.id,
      rulId: companyRulId(company.index),
      carbonCopy: rng.chance(0.3) ? `vms@${company.domain}` : null,
      comments: rng.pick([null, "Position reports", "VMS reporting", "Alarm channel", "Polling"]),
      comments2: rng.chance(0.3) ? `Contract ${rng.int(2019, 2025)}-${rng.digits(3)}` : null,
      immediateDelivery: rng.chance(0.3),
      vms: rng.chance(0.2) ? 1 : 0,
      color: rng.chance(0.25) ? rng.pick(["#1f77b4", "#2ca02c", "#d62728", "#9467bd"]) : null,
      createdAt: past(ctx, 400 * DAY, 30 * DAY),
    };
  });
  await insertRows(ctx, dnids, rows);
  return rows.map((r) => ({ id: r.id, les: r.les, tgidId: r.tgidId }));
}

/** Terminal-specific identifier per device type (imn, IMEI, IMSI, modem serial, ESN). */
function identifierFor(ctx: SeedContext, typeId: number, taken: Set<string>): string {
  const { rng } = ctx;
  for (;;) {
    const id = typeId === INMARSAT_C_DEVICE_TYPE
      ? `4${rng.pick(MIDS)}${rng.digits(5)}`
      : typeId === 39
      ? `901112${rng.digits(9)}`
      : typeId === VSAT_DEVICE_TYPE
      ? `iDirect-X7-${rng.digits(5)}`
      : typeId === 41
      ? `SKF${rng.digits(7)}`
      : typeId === 50
      ? `01${rng.digits(6)}SKY${rng.digits(4)}`
      : `30${rng.pick(["0234", "0434"])}0${rng.digits(8)}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

type Item = [name: string, type: ItemType, value: string];

/** Item logs (last known properties) of a terminal, by device type. */
function itemsFor(ctx: SeedContext, typeId: number): Item[] {
  const { rng } = ctx;
  const date = (to: number, from = 0) => past(ctx, to, from + 60_000).toISOString();
  const login = past(ctx, 20 * DAY, DAY);
  const items: Item[] = [
    ["loginTime", "DATE", login.toISOString()],
    ["previousLoginTime", "DATE", date(60 * DAY, 21 * DAY)],
  ];
  if (typeId === INMARSAT_C_DEVICE_TYPE) {
    items.push(["ncsUpdateTime", "DATE", date(2 * DAY)], ["pollingEnabled", "BOOLEAN", "true"]);
    if (rng.chance(0.3)) items.push(["logoutTime", "DATE", date(DAY)]);
  } else if (typeId === VSAT_DEVICE_TYPE || typeId === 39 || typeId === 41) {
    items.push(
      ["signalStrength", "INTEGER", String(rng.int(35, 78))],
      ["uptime", "INTEGER", String(rng.int(3600, 90 * 86400))],
      ["beamIds", "ARRAY", JSON.stringify(rng.sample([12, 14, 27, 31, 45, 52], 2))],
    );
  } else {
    items.push(
      ["batteryLevel", "INTEGER", String(rng.int(8, 100))],
      ["gpsFix", "BOOLEAN", String(rng.chance(0.9))],
      ["emergencyActive", "BOOLEAN", String(rng.chance(0.05))],
      ["geofences", "ARRAY", JSON.stringify(rng.chance(0.5) ? ["Home port", "Zone A"] : [])],
    );
    if (typeId === 3 || typeId === 4) {
      const canned = ["All OK", "Need assistance", "Arrived", "Departing", "Call me"];
      items.push(["cannedMessages", "ARRAY", JSON.stringify(canned.concat(Array(5).fill("")))]);
    }
  }
  return items;
}

/** Terminals of every device type with their item logs, and an mtl per Inmarsat C terminal. */
async function seedTerminals(ctx: SeedContext, tgidList: SeededTgid[]) {
  const { rng } = ctx;
  const clientTgids = tgidList.filter((t) => t.team.rights === CLIENT_RIGHTS);
  const taken = new Set<string>();
  const usedLabels = new Set<string>();
  const defs = DEVICE_TYPES.flatMap((type) =>
    Array.from({ length: TERMINALS_PER_TYPE[type.id] ?? 4 }, (_, i) => {
      // The first terminal of each type sits on the operator's test bench.
      const tgid = i === 0
        ? tgidList.find((t) => t.team.rights < CLIENT_RIGHTS)!
        : rng.pick(clientTgids);
      const land = LAND_COMPANIES.has(tgid.team.company.key);
      let label = "";
      while (!label || usedLabels.has(label)) {
        label = land ? rng.pick(VEHICLE_NAMES) : rng.pick(VESSEL_NAMES);
        if (usedLabels.has(label)) label += ` ${rng.int(2, 9)}`;
      }
      usedLabels.add(label);
      return { type, tgid, label, identifier: identifierFor(ctx, type.id, taken) };
    })
  );
  const stored = await insertReturning(
    ctx,
    terminals,
    defs.map((d) => ({
      deviceTypeId: d.type.id,
      deviceLabel: d.label,
      tgidId: d.tgid.id,
      terminalSpecificIdentifier: d.identifier,
      trackingFrequency: Number(rng.pick(Object.keys(TRACKING_FREQUENCIES))),
      transmitNoChangeEnabled: rng.chance(0.3),
      transmitOnUpdateEnabled: rng.chance(0.5),
      fastTrackingEnabled: rng.chance(0.15),
      updateDate: past(ctx, 90 * DAY),
    })),
  );
  const seeded = stored.map((t, i) => ({
    deviceId: t.deviceId,
    deviceTypeId: t.deviceTypeId,
    tgidId: t.tgidId,
    identifier: defs[i].identifier,
    label: defs[i].label,
  }));
  await insertRows(
    ctx,
    terminalItems,
    seeded.flatMap((t) =>
      itemsFor(ctx, t.deviceTypeId).map(([name, type, value]) => ({
        deviceId: t.deviceId,
        name,
        type,
        value,
        label: labelOf(name),
        // A date item was recorded when it happened; the others at some recent report.
        updatedAt: type === "DATE" ? new Date(value) : past(ctx, 10 * DAY),
      }))
    ),
  );
  const inmarsatC = seeded.filter((t) => t.deviceTypeId === INMARSAT_C_DEVICE_TYPE);
  const mtlRows = inmarsatC.map((t) => {
    const { model, miniC } = rng.pick(MTL_MODELS);
    return {
      imn: t.identifier,
      deviceId: t.deviceId,
      serial: `${model.replace(/\W/g, "").slice(0, 4).toUpperCase()}${rng.digits(7)}`,
      model,
      miniC,
      fwdId: rng.chance(0.4) ? `FWD${rng.digits(5)}` : null,
      deviceLabel: t.label,
      mtl: rng.chance(0.2) ? 1 : 0,
      region: Number(rng.pick(Object.keys(REGIONS))),
      isValid: rng.chance(0.9),
      updateDate: past(ctx, 60 * DAY),
    };
  });
  await insertRows(ctx, mtls, mtlRows);
  return {
    terminals: seeded,
    mtls: mtlRows.map((m, i) => ({
      imn: m.imn,
      serial: m.serial,
      miniC: m.miniC,
      tgidId: inmarsatC[i].tgidId,
    })),
  };
}

/** Statuses cycle through not authorized (<0), active (0–2) and inactive (>=3). */
const STATUS_CYCLE = [0, 1, -1, 3, 2, 0, 4, 1, -2, 5, 0, 1];

/** 1–4 members per dnid, each carrying an Inmarsat C terminal; some run a program. */
async function seedDnidStatuses(
  ctx: SeedContext,
  dnidList: ManagementData["dnids"],
  mtlList: SeededMtl[],
): Promise<SeededStatus[]> {
  const { rng } = ctx;
  let k = 0;
  const rows = dnidList.flatMap((dnid) => {
    // Distinct terminals, those of the dnid's own tgid first.
    const mine = (m: SeededMtl) => m.tgidId === dnid.tgidId;
    const devices = [
      ...rng.sample(mtlList.filter(mine), 4),
      ...rng.sample(mtlList.filter((m) => !mine(m)), 4),
    ];
    const members = rng.sample(Array.from({ length: 255 }, (_, i) => i + 1), rng.int(1, 4));
    return members.sort((a, b) => a - b).map((member, i) => {
      const program = rng.chance(0.35);
      return {
        dnidId: dnid.id,
        les: dnid.les,
        member,
        device: devices[i].imn,
        serial: devices[i].serial,
        status: STATUS_CYCLE[k++ % STATUS_CYCLE.length],
        progActive: program && rng.chance(0.7),
        progInterval: program ? rng.pick([60, 120, 240, 360, 720, 1440]) : null,
        progStartFrame: program ? rng.int(0, 2879) : null,
        progUpdatedOn: program ? past(ctx, 30 * DAY) : null,
        updatedOn: past(ctx, 30 * DAY),
      };
    });
  });
  await insertRows(ctx, dnidStatuses, rows);
  // The first status of a handful of devices is their default.
  const seen = new Set<string>();
  const defaults = rows.filter((r) => !seen.has(r.device) && seen.add(r.device)).slice(0, 6);
  await insertRows(
    ctx,
    defaultMtls,
    defaults.map((r) => ({
      deviceId: r.device,
      dnidId: r.dnidId,
      les: r.les,
      member: r.member,
      updatedAt: past(ctx, 30 * DAY),
    })),
  );
  const tgidOf = new Map(dnidList.map((d) => [d.id, d.tgidId]));
  return rows.map((r) => ({ ...r, tgidId: tgidOf.get(r.dnidId)! }));
}

/** Enids of client companies on their LES 21 rul (or LES 15 where they have one). */
async function seedEnids(ctx: SeedContext, admin: AdminData): Promise<void> {
  const { rng } = ctx;
  const clients = admin.companies.filter((c) => c.key !== "operator");
  const ids = rng.sample(Array.from({ length: 900 }, (_, i) => 40100 + i), ENID_COUNT)
    .sort((a, b) => a - b);
  const rows = ids.map((id, i) => {
    const company: SeededCompany = clients[i % clients.length];
    const les15 = [1, 3, 6].includes(company.index) && rng.chance(0.4);
    return {
      id,
      rulLes: les15 ? 15 : DEFAULT_LES,
      companyId: company.id,
      rulId: companyRulId(company.index) + (les15 ? 5 : 0),
      comments: rng.pick([null, "SafetyNET broadcast", "Fleet broadcast", "FleetNET group call"]),
      comments2: rng.chance(0.3) ? `Ticket #${rng.digits(5)}` : null,
      createdAt: past(ctx, 400 * DAY, 30 * DAY),
      company,
    };
  });
  await insertRows(ctx, enids, rows.map(({ company: _, ...row }) => row));
  const care = admin.teams.find((t) => t.rights === 15)!;
  await insertRows(
    ctx,
    enidTeams,
    rows.flatMap((enid) => {
      const own = admin.teams.filter((t) => t.company === enid.company);
      const chosen = rng.sample(own, rng.int(1, own.length));
      if (rng.chance(0.2)) chosen.push(care);
      return chosen.map((t) => ({ enidId: enid.id, rulLes: enid.rulLes, teamId: t.id }));
    }),
  );
}

/** Routing exceptions: a few members and mtls whose data goes to another tgid. */
async function seedRoutingRules(ctx: SeedContext, data: Omit<ManagementData, "dnids">) {
  const { rng } = ctx;
  const others = (tgidId: number) => data.tgids.filter((t) => t.id !== tgidId);
  await insertRows(
    ctx,
    routingMemberRules,
    rng.sample(data.statuses, 8).map((s) => ({
      tgidId: rng.pick(others(s.tgidId)).id,
      dnidId: s.dnidId,
      les: s.les,
      member: s.member,
      ocean: rng.pick(OCEANS),
      createdAt: past(ctx, 90 * DAY, HOUR),
    })),
  );
  await insertRows(
    ctx,
    routingMtlRules,
    rng.sample(data.mtls, 5).map((m) => ({
      tgidId: rng.pick(others(m.tgidId)).id,
      mtlId: m.imn,
      createdAt: past(ctx, 90 * DAY, HOUR),
    })),
  );
}

export async function seedManagement(ctx: SeedContext, admin: AdminData): Promise<ManagementData> {
  await seedRuls(ctx, admin);
  const tgidList = await seedTgids(ctx, admin);
  const dnidList = await seedDnids(ctx, tgidList);
  const { terminals: terminalList, mtls: mtlList } = await seedTerminals(ctx, tgidList);
  const statuses = await seedDnidStatuses(ctx, dnidList, mtlList);
  await seedEnids(ctx, admin);
  const data = { tgids: tgidList, statuses, mtls: mtlList, terminals: terminalList };
  await seedRoutingRules(ctx, data);
  await seedUnattachedMtls(ctx);
  return { ...data, dnids: dnidList };
}
