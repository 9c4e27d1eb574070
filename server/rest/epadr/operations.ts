/**
 * The EPADR robot's configuration (/management/epadr), administrators only: it names the
 * operator's own mailbox or FTP source, nothing of a client's. (Clients see the robot's traffic
 * of their own tgids on the page.)
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  EPADR_MESSAGES,
  EpadrConfigSchema,
  EpadrConfigUpdateSchema,
} from "../../../openapi/schemas/epadr/epadr.ts";
import { EPADR_POLL_MAX, EPADR_POLL_MIN } from "../../../openapi/enums.ts";

export const getConfig = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/epadr/getConfig",
  summary: "The EPADR robot's configuration",
  description: "Enabled, source type (0 SMTP, 1 FTP) and address, poll interval, report " +
    "format (0 Raw, 1 CSV, 2 XML), the dnids handled (empty: every dnid), and who saved it " +
    "last. Before any save, the defaults (disabled, SMTP, no source, 5 minutes, Raw, every dnid; " +
    "updatedAt null).",
  responses: { 200: jsonResponse(EpadrConfigSchema, "The configuration") },
});

export const updateConfig = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/epadr/updateConfig",
  rules: [EPADR_MESSAGES.sourceRequired, EPADR_MESSAGES.sourceSmtp, EPADR_MESSAGES.sourceFtp],
  summary: "Save the EPADR robot's configuration",
  description: "The whole configuration: the source must fit its type (0 SMTP: an e-mail " +
    "address; 1 FTP: an ftp://, ftps:// or sftp:// URL without user or password) and is " +
    `required while enabled; poll interval ${EPADR_POLL_MIN}–${EPADR_POLL_MAX} minutes; dnids ` +
    "without duplicates (kept sorted). Answers the configuration as saved.",
  request: {
    body: jsonBody(EpadrConfigUpdateSchema, {
      enabled: true,
      sourceType: 0,
      sourceAddress: "epadr@robots.example",
      pollMinutes: 5,
      reportFormat: 1,
      dnids: [12],
    }),
  },
  responses: { 200: jsonResponse(EpadrConfigSchema, "The configuration as saved") },
});
