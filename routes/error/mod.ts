/** The error pages: the code list and one page per code. */
export { default as codes } from "./codes.tsx";
