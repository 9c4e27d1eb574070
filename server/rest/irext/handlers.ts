/** The /rest/irext handlers: each sends its command to the target terminal. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { sendIrext } from "../../services/command/send.ts";
import { callerOf } from "../../services/command/caller.ts";

export const handlers: Handlers<typeof routes> = {
  emergencyAckowledgement: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "emergencyAckowledgement", c.req.valid("json")), 200),
  cancelEmergencyStatus: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "cancelEmergencyStatus", c.req.valid("json")), 200),
  sendLocationRequest: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "sendLocationRequest", c.req.valid("json")), 200),
  sendDiagnosticRequest: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "sendDiagnosticRequest", c.req.valid("json")), 200),
  requestDeviceIdentifier: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "requestDeviceIdentifier", c.req.valid("json")), 200),
  synchronisation: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "synchronisation", c.req.valid("json")), 200),
  sendFreeTextMessage: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "sendFreeTextMessage", c.req.valid("json")), 200),
  geofenceActivate: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "geofenceActivate", c.req.valid("json")), 200),
  geofenceCancel: async (c) =>
    c.json(await sendIrext(callerOf(c.var), "geofenceCancel", c.req.valid("json")), 200),
};
