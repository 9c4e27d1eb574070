/**
 * The push process islands' calls (zod-free): the list's query (find type "process") and the
 * dialogs' add, update and delete, each failure a danger toast "Push process not …: <the server's
 * message>".
 */
import type { components } from "../../../openapi/types.ts";
import { PROCESS_MESSAGES } from "../../../openapi/schemas/push/push_process_messages.ts";
import { call, client, messageOf } from "../../runtime/api.ts";
import { pushFinder } from "../traffic/push_find_api.ts";
import { orToast } from "../../runtime/or_toast.ts";

type S = components["schemas"];
export type ProcessRow = S["ProcessRow"];

export const findProcesses = pushFinder("process");

export const addProcess = (body: S["ProcessAdd"]) =>
  orToast(PROCESS_MESSAGES.notCreated, () => call(client.POST("/rest/push/addProcess", { body })));

export const updateProcess = (body: S["ProcessUpdate"]) =>
  orToast(
    PROCESS_MESSAGES.notUpdated,
    () => call(client.POST("/rest/push/updateProcess", { body })),
  );

/** Deletes (no question asked): the thrown error's message starts with "Push process not deleted". */
export async function removeProcess(id: number): Promise<ProcessRow> {
  try {
    return await call(
      client.DELETE("/rest/push/deleteProcess", { params: { query: { id: id } } }),
    );
  } catch (e) {
    throw new Error(`${PROCESS_MESSAGES.notDeleted}: ${messageOf(e)}`);
  }
}
