import assert from "node:assert/strict";
import {
  COMMAND_STATUS,
  commandStatusClass,
  DEVICE_TYPES,
  dnidStatusState,
  isAdminRights,
  RIGHTS_VALUES,
} from "../../openapi/enums.ts";

Deno.test("[enums] command status display class: success 5 and 7, danger 6, 8 and 13, else pending", () => {
  const classes = Object.keys(COMMAND_STATUS).map(Number).map((s) => [s, commandStatusClass(s)]);
  assert.deepEqual(classes.filter(([, c]) => c === "success").map(([s]) => s), [5, 7]);
  assert.deepEqual(classes.filter(([, c]) => c === "danger").map(([s]) => s), [6, 8, 13]);
  assert.equal(classes.filter(([, c]) => c === "pending").length, 10);
});

Deno.test("[enums] dnid status: negative unauthorized, below 3 active, 3 or more inactive", () => {
  assert.deepEqual([-1, 0, 2, 3, 9].map(dnidStatusState), [
    "unauthorized",
    "active",
    "active",
    "inactive",
    "inactive",
  ]);
});

Deno.test("[enums] admin means rights below 100", () => {
  assert.deepEqual(RIGHTS_VALUES.filter(isAdminRights), [0, 1, 11, 15, 20, 30]);
});

Deno.test("[enums] device type ids are unique; only VSAT and the default are not deletable", () => {
  const ids = DEVICE_TYPES.map((t) => t.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(DEVICE_TYPES.filter((t) => !t.deletable).map((t) => t.name), [
    "VSAT",
    "SkyFile M2M",
  ]);
  assert.deepEqual(DEVICE_TYPES.filter((t) => !t.addForm).map((t) => t.name), ["VSAT"]);
  assert.equal(DEVICE_TYPES.find((t) => t.id === 41)?.handler, -1);
});
