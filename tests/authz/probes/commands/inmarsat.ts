import { files, recipientHistory, stationMessages } from "../../../../db/schema/mod.ts";
import type { Probes } from "../../tenant.ts";

// Messaging C needs the user's Messaging C access: the tenants' users have it (tenant.ts).

/** The tenant's Inmarsat C terminal (its mtl's imn is the tenant's member device). */
export const probes: Probes = {
  inmarsatSend: (t) => ({
    json: {
      recipient: t.status.device,
      carboncopies: [],
      message: {
        raw: `Hello ${t.tag}`,
        format: "text",
        from: { active: false, value: "" },
        replyTo: { active: false, value: "" },
        notification: null,
        data: null,
      },
    },
  }),
  inmarsatStoreRecipientInHistory: (t) => ({ json: { mtl: t.status.device } }),
  // The tenant's user sent to its terminal before.
  inmarsatGetRecipientHistory: async (t, { db }) => {
    await db.insert(recipientHistory).values({ userKey: t.user.key, mtl: t.status.device })
      .onConflictDoNothing();
    return {};
  },
  // A message with an attachment, sent by the tenant's user to its terminal.
  inmarsatGetAttachmentContent: async (t, { db }) => {
    const name = `notes-${t.tag}.txt`;
    const file = `uploads/${crypto.randomUUID()}/${name}`;
    const content = new TextEncoder().encode(`Notes ${t.tag}`);
    await db.insert(files).values({
      name: file,
      companyId: t.company.id,
      contentType: "text/plain",
      content,
      size: content.length,
      etag: "probe",
    });
    const [row] = await db.insert(stationMessages).values({
      userKey: t.user.key,
      companyId: t.company.id,
      les: 21,
      recipient: t.status.device,
      text: `Hello ${t.tag}`,
      size: content.length + 8,
      attachmentName: name,
      attachmentFile: file,
      attachmentSize: content.length,
      attachmentType: "text/plain",
    }).returning({ refNum: stationMessages.refNum });
    return { query: { refNum: row.refNum } };
  },
  inmarsatUploadAttachment: () => ({
    query: { uploadId: crypto.randomUUID(), index: 0, chunks: 1, name: "note.txt" },
    body: new TextEncoder().encode("attachment"),
    contentType: "application/octet-stream",
  }),
};
