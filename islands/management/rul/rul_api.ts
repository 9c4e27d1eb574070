/**
 * What the rul islands share: a rul's page, the list's query, and the calls of the dialogs with
 * their failure toasts ("Rul not created", "Rul not updated", "Rul not deleted", each with the
 * server's message).
 */
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import { RUL_MESSAGES } from "../../../openapi/schemas/ruls/rul_messages.ts";
import type { Rul, RulCreate, RulUpdate } from "../../../openapi/schemas/ruls/ruls.ts";
import type { LES } from "../../../openapi/enums.ts";

type Les = keyof typeof LES;
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import { call, client, messageOf } from "../../runtime/api.ts";
import { orToast } from "../../runtime/or_toast.ts";

const RUL_LIST_PATH = "/management/rul";
/** Where a deleted rul's page goes (management-routing §2). */
export const RUL_DELETED_PATH = "/management/rul/";
export const rulHref = (r: { id: number }) => `${RUL_LIST_PATH}/${r.id}`;

/** The password as the list and the rul's page (until Show) show it. */
export const MASKED_PASSWORD = "••••";

export const findRuls = async (state: TableState) =>
  rowsOf(
    await call(client.POST("/rest/ruls/find", {
      body: findBody(state, SORT_FIELDS["/rest/ruls/find"]),
    })),
  );

/** The highest rul id (0 when none): the create dialog proposes the next. */
export const lastRulId = async () => (await call(client.GET("/rest/ruls/lastRul"))).id;

export const createRul = (body: RulCreate): Promise<Rul> =>
  orToast(RUL_MESSAGES.notCreated, () => call(client.POST("/rest/ruls/create", { body })));

export const updateRul = (body: RulUpdate): Promise<Rul> =>
  orToast(RUL_MESSAGES.notUpdated, () => call(client.POST("/rest/ruls/update", { body })));

/** Deletes (no question asked): the thrown error's message starts with "Rul not deleted". */
export async function removeRul(key: { id: number; les: number }): Promise<Rul> {
  try {
    return await call(
      client.POST("/rest/ruls/delete", { body: { id: key.id, les: key.les as Les } }),
    );
  } catch (e) {
    throw new Error(`${RUL_MESSAGES.notDeleted}: ${messageOf(e)}`);
  }
}
