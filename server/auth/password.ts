/**
 * Password hashing with PBKDF2-HMAC-SHA256 through WebCrypto, which Deno runs off the main
 * thread, so hashing never stalls the event loop; how many run at once for requests is the
 * password pool's to bound (./password_pool.ts). Stored as
 * `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; the iteration count travels with the hash,
 * so raising the work factor later keeps old hashes verifiable.
 */
const PREFIX = "pbkdf2-sha256";
const enc = new TextEncoder();

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

async function derive(
  password: string,
  salt: Uint8Array,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${PREFIX}$${iterations}$${b64(salt)}$${b64(await derive(password, salt, iterations))}`;
}

/** Constant-time comparison of two byte strings. */
function equal(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * Verifies a password. With no stored hash (unknown user) it still derives once with
 * `dummyIterations`, so the answer takes as long as for a real user.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  dummyIterations: number,
): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 4 || parts[0] !== PREFIX) {
    await derive(password, new Uint8Array(16), dummyIterations);
    return false;
  }
  const iterations = Number(parts[1]);
  if (!Number.isSafeInteger(iterations) || iterations < 1) return false;
  return equal(await derive(password, unb64(parts[2]), iterations), unb64(parts[3]));
}
