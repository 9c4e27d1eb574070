import { resource } from "../define.ts";
import * as routes from "./routes.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Inmarsat",
    description: "Messaging C: send messages to Inmarsat C terminals, the recipient history " +
      "and attachments",
  },
  routes,
  handlers,
});
