/** The /rest/inmarsat handlers: each checks Messaging C access, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  recipientHistoryOf,
  requireMessagingC,
  storeRecipient,
} from "../../services/inmarsat/history.ts";
import { sendMessage } from "../../services/inmarsat/send.ts";
import { ATTACHMENT_LIMITS, attachmentContent } from "../../services/inmarsat/attachment.ts";
import { storeChunk } from "../../services/file/upload.ts";
import { deleteStationMessage } from "../../services/station/write.ts";

export const handlers: Handlers<typeof routes> = {
  send: async (c) => {
    const { db, station } = c.var.deps;
    await requireMessagingC(db, c.var.user);
    return c.json(
      await sendMessage(db, station, c.var.scope, c.var.user, c.req.valid("json")),
      200,
    );
  },
  storeRecipientInHistory: async (c) => {
    const { db } = c.var.deps;
    await requireMessagingC(db, c.var.user);
    const { mtl } = c.req.valid("json");
    return c.json(await storeRecipient(db, c.var.scope, c.var.user.key, mtl), 200);
  },
  getRecipientHistory: async (c) => {
    const { db } = c.var.deps;
    await requireMessagingC(db, c.var.user);
    return c.json(await recipientHistoryOf(db, c.var.scope, c.var.user.key), 200);
  },
  getAttachmentContent: async (c) => {
    const { db } = c.var.deps;
    await requireMessagingC(db, c.var.user);
    return c.json(await attachmentContent(db, c.var.scope, c.req.valid("query").refNum), 200);
  },
  uploadAttachment: async (c) => {
    const { db } = c.var.deps;
    await requireMessagingC(db, c.var.user);
    const data = new Uint8Array(await c.req.arrayBuffer());
    return c.json(
      await storeChunk(db, c.var.user, c.req.valid("query"), data, ATTACHMENT_LIMITS),
      200,
    );
  },
  remove: async (c) =>
    c.json(
      await deleteStationMessage(
        c.var.deps.db,
        c.var.deps.station,
        c.var.scope,
        c.req.valid("query").refNum,
      ),
      200,
    ),
};
