import assert from "node:assert/strict";
import { failureDigest } from "./failure_digest.ts";

const output = `running 2 tests from ./tests/a_test.ts
a ... FAILED (3ms)

 ERRORS 

[authz] every operation [postgres] ... tgidGet (user/tgid) => ./tests/authz_matrix_test.ts:38:15
error: AssertionError: GET /rest/tgid/get as client A about A: 500 {"code":500}
          assert.ok(ok(mine.status), label(\`client \${own}\`, own, mine));
                 ^
    at file:///work/tests/authz_matrix_test.ts:80:18

[e2e/layout-shift] ... 390 px wide => ./tests/e2e/layout_shift_test.ts:196:15
error: AssertionError: shifted while loading:
/management/terminal/1: 0.0003 (a text node)
/routing: 0.0100 (a text node)
/management: 0.0100 (a text node)
/commands: 0.0100 (a text node)
          if (shifted.length) assert.fail(\`shifted while loading\`);
                                     ^
    at file:///work/tests/e2e/layout_shift_test.ts:196:15

 FAILURES 

a => ./tests/a_test.ts:1:1

FAILED | 0 passed | 2 failed (1s)
`;

Deno.test("[digest] each failure's name and the first lines of its error, without excerpt or stack", () => {
  assert.deepEqual(failureDigest(output), [
    "- [authz] every operation [postgres] ... tgidGet (user/tgid) => ./tests/authz_matrix_test.ts:38:15\n" +
    '    error: AssertionError: GET /rest/tgid/get as client A about A: 500 {"code":500}',
    "- [e2e/layout-shift] ... 390 px wide => ./tests/e2e/layout_shift_test.ts:196:15\n" +
    "    error: AssertionError: shifted while loading:\n" +
    "    /management/terminal/1: 0.0003 (a text node)\n" +
    "    /routing: 0.0100 (a text node)\n" +
    "    /management: 0.0100 (a text node)",
  ]);
});

Deno.test("[digest] nothing when nothing failed", () => {
  assert.deepEqual(failureDigest("running 1 test\nok | 1 passed | 0 failed\n"), []);
});
