/** The gauge pages' calls (GET /rest/monitoring/…), typed by the contract; SWR caches them by key. */
import { call, client } from "../runtime/api.ts";
import type { ThresholdsUpdateRequest } from "../../openapi/schemas/monitoring.ts";

export const THRESHOLDS_KEY = "/rest/monitoring/tresholds";
export const SERVICES_KEY = "/rest/monitoring/services";
export const DELIVERY_KEY = "/rest/monitoring/delivery";

export const fetchThresholds = () => call(client.GET("/rest/monitoring/tresholds"));
export const fetchServices = () => call(client.GET("/rest/monitoring/services"));
export const fetchDelivery = () => call(client.GET("/rest/monitoring/delivery"));
export const saveThresholds = (body: ThresholdsUpdateRequest) =>
  call(client.POST("/rest/monitoring/updateTresholds", { body }));
