/** Demo seed, administration area: reference data, companies, teams, users and news. */
import {
  CLIENT_RIGHTS,
  type NewsLevel,
  type Rights,
  RIGHTS_VALUES,
} from "../../../openapi/enums.ts";
import { companies, news, newsReads, teams, userAliases, users } from "../../schema/mod.ts";
import {
  after,
  ascii,
  companyRulId,
  DAY,
  HOUR,
  insertReturning,
  insertRows,
  past,
  type SeedContext,
} from "./util.ts";

type CompanyKey = "operator" | "A" | "B";

export interface DemoAccount {
  id: string;
  rights: number;
  company: CompanyKey;
  firstName: string;
  lastName: string;
}

export interface SeededCompany {
  index: number;
  key: string;
  id: number;
  name: string;
  domain: string;
}
export interface SeededTeam {
  id: number;
  name: string;
  rights: Rights;
  company: SeededCompany;
}
export interface SeededUser {
  key: number;
  id: string;
  name: string;
  team: SeededTeam;
  active: boolean;
  messagingCAccess: boolean;
  createdAt: Date;
}
export interface AdminData {
  companies: SeededCompany[];
  teams: SeededTeam[];
  users: SeededUser[];
}

/** Company definitions: the operator first, then clients A and B, then the other clients. */
const COMPANIES = [
  { key: "operator", name: "Sat Operator", domain: "sat-operator.example", teams: [], extra: 6 },
  {
    key: "A",
    name: "Oceanic Fisheries Ltd",
    domain: "oceanic-fisheries.example",
    teams: ["Oceanic Fleet Operations", "Oceanic VMS Compliance"],
    extra: 6,
  },
  {
    key: "B",
    name: "Atlas Logistics SA",
    domain: "atlas-logistics.example",
    teams: ["Atlas Dispatch", "Atlas Security Desk"],
    extra: 5,
  },
  {
    key: "nordic",
    name: "Nordic Shipping AS",
    domain: "nordic-shipping.example",
    teams: ["Nordic Marine Operations"],
    extra: 4,
  },
  {
    key: "pacific",
    name: "Pacific Tuna Cooperative",
    domain: "pacific-tuna.example",
    teams: ["Pacific Fleet Monitoring"],
    extra: 3,
  },
  {
    key: "sahara",
    name: "Sahara Overland Transport",
    domain: "sahara-overland.example",
    teams: ["Sahara Convoy Tracking"],
    extra: 3,
  },
  {
    key: "baltic",
    name: "Baltic Research Vessels",
    domain: "baltic-research.example",
    teams: ["Baltic Science Operations", "Baltic IT"],
    extra: 3,
  },
  {
    key: "meridian",
    name: "Meridian Offshore Services",
    domain: "meridian-offshore.example",
    teams: ["Meridian Rig Communications"],
    extra: 2,
  },
] as const;

/** Operator team name per admin (and billing) rights value. */
const OPERATOR_TEAM_NAMES: Record<number, string> = {
  0: "Super Administrators",
  1: "Administrators",
  11: "Technical Support",
  15: "Customer Care",
  20: "LES Operations",
  30: "Value Added Services",
  200: "Billing",
};

// deno-fmt-ignore
const FIRST_NAMES = [
  "Anna", "Lars", "Marta", "Pierre", "Ingrid", "Tomasz", "Aisha", "Kenji", "Lucía", "Mateus",
  "Olga", "Rahul", "Fatima", "Erik", "Chloé", "Diego", "Hannah", "Ibrahim", "Jonas", "Katarzyna",
  "Liam", "Mei", "Nils", "Paolo", "Rosa", "Samir", "Tove", "Viktor", "Yara", "Zofia", "Björn",
  "Camille", "Dmitri", "Emma",
];
// deno-fmt-ignore
const LAST_NAMES = [
  "Andersen", "Kowalski", "Fernández", "Nakamura", "Schmidt", "Haddad", "O'Connor", "Rossi",
  "Johansson", "Silva", "Petrov", "Nguyen", "Dupont", "Mensah", "Novak", "García", "Eriksen",
  "Bakker", "Costa", "Lindqvist", "Mäkinen", "Papadopoulos", "Okafor", "Yilmaz", "Laurent",
  "Murphy", "Sato", "Berg", "Moreau", "Ivanova", "Duarte", "Halvorsen", "Ferreira", "Kaya",
  "Brennan",
];

