export * from "./admin.ts";
export * from "./management.ts";
export * from "./routing.ts";
export * from "./epadr.ts";
export * from "./monitoring.ts";
export * from "./audit.ts";
