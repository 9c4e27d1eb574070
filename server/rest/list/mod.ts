import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Command lists",
    description: "Command lists and their commands; cancel a list's execution (a client: its " +
      "company's lists)",
  },
  routes,
  handlers,
});
