/**
 * Text matching for every list and search: case-insensitive, LIKE wildcards in the text taken
 * literally, "contains" on some columns and "starts with" on others; exact matches sort first.
 */
import { ilike, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";

/**
 * The text as a literal LIKE/ILIKE pattern: `%`, `_` and `\` (PostgreSQL's default escape
 * character) match only themselves. Wrap it in `%…%` for "contains", append `%` for a prefix.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The column contains the text, any case. */
export const contains = (column: SQLWrapper, text: string): SQL =>
  ilike(column as SQL, `%${escapeLike(text)}%`);

/** A search call's match (GET …/search?query): `where`, and `exactFirst` to sort by. */
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
