import assert from "node:assert/strict";
import { parseErrorLabel, readableText } from "../../islands/routing/traffic/robot_error_label.ts";

Deno.test("[robot traffic] the error label's carbon copies are listed", () => {
  assert.deepEqual(
    parseErrorLabel("Delivered to ops@a.example\nCC: duty@a.example, noc@a.example"),
    {
      text: "Delivered to ops@a.example",
      carbonCopies: ["duty@a.example", "noc@a.example"],
    },
  );
  // Semicolons, spaces, angle brackets, another spelling of the heading.
  assert.deepEqual(
    parseErrorLabel("550 rejected\r\ncarbon copies : <a@x.example>; b@x.example  c@x.example"),
    { text: "550 rejected", carbonCopies: ["a@x.example", "b@x.example", "c@x.example"] },
  );
  // The seed's SMTP failure: the address in angle brackets is text, not markup.
  assert.deepEqual(
    parseErrorLabel("550 5.1.1 <ops@a.example>: Recipient address rejected\nCC: x@a.example"),
    {
      text: "550 5.1.1 <ops@a.example>: Recipient address rejected",
      carbonCopies: ["x@a.example"],
    },
  );
  // The section alone.
  assert.deepEqual(parseErrorLabel("cc: a@x.example"), { text: "", carbonCopies: ["a@x.example"] });
});

Deno.test("[robot traffic] an empty carbon-copies section lists none; no section is null", () => {
  assert.deepEqual(parseErrorLabel("Delivered to ops@a.example\nCC:"), {
    text: "Delivered to ops@a.example",
    carbonCopies: [],
  });
  assert.deepEqual(parseErrorLabel("Delivered\nCC:   \n"), { text: "Delivered", carbonCopies: [] });
  assert.deepEqual(parseErrorLabel("WS endpoint returned HTTP 502 Bad Gateway"), {
    text: "WS endpoint returned HTTP 502 Bad Gateway",
    carbonCopies: null,
  });
  // "CC" inside a word or a line is not a section.
  assert.equal(parseErrorLabel("Access denied: ACCOUNT locked").carbonCopies, null);
  assert.equal(parseErrorLabel("Mail sent, cc: none requested").carbonCopies, null);
  assert.deepEqual(parseErrorLabel(null), { text: "", carbonCopies: null });
  assert.deepEqual(parseErrorLabel(""), { text: "", carbonCopies: null });
});

Deno.test("[robot traffic] readable text: no markup, entities decoded, spaces collapsed", () => {
  assert.equal(
    readableText("<p>550 &lt;ops@a.example&gt;:<br/>Recipient&nbsp;address   rejected</p>"),
    "550 <ops@a.example>:\nRecipient address rejected",
  );
  assert.equal(readableText("a\u0000b\tc &#65;&#x42; &bogus;"), "a b c AB &bogus;");
  assert.equal(readableText("one\n\n\n\ntwo  \n"), "one\n\ntwo");
});
