/** The routing area's pages: one line per resource (docs/decisions/0009). */
export { default as index } from "./index.ts";
export { default as pushTraffic } from "./push_traffic.tsx";
export { default as events } from "./events.tsx";
export { default as robotTraffic } from "./robot_traffic.tsx";
export { default as process } from "./process.tsx";
export { default as routes } from "./delivery_routes.tsx";
export { default as statistics } from "./statistics.tsx";
export { default as station } from "./station.tsx";
