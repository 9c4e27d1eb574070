import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Monitoring",
    description: "Gauges, delivery figures, service states and traffic statistics " +
      "(administrators)",
  },
  routes,
  handlers,
});