const NEWS: readonly { title: string; level: NewsLevel; public: boolean; content: string }[] = [
  {
    title: "LES 21 planned maintenance",
    level: "critical",
    public: true,
    content:
      "LES 21 will be unavailable on Sunday from 02:00 to 04:00 UTC for a software upgrade. Position reports are stored and delivered after the window.",
  },
  {
    title: "AOR-W satellite switchover completed",
    level: "medium",
    public: true,
    content:
      "All Inmarsat C terminals in the AOR-W region have been moved to the new satellite. Terminals that did not log in again may need a manual login.",
  },
  {
    title: "Iridium Smalltrack firmware 2.4 available",
    level: "low",
    public: false,
    content:
      "Firmware 2.4 improves battery life in low-rate tracking. Contact technical support to schedule an over-the-air update.",
  },
  {
    title: "Portal release: multi-row retransmit",
    level: "low",
    public: true,
    content: "Push traffic rows can now be selected with Ctrl-click and retransmitted together.",
  },
  {
    title: "SMTP delivery delays resolved",
    level: "critical",
    public: true,
    content:
      "Between 09:10 and 10:45 UTC some SMTP routes were frozen. Frozen messages have been re-queued and delivered.",
  },
  {
    title: "Reminder: DNID 4660 is reserved",
    level: "low",
    public: false,
    content: "DNID 4660 is reserved by the LES and cannot be allocated to customers.",
  },
  {
    title: "Holiday support hours",
    level: "medium",
    public: true,
    content:
      "Customer care answers from 08:00 to 20:00 UTC during the holidays. The NOC stays available 24/7.",
  },
  {
    title: "BGAN M2M tariff update",
    level: "medium",
    public: false,
    content: "New BGAN M2M price plans apply from the first day of next month.",
  },
  {
    title: "VSAT traffic via DataMiner",
    level: "low",
    public: false,
    content: "VSAT terminal data collected by DataMiner now appears in the push traffic overview.",
  },
  {
    title: "Password policy update",
    level: "critical",
    public: false,
    content:
      "Passwords must now have at least 12 characters. You will be asked to change yours at the next login.",
  },
  {
    title: "SafetyNET EGC robot upgraded",
    level: "medium",
    public: true,
    content:
      "The EGC robot now keeps the carbon-copy recipients of every processed message in the robot traffic details.",
  },
  {
    title: "New mini-C terminals supported",
    level: "low",
    public: true,
    content: "Mini-C models are now recognised automatically; their messages are limited to 10 KB.",
  },
];

async function seedCompanies(ctx: SeedContext): Promise<SeededCompany[]> {
  const rows = await insertReturning(
    ctx,
    companies,
    COMPANIES.map((c) => ({ name: c.name, createdAt: past(ctx, 900 * DAY, 400 * DAY) })),
  );
  return rows.map((row, index) => ({
    index,
    key: COMPANIES[index].key,
    id: row.id,
    name: row.name,
    domain: COMPANIES[index].domain,
  }));
}

/** Operator: one team per non-client rights value; clients: their teams with rights 100. */
async function seedTeams(ctx: SeedContext, list: SeededCompany[]): Promise<SeededTeam[]> {
  const defs = list.flatMap<Omit<SeededTeam, "id">>((company, i) =>
    company.key === "operator"
      ? RIGHTS_VALUES.filter((r) => r !== CLIENT_RIGHTS).map((rights) => ({
        company,
        rights,
        name: OPERATOR_TEAM_NAMES[rights],
      }))
      : COMPANIES[i].teams.map((name) => ({ company, rights: CLIENT_RIGHTS as Rights, name }))
  );
  const rows = await insertReturning(
    ctx,
    teams,
    defs.map((d) => ({
      name: d.name,
      companyId: d.company.id,
      rights: d.rights,
      mtlInfoActive: d.rights === CLIENT_RIGHTS && ctx.rng.chance(0.5),
      mtlInfoFtp: d.rights === CLIENT_RIGHTS && ctx.rng.chance(0.3),
      createdAt: past(ctx, 400 * DAY, 300 * DAY),
    })),
  );
  return rows.map((row, i) => ({ ...defs[i], id: row.id }));
}

