import assert from "node:assert/strict";
import { routeMessage } from "../../islands/routing/routes/delivery_route_api.ts";
import { ApiFailure } from "../../islands/runtime/api.ts";

Deno.test("[routes] route dialogs show the server's message, or 'Unkown' when there is none", () => {
  assert.equal(
    routeMessage(new ApiFailure(400, 400, "Tgid 9 does not exist")),
    "Tgid 9 does not exist",
  );
  assert.equal(routeMessage(new ApiFailure(500, -1, "Unknown server error")), "Unkown");
  assert.equal(routeMessage(new ApiFailure(500, 500, "")), "Unkown");
  assert.equal(routeMessage(new Error("")), "Unkown");
  assert.equal(routeMessage(undefined), "Unkown");
  assert.equal(routeMessage(new Error("Network down")), "Network down");
});
