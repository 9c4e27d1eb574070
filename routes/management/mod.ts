/** The management area's pages: one line per resource (docs/decisions/0009). */
export { default as index } from "./index.ts";
export { default as terminalByMtl } from "./terminal_by_mtl.ts";
export { default as ruls } from "./ruls.tsx";
export { default as dnids } from "./dnids.tsx";
export { default as enids } from "./enids.tsx";
export { default as dnidStatus } from "./dnid_status.tsx";
export { default as terminals } from "./terminals.tsx";
export { default as lists } from "./lists.tsx";
export { default as tgids } from "./tgids.tsx";
export { default as epadr } from "./epadr.tsx";
