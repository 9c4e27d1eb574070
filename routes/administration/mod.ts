/** The administration area's pages: one line per resource (docs/decisions/0009). */
export { default as index } from "./index.ts";
export { default as companies } from "./companies.tsx";
export { default as teams } from "./teams.tsx";
export { default as users } from "./users.tsx";
export { default as audit } from "./audit.tsx";
