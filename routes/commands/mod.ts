/** The commands area's pages: one line per resource (docs/decisions/0009). */
export { default as index } from "./index.ts";
export { default as terminalCommands } from "./terminal_commands.tsx";
export { default as messagingC } from "./messaging_c.tsx";
