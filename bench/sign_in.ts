/** Signing a bench's user in over the API (the fixtures' password): the bearer token. */
import { TEST_PASSWORD } from "../tests/fixtures/factories.ts";

export async function signInAs(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/rest/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: TEST_PASSWORD, remember: false }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.json();
  if (res.status !== 200) {
    throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}
