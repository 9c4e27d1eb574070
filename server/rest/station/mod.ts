import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "LES traffic",
    description: "Messages handed to the land earth station: the traffic overview (a client: " +
      "its company's messages)",
  },
  routes,
  handlers,
});
