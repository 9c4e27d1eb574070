import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Egc", description: "Enhanced group calls (FleetNET) to enids" },
  routes,
  handlers,
});
