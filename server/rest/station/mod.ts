import { resource } from "../define.ts";
import * as routes from "./routes.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "LES traffic",
    description: "Messages handed to the land earth station: the traffic overview and the " +
      "delete of a message not forwarded yet (a client: its company's messages)",
  },
  routes,
  handlers,
});
