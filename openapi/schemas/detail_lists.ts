/**
 * What a company's and a team's details both list (server/services/detail_lists.ts): users,
 * tgids, enids and dnids, each by the same fields.
 */
import { z } from "zod";
import { RefSchema, TgidRefSchema } from "./common.ts";

export const DetailUserSchema = z.object({
  id: z.string().meta({ description: "The login" }),
  name: z.string().meta({ description: "First and last name" }),
  mail: z.string(),
  active: z.boolean(),
}).meta({ id: "DetailUser" });

export const DetailTgidSchema = z.object({
  id: z.number().int(),
  label: z.string().meta({ description: "The label, else the id as text" }),
  team: RefSchema.meta({ description: "The owning team" }),
}).meta({ id: "DetailTgid" });

export const DetailEnidSchema = z.object({
  id: z.number().int(),
  rulLes: z.number().int(),
  rulId: z.number().int(),
}).meta({ id: "DetailEnid" });

export const DetailDnidSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  tgid: TgidRefSchema.nullable().meta({ description: "The tgid it is routed to, if any" }),
}).meta({ id: "DetailDnid" });
