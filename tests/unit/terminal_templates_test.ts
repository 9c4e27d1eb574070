/**
 * The device type templates (openapi/schemas/terminal/terminal_templates.ts) and the item log labels
 * (openapi/item_logs.ts), which the server and the dialogs share.
 */
import assert from "node:assert/strict";
import { DEVICE_TYPES } from "../../openapi/enums.ts";
import { itemTypeOf, labelOf } from "../../openapi/item_logs.ts";
import {
  ADDABLE_DEVICE_TYPES,
  CANNED_MESSAGE_FIELDS,
  cannedOf,
  DEVICE_TEMPLATES,
  handlerOf,
  parseCanned,
  templateDefaults,
  templateFor,
  templateFormSchema,
} from "../../openapi/schemas/terminal/terminal_templates.ts";

Deno.test("[templates] a template per handler code; VSAT alone has no add template", () => {
  assert.deepEqual(
    Object.keys(DEVICE_TEMPLATES).map(Number).sort((a, b) => a - b),
    [-1, 0, 2, 3, 4, 6, 39, 40, 50],
  );
  for (const type of DEVICE_TYPES) {
    assert.ok(templateFor(type.id, "update"), type.name);
    assert.ok(templateFor(type.id, "details"), type.name);
    assert.equal(templateFor(type.id, "add") !== null, type.addForm, type.name);
  }
  assert.deepEqual(ADDABLE_DEVICE_TYPES.map((t) => t.id), [0, 2, 3, 4, 6, 39, 41, 50]);
  assert.equal(handlerOf(41), -1, "SkyFile M2M uses the default template");
  assert.equal(templateFor(99, "add"), null);
});

Deno.test("[templates] every add template names one identifier field", () => {
  for (const type of ADDABLE_DEVICE_TYPES) {
    const ids = templateFor(type.id, "add")!.filter((f) => f.identifier);
    assert.equal(ids.length, 1, type.name);
  }
  const imn = templateFor(0, "add")!.map((f) => f.name);
  assert.deepEqual(imn, ["imn", "mtl", "region"], "Inmarsat C: add existing terminal");
});

Deno.test("[templates] Iritrack: ten canned-message fields message0 … message9, empty", () => {
  assert.deepEqual(
    CANNED_MESSAGE_FIELDS.map((f) => f.name),
    Array.from({ length: 10 }, (_, i) => `message${i}`),
  );
  const defaults = templateDefaults(templateFor(4, "add")!);
  assert.deepEqual(cannedOf(defaults), Array(10).fill(""));
  assert.deepEqual(parseCanned('["a"]'), ["a", ...Array(9).fill("")]);
  assert.deepEqual(parseCanned("not json"), Array(10).fill(""));
  assert.equal(parseCanned(JSON.stringify(Array(12).fill("x"))).length, 10);
});

Deno.test("[templates] the form schema: defaults, trimming, messages at the field", () => {
  const inmarsat = templateFormSchema(templateFor(0, "add")!);
  const ok = inmarsat.safeParse({ imn: " 436912345 ", region: "9" });
  assert.ok(ok.success);
  assert.deepEqual(ok.data, { imn: "436912345", mtl: "0", region: "9" }, "mtl defaults to 0");
  const bad = inmarsat.safeParse({ imn: "12", region: "7", mtl: "x", other: "1" });
  assert.ok(!bad.success);
  assert.deepEqual(
    bad.error.issues.map((i) => [i.path.join("."), i.message]),
    [
      ["other", "Unknown item other for this device type"],
      ["imn", "IMN must be 9 digits starting with 4"],
      ["mtl", "MTL is not in a valid format"],
      ["region", "Region must be one of AORW, AORE, POR, IOR, CURRENT, ALL"],
    ],
  );
});

Deno.test("[item logs] labels split the camel-case name; the date names are DATE", () => {
  assert.equal(labelOf("ncsUpdateTime"), "Ncs update time");
  assert.equal(labelOf("batteryLevel"), "Battery level");
  assert.equal(labelOf("gpsFix"), "Gps fix");
  assert.equal(labelOf("uptime"), "Uptime");
  for (const name of ["ncsUpdateTime", "loginTime", "previousLoginTime", "logoutTime"]) {
    assert.equal(itemTypeOf(name, "INTEGER"), "DATE", name);
  }
  assert.equal(itemTypeOf("batteryLevel", "INTEGER"), "INTEGER");
});
