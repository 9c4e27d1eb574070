import { createRouter } from "../../router.ts";
import * as routes from "./session_routes.ts";
import { currentHandler, loginHandler, logoutHandler } from "./session_handlers.ts";
import { search, searchHandler } from "./search.ts";
import * as admin from "./admin_routes.ts";
import * as handlers from "./admin_handlers.ts";
import {
  resetPasswordHandler,
  resetPasswordRoute,
  SET_PASSWORD_PATH,
  setPasswordHandler,
  setPasswordRoute,
} from "./password_reset.ts";

export const LOGIN_PATH = routes.login.path;
/** Answered without a session (server/app.ts). */
export { SET_PASSWORD_PATH };

export const usersRouter = createRouter()
  .openapi(routes.login, loginHandler)
  .openapi(routes.logout, logoutHandler)
  .openapi(routes.current, currentHandler)
  .openapi(search, searchHandler)
  .openapi(admin.getUser, handlers.getUserHandler)
  .openapi(admin.hierarchy, handlers.hierarchyHandler)
  .openapi(admin.all, handlers.allHandler)
  .openapi(admin.find, handlers.findHandler)
  .openapi(admin.create, handlers.createHandler)
  .openapi(admin.update, handlers.updateHandler)
  .openapi(admin.changeId, handlers.changeIdHandler)
  .openapi(admin.changeStatus, handlers.changeStatusHandler)
  .openapi(admin.addEmailAlias, handlers.addEmailAliasHandler)
  .openapi(admin.deleteEmailAlias, handlers.deleteEmailAliasHandler)
  .openapi(admin.changeTeam, handlers.changeTeamHandler)
  .openapi(resetPasswordRoute, resetPasswordHandler)
  .openapi(setPasswordRoute, setPasswordHandler);
