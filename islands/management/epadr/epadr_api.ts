/** The EPADR page's call: save the robot's configuration (POST /rest/epadr/updateConfig). */
import { call, client } from "../../runtime/api.ts";
import type { EpadrConfigUpdateBody } from "../../../openapi/schemas/epadr/epadr.ts";

export const saveEpadrConfig = (body: EpadrConfigUpdateBody) =>
  call(client.POST("/rest/epadr/updateConfig", { body }));
