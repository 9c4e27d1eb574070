import { newMail, type Probes, TEST_PASSWORD } from "../../tenant.ts";
import { userAliases } from "../../../../db/schema/mod.ts";

export const probes: Probes = {
  usersSearch: (t) => ({ query: { query: t.tag } }),
  usersGetUser: (t) => ({ query: { user: t.user.id } }),
  usersHierarchy: () => ({}),
  usersAll: () => ({}),
  usersFind: (t) => ({ json: { filter: { id: t.tag } } }),
  usersCreate: (t) => ({
    json: { company: t.company.id, team: t.team.id, id: newMail(`new-${t.tag}`) },
  }),
  usersUpdate: (t) => ({
    json: { id: t.user.id, company: t.company.id, team: t.team.id, firstName: "Renamed" },
  }),
  usersChangeId: (t) => ({ json: { oldId: t.user.id, newId: newMail(`moved-${t.tag}`) } }),
  usersChangeStatus: (t) => ({ json: { userId: t.user.id, active: false } }),
  usersAddEmailAlias: (t) => ({ json: { userId: t.user.id, alias: newMail(`alias-${t.tag}`) } }),
  usersDeleteEmailAlias: async (t, { db }) => {
    const alias = newMail(`alias-${t.tag}`);
    await db.insert(userAliases).values({ userKey: t.user.key, mail: alias });
    return { json: { userId: t.user.id, alias } };
  },
  usersChangeTeam: async (t, { f }) => ({
    json: { userId: t.user.id, teamId: (await f.team({ companyId: t.company.id })).id },
  }),
  usersResetPassword: (t) => ({ json: { id: t.user.id, reason: "Forgotten" } }),
  usersSetPassword: async (t, { f }) => ({
    json: { token: await f.resetToken(t.user.key), password: `${TEST_PASSWORD}-new` },
  }),
};
