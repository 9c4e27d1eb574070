/** `deno task openapi`: writes openapi/openapi.json and openapi/types.ts. */
import { generatedDocument, generatedTypes } from "./generate.ts";

await Deno.writeTextFile(new URL("./openapi.json", import.meta.url), generatedDocument());
await Deno.writeTextFile(new URL("./types.ts", import.meta.url), await generatedTypes());
console.log("wrote openapi/openapi.json and openapi/types.ts");
