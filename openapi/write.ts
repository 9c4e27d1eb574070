/**
 * `deno task openapi`: writes openapi.json, types.ts, sort_fields.ts and filter_patterns.ts in
 * openapi/.
 */
import {
  generatedDocument,
  generatedFilterPatterns,
  generatedSortFields,
  generatedTypes,
} from "./generate.ts";

const write = (file: string, text: string) =>
  Deno.writeTextFile(new URL(`./${file}`, import.meta.url), text);

await write("openapi.json", generatedDocument());
await write("types.ts", await generatedTypes());
await write("sort_fields.ts", generatedSortFields());
await write("filter_patterns.ts", generatedFilterPatterns());
console.log(
  "wrote openapi/openapi.json, openapi/types.ts, openapi/sort_fields.ts and openapi/filter_patterns.ts",
);
