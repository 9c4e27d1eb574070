/**
 * News (portal-shell §3, §5, §7): what is written (add, edit), what is read (every list, get)
 * and the new-news list of the header's count. Shared by the server's routes and the browser's
 * news dialog, which validates with the same schema before sending.
 */
import { z } from "zod";
import { DEFAULT_NEWS_LEVEL, NEWS_LEVELS } from "../enums.ts";
import { formMessages } from "./messages.ts";
import { MAX_ID, queryId, requiredBlock, requiredText } from "./common.ts";

/** An item is new for a user for this many days after it is published, until the user reads it. */
export const NEW_NEWS_DAYS = 30;
const NEWS_TITLE_MAX = 200;
const NEWS_CONTENT_MAX = 10_000;
/** The public flag is sent and read as 1 or 0 (an integer enum in the document). */
const ZERO_ONE = { no: 0, yes: 1 } as const;

const NewsLevelSchema = z.enum(NEWS_LEVELS).meta({ id: "NewsLevel" });

/** A news item the user has not read yet (GET /rest/news/countnew). */
const NewNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  level: NewsLevelSchema,
  createdAt: z.string().meta({ format: "date-time" }),
}).meta({ id: "NewNews" });
export const NewNewsListSchema = z.array(NewNewsSchema).meta({ id: "NewNewsList" });

/** The fields of POST /rest/news/add, and of edit with the item's id. */
export const NewsWriteSchema = z.object({
  title: requiredText("Title", NEWS_TITLE_MAX).meta({
    description: `Trimmed, 1 to ${NEWS_TITLE_MAX} characters`,
    example: "Maintenance of the LES 21 gateway",
  }),
  content: requiredBlock("Content", NEWS_CONTENT_MAX).meta({
    description: `Plain text (line breaks kept, never read as HTML); trimmed, 1 to ` +
      `${NEWS_CONTENT_MAX} characters`,
    example: "Saturday 02:00-04:00 UTC: messages are queued and delivered afterwards.",
  }),
  level: z.enum(NEWS_LEVELS, { error: formMessages.match("Level") }).default(DEFAULT_NEWS_LEVEL)
    .meta({ description: `critical, medium or low (default ${DEFAULT_NEWS_LEVEL})` }),
  public: z.enum(ZERO_ONE, { error: formMessages.match("Public") }).default(0).meta({
    description: "1: every signed-in user reads it; 0 (default): administrators only",
  }),
}).meta({ id: "NewsWrite" });
export type NewsWrite = z.output<typeof NewsWriteSchema>;
export type NewsWriteInput = z.input<typeof NewsWriteSchema>;

export const NewsEditSchema = NewsWriteSchema.extend({
  id: z.number({ error: formMessages.required("Id") }).int(formMessages.match("Id"))
    .min(1, formMessages.match("Id")).max(MAX_ID, formMessages.match("Id")),
}).meta({ id: "NewsEdit" });
export type NewsEdit = z.output<typeof NewsEditSchema>;

/** `?id=` of get and delete. */
export const NewsIdQuerySchema = z.object({
  id: queryId("Id", "The news item's id", 1),
});

/** A news item as read. */
export const NewsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().meta({ description: "Plain text; show it as text, line breaks kept" }),
  level: NewsLevelSchema,
  public: z.enum(ZERO_ONE).meta({ description: "1: every signed-in user reads it" }),
  createdAt: z.string().meta({ format: "date-time", description: "When it was published" }),
  updatedAt: z.string().meta({ format: "date-time", description: "Its last edit" }),
  author: z.string().nullable().meta({
    description: "Who published it: the name (administrators also see the id when the " +
      "author has no name); null when unknown or the account is gone",
  }),
  new: z.boolean().meta({
    description:
      `New for the signed-in user: published in the last ${NEW_NEWS_DAYS} days and not read yet`,
  }),
}).meta({ id: "NewsItem" });
export type NewsItem = z.infer<typeof NewsItemSchema>;
export const NewsListSchema = z.array(NewsItemSchema).meta({ id: "NewsList" });
