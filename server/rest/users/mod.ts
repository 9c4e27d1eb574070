import { createRouter } from "../../router.ts";
import * as routes from "./session_routes.ts";
import { currentHandler, loginHandler, logoutHandler } from "./session_handlers.ts";
import { search, searchHandler } from "./search.ts";

export const LOGIN_PATH = routes.login.path;

export const usersRouter = createRouter()
  .openapi(routes.login, loginHandler)
  .openapi(routes.logout, logoutHandler)
  .openapi(routes.current, currentHandler)
  .openapi(search, searchHandler);
