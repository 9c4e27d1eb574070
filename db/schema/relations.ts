import { relations } from "drizzle-orm";
import { companies, news, newsReads, sessions, teams, userAliases, users } from "./admin.ts";
import {
  commandLists,
  commands,
  dnids,
  dnidStatuses,
  enids,
  enidTeams,
  mtls,
  terminalItems,
  terminals,
  tgids,
  tgidTeams,
} from "./management.ts";

export const companiesRelations = relations(companies, ({ many }) => ({
  teams: many(teams),
  users: many(users),
  dnids: many(dnids),
  enids: many(enids),
}));

export const teamsRelations = relations(teams, ({ one, many }) => ({
  company: one(companies, { fields: [teams.companyId], references: [companies.id] }),
  users: many(users),
  tgids: many(tgidTeams),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  team: one(teams, { fields: [users.teamId], references: [teams.id] }),
  aliases: many(userAliases),
  sessions: many(sessions),
}));

export const userAliasesRelations = relations(userAliases, ({ one }) => ({
  user: one(users, { fields: [userAliases.userKey], references: [users.key] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userKey], references: [users.key] }),
}));

export const newsRelations = relations(news, ({ many }) => ({ reads: many(newsReads) }));
export const newsReadsRelations = relations(newsReads, ({ one }) => ({
  news: one(news, { fields: [newsReads.newsId], references: [news.id] }),
}));

export const tgidsRelations = relations(tgids, ({ one, many }) => ({
  team: one(teams, { fields: [tgids.teamId], references: [teams.id] }),
  teams: many(tgidTeams),
  terminals: many(terminals),
  dnids: many(dnids),
}));

export const tgidTeamsRelations = relations(tgidTeams, ({ one }) => ({
  tgid: one(tgids, { fields: [tgidTeams.tgidId], references: [tgids.id] }),
  team: one(teams, { fields: [tgidTeams.teamId], references: [teams.id] }),
}));

export const dnidsRelations = relations(dnids, ({ one, many }) => ({
  company: one(companies, { fields: [dnids.companyId], references: [companies.id] }),
  tgid: one(tgids, { fields: [dnids.tgidId], references: [tgids.id] }),
  statuses: many(dnidStatuses),
}));

export const dnidStatusesRelations = relations(dnidStatuses, ({ one }) => ({
  dnid: one(dnids, {
    fields: [dnidStatuses.dnidId, dnidStatuses.les],
    references: [dnids.id, dnids.les],
  }),
}));

export const enidsRelations = relations(enids, ({ one, many }) => ({
  company: one(companies, { fields: [enids.companyId], references: [companies.id] }),
  teams: many(enidTeams),
}));

export const enidTeamsRelations = relations(enidTeams, ({ one }) => ({
  enid: one(enids, {
    fields: [enidTeams.enidId, enidTeams.rulLes],
    references: [enids.id, enids.rulLes],
  }),
  team: one(teams, { fields: [enidTeams.teamId], references: [teams.id] }),
}));

export const terminalsRelations = relations(terminals, ({ one, many }) => ({
  tgid: one(tgids, { fields: [terminals.tgidId], references: [tgids.id] }),
  items: many(terminalItems),
  mtl: one(mtls, { fields: [terminals.deviceId], references: [mtls.deviceId] }),
}));

export const terminalItemsRelations = relations(terminalItems, ({ one }) => ({
  terminal: one(terminals, { fields: [terminalItems.deviceId], references: [terminals.deviceId] }),
}));

export const commandListsRelations = relations(
  commandLists,
  ({ many }) => ({ commands: many(commands) }),
);
export const commandsRelations = relations(commands, ({ one }) => ({
  list: one(commandLists, { fields: [commands.listId], references: [commandLists.id] }),
}));
