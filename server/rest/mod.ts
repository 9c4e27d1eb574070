/**
 * Every /rest resource, one line each (docs/decisions/0009-resource-recipe.md): a new resource is
 * mounted, documented and tested by the contract and matrix tests once its line is here.
 */
export { default as health } from "./health/mod.ts";
export { default as session } from "./users/session/mod.ts";
export { default as users } from "./users/mod.ts";
export { default as companies } from "./companies/mod.ts";
export { default as teams } from "./teams/mod.ts";
export { default as news } from "./news/mod.ts";
export { default as error } from "./error/mod.ts";
export { default as file } from "./file/mod.ts";
export { default as dnids } from "./dnids/mod.ts";
export { default as tgid } from "./tgid/mod.ts";
export { default as push } from "./push/mod.ts";
export { default as ruls } from "./ruls/mod.ts";
export { default as enids } from "./enids/mod.ts";
export { default as dnidStatus } from "./dnids/status/mod.ts";
export { default as defaultMtl } from "./default_mtl/mod.ts";
export { default as terminal } from "./terminal/mod.ts";
export { default as mtls } from "./mtls/mod.ts";
export { default as list } from "./list/mod.ts";
export { default as station } from "./station/mod.ts";
export { default as inmarsat } from "./inmarsat/mod.ts";
export { default as generic } from "./generic/mod.ts";
export { default as irext } from "./irext/mod.ts";
export { default as poll } from "./poll/mod.ts";
export { default as egc } from "./egc/mod.ts";
export { default as dnidCommands } from "./dnids/commands/mod.ts";
export { default as command } from "./command/mod.ts";
export { default as epadr } from "./epadr/mod.ts";
export { default as monitoring } from "./monitoring/mod.ts";
export { default as events } from "./events/mod.ts";
export { default as audit } from "./audit/mod.ts";
