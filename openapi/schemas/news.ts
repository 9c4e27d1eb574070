import { z } from "zod";
import { NEWS_LEVELS } from "../enums.ts";

export const NewsLevelSchema = z.enum(NEWS_LEVELS).meta({ id: "NewsLevel" });

/** A news item the user has not read yet (GET /rest/news/countnew). */
export const NewNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  level: NewsLevelSchema,
  createdAt: z.string().meta({ format: "date-time" }),
}).meta({ id: "NewNews" });
export const NewNewsListSchema = z.array(NewNewsSchema).meta({ id: "NewNewsList" });
