import assert from "node:assert/strict";
import {
  detectSmtpFormat,
  ftpDestinationError,
  normalizeEmails,
  smtpPreset,
  tcpDestinationError,
  upState,
  wsDestinationError,
} from "../../openapi/schemas/push/delivery_route_messages.ts";

Deno.test("[routes] SMTP presets fill the four fields exactly as the spec's table", () => {
  assert.deepEqual(smtpPreset("vizada"), {
    encoding: "Uuencode",
    signature: "DR_Viz",
    subject: "DR_Viz",
    body: "DR_Viz",
  });
  assert.deepEqual(smtpPreset("capsat"), {
    encoding: "Mime64",
    signature: "DR_Cap",
    subject: "DR_Cap",
    body: "",
  });
  assert.deepEqual(smtpPreset("text"), {
    encoding: "Txt",
    signature: "DR_Viz",
    subject: "DR_Viz",
    body: "Txt",
  });
  assert.deepEqual(smtpPreset("smii"), {
    encoding: "Uuinline",
    signature: "DR_Viz",
    subject: "DR_Viz",
    body: "DR_Viz",
  });
  // 'other' clears them for free entry.
  assert.deepEqual(smtpPreset("other"), { encoding: "", signature: "", subject: "", body: "" });
});

Deno.test("[routes] editing detects the format from the four fields", () => {
  for (const f of ["vizada", "capsat", "text", "smii"] as const) {
    assert.equal(detectSmtpFormat(smtpPreset(f)), f);
  }
  // capsat's empty body may be stored as null.
  assert.equal(
    detectSmtpFormat({ encoding: "Mime64", signature: "DR_Cap", subject: "DR_Cap", body: null }),
    "capsat",
  );
  assert.equal(
    detectSmtpFormat({
      encoding: "Base64",
      signature: "",
      subject: "Position report",
      body: "CSV",
    }),
    "other",
  );
  assert.equal(detectSmtpFormat({ ...smtpPreset("vizada"), body: "Txt" }), "other");
  assert.equal(detectSmtpFormat({}), "other");
});

Deno.test("[routes] secondary e-mails: spaces out, newlines and ';' to commas, no doubles or trailing comma", () => {
  assert.equal(normalizeEmails("a@x.com; b@x.com"), "a@x.com,b@x.com");
  assert.equal(normalizeEmails("a@x.com\nb@x.com\r\nc@x.com"), "a@x.com,b@x.com,c@x.com");
  assert.equal(normalizeEmails("a@x.com,,b@x.com;;\n c@x.com,"), "a@x.com,b@x.com,c@x.com");
  assert.equal(normalizeEmails(" a @x.com ;\n"), "a@x.com");
  assert.equal(normalizeEmails(""), "");
  assert.equal(normalizeEmails(" ; \n"), "");
});

Deno.test("[routes] destination checks", () => {
  const L = "Primary destination";
  assert.equal(tcpDestinationError("203.0.113.5:5000", L), null);
  assert.equal(tcpDestinationError("tcp.example.com:1", L), null);
  assert.equal(tcpDestinationError("tcp.example.com:65535", L), null);
  assert.match(tcpDestinationError("tcp.example.com", L)!, /must be host:port/);
  assert.match(tcpDestinationError("tcp.example.com:0", L)!, /between 1 and 65535/);
  assert.match(tcpDestinationError("tcp.example.com:65536", L)!, /between 1 and 65535/);
  assert.match(tcpDestinationError("http://h:80", L)!, /must be host:port/);

  assert.equal(ftpDestinationError("ftp.example.com:21/inbound/positions", L), null);
  assert.equal(ftpDestinationError("ftp://ftp.example.com/in", L), null);
  assert.equal(ftpDestinationError("FTP://10.0.0.1:2121", L), null);
  assert.match(ftpDestinationError("https://ftp.example.com/in", L)!, /FTP address/);
  assert.match(ftpDestinationError("ftp.example.com:99999/in", L)!, /between 1 and 65535/);

  assert.equal(wsDestinationError("https://api.example.com/v2/messages", L), null);
  assert.equal(wsDestinationError("http://10.0.0.1:8080", L), null);
  assert.match(wsDestinationError("api.example.com/v2", L)!, /http:\/\/ or https:\/\//);
  assert.match(wsDestinationError("https://", L)!, /http:\/\/ or https:\/\//);

  assert.deepEqual([-1, -3, 0, 1, 2].map(upState), [
    "Locked",
    "Locked",
    "Inactive",
    "Active",
    "Active",
  ]);
});
