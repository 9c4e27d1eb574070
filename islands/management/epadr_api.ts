/** The EPADR page's call: save the robot's configuration (POST /rest/epadr/updateConfig). */
import { failureOf, portalFetch } from "../runtime/api.ts";
import type { EpadrConfig, EpadrConfigUpdateBody } from "../../openapi/schemas/epadr.ts";

export async function saveEpadrConfig(body: EpadrConfigUpdateBody): Promise<EpadrConfig> {
  const response = await portalFetch("/rest/epadr/updateConfig", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => undefined);
  if (!response.ok) throw await failureOf(response, json);
  return json as EpadrConfig;
}
