/** The information area's pages: one line per resource (docs/decisions/0009). */
export { default as help } from "./help.tsx";
export { default as about } from "./about.tsx";
export { default as news } from "./news.tsx";
