/**
 * The names a new resource goes by, derived once from its area and its snake_case plural name
 * (`management`, `fuel_reports`): its folders and files, its table, its URL prefix, its types.
 */

export interface Names {
  /** The area: its routes/, islands/, tests/api/ and tests/authz/probes/ folder (`management`). */
  area: string;
  /** Folders, files and the table (`fuel_reports`). */
  name: string;
  /** The URL prefix (`/rest/fuelReports/…`), the mod.ts export and the table's export (`fuelReports`). */
  camel: string;
  /** One row, snake_case (`fuel_report`): the messages module. */
  one: string;
  /** One row, PascalCase (`FuelReport`): types, schema ids, components. */
  Pascal: string;
  /** The rows, PascalCase (`FuelReports`): service functions (`findFuelReports`). */
  Plural: string;
  /** One row, for constants (`FUEL_REPORT`). */
  CONST: string;
  /** One row, camelCase (`fuelReport`): variables. */
  oneCamel: string;
  /** In a sentence (`fuel reports`, `fuel report`). */
  words: string;
  word: string;
  /** At the start of a sentence, a heading or a tag (`Fuel reports`, `Fuel report`). */
  Words: string;
  Word: string;
  /** With its article (`a fuel report`, `an item`; `A fuel report`). */
  aWord: string;
  AWord: string;
  /** The list page (`/management/fuel_reports`). */
  page: string;
  /** The operations' prefix (`/rest/fuelReports`). */
  rest: string;
}

/** Lowercase words of letters and digits, each starting with a letter, joined by `_`. */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*$/;

const camelOf = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascalOf = (snake: string) => camelOf(snake).replace(/^[a-z]/, (c) => c.toUpperCase());
const capital = (text: string) => text.replace(/^[a-z]/, (c) => c.toUpperCase());

/** `fuel_reports` → `fuel_report`, `batteries` → `battery`, `boxes` → `box`, `fish` → `fish`. */
export function singularOf(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, "y");
  if (/(ss|x|ch|sh)es$/.test(name)) return name.replace(/es$/, "");
  if (/[^s]s$/.test(name)) return name.replace(/s$/, "");
  return name;
}

export function namesOf(area: string, name: string, singular = singularOf(name)): Names {
  const article = /^[aeiou]/.test(singular) ? "an" : "a";
  return {
    area,
    name,
    camel: camelOf(name),
    one: singular,
    Pascal: pascalOf(singular),
    Plural: pascalOf(name),
    CONST: singular.toUpperCase(),
    oneCamel: camelOf(singular),
    words: name.replaceAll("_", " "),
    word: singular.replaceAll("_", " "),
    Words: capital(name.replaceAll("_", " ")),
    Word: capital(singular.replaceAll("_", " ")),
    aWord: `${article} ${singular.replaceAll("_", " ")}`,
    AWord: `${capital(article)} ${singular.replaceAll("_", " ")}`,
    page: `/${area}/${name}`,
    rest: `/rest/${camelOf(name)}`,
  };
}