interface UserDef {
  id: string;
  firstName: string;
  lastName: string;
  team: SeededTeam;
  /** Operator staff (as opposed to client users). */
  staff: boolean;
}

/** The demo accounts followed by generated staff and client users. */
function userDefs(
  ctx: SeedContext,
  accounts: readonly DemoAccount[],
  list: SeededCompany[],
  teamList: SeededTeam[],
): UserDef[] {
  const teamsOf = (company: SeededCompany) => teamList.filter((t) => t.company === company);
  const byKey = (key: string) => list.find((c) => c.key === key)!;
  const defs: UserDef[] = accounts.map((a) => {
    const candidates = teamsOf(byKey(a.company));
    const team = candidates.find((t) => t.rights === a.rights) ?? candidates[0];
    const staff = a.company === "operator";
    return { id: a.id, firstName: a.firstName, lastName: a.lastName, team, staff };
  });
  // Shuffled pools, one name each, so no two generated users share a first or last name.
  const firstNames = ctx.rng.sample(FIRST_NAMES, FIRST_NAMES.length);
  const lastNames = ctx.rng.sample(LAST_NAMES, LAST_NAMES.length);
  let next = 0;
  list.forEach((company, i) => {
    const candidates = teamsOf(company).filter((t) => t.rights !== 0);
    for (let n = 0; n < COMPANIES[i].extra; n++) {
      const firstName = firstNames[next], lastName = lastNames[next++];
      const id = `${ascii(firstName)}.${ascii(lastName)}@${company.domain}`;
      defs.push({ id, firstName, lastName, team: ctx.rng.pick(candidates), staff: i === 0 });
    }
  });
  return defs;
}

/** A fake but well-formed ASCII-armoured public key. */
function pgpKey(ctx: SeedContext): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const line = () => Array.from({ length: 64 }, () => ctx.rng.pick([...alphabet])).join("");
  return `-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n${line()}\n${line()}\n${
    line().slice(0, 40)
  }\n-----END PGP PUBLIC KEY BLOCK-----`;
}

async function seedUsers(
  ctx: SeedContext,
  accounts: readonly DemoAccount[],
  list: SeededCompany[],
  teamList: SeededTeam[],
): Promise<SeededUser[]> {
  const { rng } = ctx;
  const defs = userDefs(ctx, accounts, list, teamList);
  const demoIds = new Set(accounts.map((a) => a.id));
  const rows = defs.map((d) => {
    const demo = demoIds.has(d.id);
    const messagingC = demo ? d.team.rights <= 1 || d.team.rights === 100 : rng.chance(0.35);
    const smtp = demo ? d.team.rights === 100 : rng.chance(d.staff ? 0.1 : 0.3);
    const telnet = !demo && d.team.rights === 11 && rng.chance(0.6);
    const createdAt = past(ctx, 300 * DAY, 2 * DAY);
    return {
      id: d.id,
      mail: d.id,
      firstName: d.firstName,
      lastName: d.lastName,
      companyId: d.team.company.id,
      teamId: d.team.id,
      active: demo || rng.chance(0.85),
      passwordHash: ctx.passwordHash,
      passwordChangedAt: past(ctx, ctx.now.getTime() - createdAt.getTime()),
      webAccess: demo || rng.chance(0.9),
      wsAccess: !d.staff && rng.chance(0.25),
      ftpAccess: !d.staff && rng.chance(0.25),
      messagingCAccess: messagingC,
      messagingCRul: messagingC ? companyRulId(d.team.company.index) : null,
      downloadDnid: demo ? d.team.rights !== 200 : rng.chance(0.2),
      telnetAccess: telnet,
      telnetAddress: telnet ? `10.20.${rng.int(0, 15)}.${rng.int(2, 250)}:23` : null,
      smtpAccess: smtp,
      gpgId: smtp && rng.chance(0.4) ? `0x${rng.digits(8)}` : null,
      gpgContent: null as string | null,
      quota: smtp ? rng.pick([10, 20, 50, 100, 200]) : 10,
      subject: !d.staff && rng.chance(0.1) ? `CASE-${rng.int(2023, 2025)}-${rng.digits(4)}` : null,
      createdAt,
    };
  });
  for (const row of rows) if (row.gpgId) row.gpgContent = pgpKey(ctx);
  const stored = await insertReturning(ctx, users, rows);
  return stored.map((u, i) => ({
    key: u.key,
    id: u.id,
    name: `${u.firstName} ${u.lastName}`,
    team: defs[i].team,
    active: u.active,
    messagingCAccess: u.messagingCAccess,
    createdAt: u.createdAt,
  }));
}

