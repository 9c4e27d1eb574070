/** The user pages' calls, through the typed client (failures thrown as ApiFailure). */
import { call, client, getJson } from "../../runtime/api.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import { rowsOf } from "../../kit/table/finder.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import type {
  ResetPasswordResponse,
  User,
  UserCreate,
  UserCreated,
  UserListItem,
  UserUpdate,
} from "../../../openapi/schemas/users/users.ts";

export type { User, UserListItem };

/** The user's page ("@" may stand in a path, so an id reads as itself). */
export const userHref = (id: string) =>
  `/administration/users/${encodeURIComponent(id).replace(/%40/g, "@")}`;

/** "First Last", or "" when the user has no name. */
export const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

export const findUsers = async (state: TableState) =>
  rowsOf(
    await call(
      client.POST("/rest/users/find", { body: findBody(state, SORT_FIELDS["/rest/users/find"]) }),
    ),
  );

export const getUser = (id: string): Promise<User> =>
  call(client.GET("/rest/users/getUser", { params: { query: { user: id } } }));

export const createUser = (body: UserCreate): Promise<UserCreated> =>
  call(client.POST("/rest/users/create", { body }));

export const updateUser = (body: UserUpdate): Promise<User> =>
  call(client.POST("/rest/users/update", { body }));

export const changeStatus = (userId: string, active: boolean): Promise<User> =>
  call(client.POST("/rest/users/changeStatus", { body: { userId, active } }));

export const changeId = (oldId: string, newId: string): Promise<User> =>
  call(client.POST("/rest/users/changeId", { body: { oldId, newId } }));

export const resetPassword = (id: string, reason: string): Promise<ResetPasswordResponse> =>
  call(client.POST("/rest/users/resetPassword", { body: { id, reason } }));

export const addAlias = (userId: string, alias: string): Promise<User> =>
  call(client.POST("/rest/users/addEmailAlias", { body: { userId, alias } }));

export const deleteAlias = (userId: string, alias: string): Promise<User> =>
  call(client.POST("/rest/users/deleteEmailAlias", { body: { userId, alias } }));

export const changeTeam = (userId: string, teamId: number): Promise<User> =>
  call(client.POST("/rest/users/changeTeam", { body: { userId, teamId } }));

/** One company of GET /rest/companies/hierarchy (companies by name, teams by name). */
export interface CompanyTeams {
  id: number;
  name: string;
  teams: { id: number; name: string; rights: number }[];
}

export const HIERARCHY_KEY = "/rest/companies/hierarchy";
export const companyHierarchy = () => getJson<CompanyTeams[]>(HIERARCHY_KEY);
