/** Dnids (management-routing §3 and §7): the quick search's answer. */
import { z } from "zod";
import { RefSchema, TgidRefSchema } from "./common.ts";

export const SearchDnidSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  company: RefSchema,
  tgid: TgidRefSchema.nullable().meta({ description: "The tgid the dnid is routed to, if any" }),
}).meta({ id: "SearchDnid" });
export const SearchDnidListSchema = z.array(SearchDnidSchema).meta({ id: "SearchDnidList" });