/** A few users receive mail on extra addresses (mailLogin). */
async function seedAliases(ctx: SeedContext, userList: SeededUser[]): Promise<void> {
  const taken = new Set(userList.map((u) => u.id));
  const rows: { userKey: number; mail: string; createdAt: Date }[] = [];
  const add = (user: SeededUser, local: string) => {
    const mail = `${local}@${user.id.split("@")[1]}`;
    if (taken.has(mail)) return;
    taken.add(mail);
    const since = ctx.now.getTime() - user.createdAt.getTime();
    rows.push({ userKey: user.key, mail, createdAt: past(ctx, since) });
  };
  add(userList.find((u) => u.id === "client@demo.test")!, "fleet-ops");
  add(userList.find((u) => u.id === "care@demo.test")!, "support");
  for (const user of userList.filter((u) => !u.id.endsWith("@demo.test"))) {
    if (!user.active || !ctx.rng.chance(0.2)) continue;
    const [first, last] = user.id.split("@")[0].split(".");
    add(user, ctx.rng.pick([`${first[0]}${last}`, `${last}.${first}`, "noc", "duty-officer"]));
  }
  await insertRows(ctx, userAliases, rows);
}

/** ~12 news items over the last 60 days; demo accounts have read the older ones. */
async function seedNews(ctx: SeedContext, userList: SeededUser[]): Promise<void> {
  const authors = userList.filter((u) => [0, 1, 15].includes(u.team.rights));
  const rows = NEWS.map((item, i) => {
    const createdAt = past(ctx, (60 - 5 * i) * DAY, (56 - 5 * i) * DAY);
    return {
      ...item,
      authorKey: ctx.rng.pick(authors).key,
      createdAt,
      updatedAt: after(ctx, createdAt, ctx.rng.chance(0.3) ? ctx.rng.int(1, 48) * HOUR : 0),
    };
  });
  const stored = await insertReturning(ctx, news, rows);
  const old = stored.filter((n) => n.createdAt.getTime() < ctx.now.getTime() - 14 * DAY);
  const readers = userList.filter((u) => u.id.endsWith("@demo.test"));
  await insertRows(
    ctx,
    newsReads,
    readers.flatMap((u) =>
      old.map((n) => ({ userKey: u.key, newsId: n.id, readAt: after(ctx, n.createdAt, DAY) }))
    ),
  );
}

export async function seedAdmin(
  ctx: SeedContext,
  accounts: readonly DemoAccount[],
): Promise<AdminData> {
  const companyList = await seedCompanies(ctx);
  const teamList = await seedTeams(ctx, companyList);
  const userList = await seedUsers(ctx, accounts, companyList, teamList);
  await seedAliases(ctx, userList);
  await seedNews(ctx, userList);
  return { companies: companyList, teams: teamList, users: userList };
}
