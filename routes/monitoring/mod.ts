/** The monitoring area's pages: one line per resource (docs/decisions/0009). */
export { default as control } from "./control.tsx";
export { default as message } from "./message.tsx";
export { default as index } from "./index.ts";
