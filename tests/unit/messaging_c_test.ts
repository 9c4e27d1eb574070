/**
 * Messaging C's arithmetic and rules, shared by the browser and the server: the size on the air
 * (5 bits a character for ita2, 8 otherwise, plus the attachment), the packet count (256 bytes),
 * the limit (10 KB when mini-C, by flag or model), the notification date's form, and the send
 * schema's messages.
 */
import assert from "node:assert/strict";
import {
  isMiniC,
  messageSize,
  MESSAGING_C_MESSAGES as M,
  MessagingCSendSchema,
  nonIta2,
  packetCount,
  sizeLimit,
  textBytes,
  validNotificationDate,
} from "../../openapi/schemas/inmarsat/messaging_c.ts";
import { MINI_C_MODELS } from "../../openapi/enums.ts";
import { plainMessage } from "../fixtures/messaging_c.ts";

Deno.test("[messagingC] size: ita2 5 bits a character, 8 otherwise; attachment added", () => {
  assert.equal(textBytes("", "text"), 0);
  assert.equal(textBytes("ABCDEFGH", "ita2"), 5);
  assert.equal(textBytes("ABC", "ita2"), 2); // 15 bits
  assert.equal(textBytes("ABCDEFGH", "text"), 8);
  assert.equal(textBytes("é", "text"), 2); // UTF-8
  assert.equal(textBytes("ABCDEFGH", "binary"), 8);
  assert.equal(messageSize("ABCDEFGH", "ita2", 100), 105);
});

Deno.test("[messagingC] packets of 256 bytes", () => {
  assert.equal(packetCount(0), 0);
  assert.equal(packetCount(1), 1);
  assert.equal(packetCount(256), 1);
  assert.equal(packetCount(257), 2);
  assert.equal(packetCount(32 * 1024), 128);
});

Deno.test("[messagingC] the limit: 32 KB, 10 KB for mini-C by flag or by model", () => {
  assert.equal(sizeLimit(false), 32768);
  assert.equal(sizeLimit(true), 10240);
  assert.ok(MINI_C_MODELS.length >= 20 && MINI_C_MODELS.length <= 30);
  assert.equal(isMiniC({ miniC: true, model: "TT-3026" }), true);
  assert.equal(isMiniC({ miniC: false, model: "TT-3026" }), false);
  for (const model of MINI_C_MODELS) assert.equal(isMiniC({ miniC: false, model }), true, model);
  assert.equal(isMiniC({ miniC: false, model: null }), false);
});

Deno.test("[messagingC] notification date like 2014-11-30 12:56:24, a real one", () => {
  assert.equal(validNotificationDate("2014-11-30 12:56:24"), true);
  assert.equal(validNotificationDate("1970-01-01 00:00:00"), true);
  assert.equal(validNotificationDate("9999-12-31 23:59:59"), true);
  assert.equal(validNotificationDate("2016-02-29 00:00:00"), true);
  for (
    const bad of [
      "2014-11-30",
      "2014-11-30T12:56:24",
      "2014-02-30 12:00:00",
      "2015-02-29 12:00:00",
      "2014-04-31 12:00:00",
      "0000-01-01 00:00:00",
      "1969-12-31 23:59:59",
      "2014-11-30 24:00:00",
      "2014-11-30 12:60:00",
      "x",
    ]
  ) {
    assert.equal(validNotificationDate(bad), false, bad);
  }
});

Deno.test("[messagingC] ita2 characters", () => {
  assert.equal(nonIta2("HELLO WORLD 123 ?:().,'=/+"), null);
  assert.equal(nonIta2("héllo_"), '"é", "_"');
});

const valid = { recipient: "436912345", carboncopies: [], message: plainMessage() };
const firstMessage = (body: unknown) => {
  const r = MessagingCSendSchema.safeParse(body);
  return r.success ? null : r.error.issues[0].message;
};

Deno.test("[messagingC] the send schema's messages", () => {
  assert.equal(firstMessage(valid), null);
  assert.equal(firstMessage({ ...valid, recipient: "" }), M.recipientInvalid);
  assert.equal(
    firstMessage({ ...valid, carboncopies: Array(7).fill("436912346") }),
    "At most 6 carbon copies can be added.",
  );
  const msg = (m: Record<string, unknown>) => ({ ...valid, message: { ...valid.message, ...m } });
  assert.equal(firstMessage(msg({ raw: "" })), M.empty);
  assert.equal(firstMessage(msg({ raw: "", data: { name: "uploads/x/a.txt", size: 3 } })), null);
  assert.match(firstMessage(msg({ raw: "x".repeat(32769) }))!, /^Message is too big ! /);
  assert.equal(
    firstMessage(msg({ notification: { recipients: ["a@b"], reference: "", customDate: "" } })),
    "Notification recipient a@b is not a valid email !",
  );
  assert.equal(
    firstMessage(msg({
      notification: { recipients: ["a@b.example"], reference: "", customDate: "tomorrow" },
    })),
    "Notification Date tomorrow is not in a valid format",
  );
  assert.equal(M.sent(21), "Message successfully sent to LES 21 Inmarsat C teleport");
  assert.equal(M.sendError("x"), "Error sending message: x");
});
