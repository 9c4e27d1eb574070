/**
 * The authorization matrix's world (tests/authz_matrix_test.ts): two tenants, A and B, each a
 * company with a client team and user and one of every company-owned row, all carrying the
 * tenant's `tag` (a random word) so that any of B's rows in an answer to A can be spotted; and
 * the probes: for every operation of the contract, a request that it should accept.
 *
 * Each resource's probes live in tests/authz/probes/<resource>.ts (the name of its server/rest
 * folder), exported as `probes`; the matrix loads every file there and fails for an operation
 * without one.
 */
import type { Db } from "../../db/client.ts";
import { Factories, TEST_PASSWORD } from "../fixtures/factories.ts";

export { TEST_PASSWORD };

/** Ten random letters: in no name the fixtures or the seed make. */
const word = () =>
  Array.from(
    crypto.getRandomValues(new Uint8Array(10)),
    (b) => "abcdefghijklmnopqrstuvwxyz"[b % 26],
  )
    .join("");

export async function makeTenant(f: Factories) {
  const tag = word();
  const company = await f.company(`Company ${tag}`);
  const team = await f.team({ companyId: company.id, name: `Team ${tag}`, rights: 100 });
  const user = await f.user({
    teamId: team.id,
    companyId: company.id,
    id: `user-${tag}@test.example`,
    messagingCAccess: true,
  });
  const tgid = await f.tgid({ teamId: team.id, label: `Tgid ${tag}` });
  const rul = await f.rul({ companyId: company.id, name: `Customer ${tag}` });
  const dnid = await f.dnid({
    companyId: company.id,
    tgidId: tgid.id,
    teamId: team.id,
    rulId: rul.id,
  });
  // The terminal first: its imn is drawn again if taken, and the dnid's member carries it.
  const terminal = await f.terminal({
    tgidId: tgid.id,
    deviceTypeId: 0,
    label: `Terminal ${tag}`,
  });
  const status = await f.dnidStatus({
    dnidId: dnid.id,
    les: dnid.les,
    device: terminal.mtl!.imn,
  });
  const enid = await f.enid({
    companyId: company.id,
    rulId: rul.id,
    rulLes: rul.les,
    teamIds: [team.id],
    comments: `Enid ${tag}`,
  });
  const list = await f.commandList({
    companyId: company.id,
    userKey: user.key,
    statuses: [1, 5],
    mt: status.device,
  });
  const file = await f.file({ companyId: company.id, name: `doc-${tag}.pdf` });
  const [push] = await f.pushTraffic({
    tgidId: tgid.id,
    overrides: { errorLabel: `error ${tag}` },
  });
  const upload = await f.startedUpload(user);
  return {
    tag,
    company,
    team,
    user,
    tgid,
    rul,
    dnid,
    status,
    enid,
    terminal,
    list,
    file,
    push,
    upload,
  };
}

export type Tenant = Awaited<ReturnType<typeof makeTenant>>;

/** What an answer to the other tenant's client must never contain. */
export const markersOf = (t: Tenant) => [
  t.tag,
  String(t.dnid.id),
  String(t.enid.id),
  String(t.rul.id),
  t.status.device,
];

/** A request for an operation (its method and path come from the contract). */
export interface ProbeRequest {
  query?: Record<string, string | number | boolean>;
  json?: unknown;
  /** A raw body (for non-JSON operations) and its type. */
  body?: Uint8Array;
  contentType?: string;
}

export interface ProbeContext {
  f: Factories;
  db: Db;
}

/** A request the operation accepts from a caller allowed to make it, about tenant `t`'s rows. */
export type Probe = (t: Tenant, ctx: ProbeContext) => ProbeRequest | Promise<ProbeRequest>;

/** A resource's probes, by operationId. */
export type Probes = Record<string, Probe>;

/** Every probe file of tests/authz/probes/<area>/, merged: operationId → probe. */
export async function loadProbes(): Promise<Probes> {
  const all: Probes = {};
  const walk = async (dir: URL) => {
    for await (const e of Deno.readDir(dir)) {
      if (e.isDirectory) await walk(new URL(`${e.name}/`, dir));
      if (!e.isFile || !e.name.endsWith(".ts")) continue;
      const { probes } = await import(new URL(e.name, dir).href) as { probes: Probes };
      for (const [id, probe] of Object.entries(probes)) {
        if (all[id]) throw new Error(`two probes for ${id}`);
        all[id] = probe;
      }
    }
  };
  await walk(new URL("./probes/", import.meta.url));
  return all;
}

/** A unique e-mail address for a user the probe creates. */
export const newMail = (what: string) => `${what}-${word()}@test.example`;
