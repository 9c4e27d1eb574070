/**
 * Terminal item logs (management-routing §3), zod-free so the seed, the server and the islands
 * share them: a log's label is its camel-case name split into words, and the names in
 * DATE_ITEM_NAMES are always dates.
 */
import { DATE_ITEM_NAMES, type ItemType } from "./enums.ts";

/** "ncsUpdateTime" → "Ncs update time", "batteryLevel" → "Battery level". */
export const labelOf = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** The type an item log is shown as: DATE for the date names, else the type it was stored with. */
export const itemTypeOf = (name: string, stored: ItemType): ItemType =>
  DATE_ITEM_NAMES.includes(name) ? "DATE" : stored;

/** The item log that holds Iritrack's ten canned messages (a JSON array of 10 strings). */
export const CANNED_MESSAGES_ITEM = "cannedMessages";
