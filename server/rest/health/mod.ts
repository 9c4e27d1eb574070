import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Health",
    description: "Liveness and database reachability, for load balancers and monitoring",
  },
  routes,
  handlers,
});
