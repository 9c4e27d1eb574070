/**
 * The search calls' matching: case-insensitive, LIKE wildcards in the text taken literally,
 * "contains" on some columns and "starts with" on others; exact matches sort first.
 */
import { ilike, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { escapeLike } from "../../openapi/schemas/search.ts";

export function textSearch(
  query: string,
  columns: { contains?: SQLWrapper[]; prefix?: SQLWrapper[] },
): { where: SQL; exactFirst: SQL } {
  const text = escapeLike(query);
  const all = [...columns.contains ?? [], ...columns.prefix ?? []];
  return {
    where: or(
      ...(columns.contains ?? []).map((c) => ilike(c as SQL, `%${text}%`)),
      ...(columns.prefix ?? []).map((c) => ilike(c as SQL, `${text}%`)),
    )!,
    exactFirst: sql`case when ${or(...all.map((c) => ilike(c as SQL, text)))} then 0 else 1 end`,
  };
}
