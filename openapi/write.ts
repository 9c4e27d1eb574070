/** `deno task openapi`: writes openapi.json, types.ts and sort_fields.ts in openapi/. */
import { generatedDocument, generatedSortFields, generatedTypes } from "./generate.ts";

await Deno.writeTextFile(new URL("./openapi.json", import.meta.url), generatedDocument());
await Deno.writeTextFile(new URL("./types.ts", import.meta.url), await generatedTypes());
await Deno.writeTextFile(new URL("./sort_fields.ts", import.meta.url), generatedSortFields());
console.log("wrote openapi/openapi.json, openapi/types.ts and openapi/sort_fields.ts");
