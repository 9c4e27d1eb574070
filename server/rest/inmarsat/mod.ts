import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Inmarsat",
    description: "Messaging C: send messages to Inmarsat C terminals, the recipient history " +
      "and attachments; the delete of a station message not forwarded yet",
  },
  routes,
  handlers,
});
