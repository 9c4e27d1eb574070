import postgres from "postgres";

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, for a test or bench run that
 * must not touch existing data; `drop` removes it (closing any connection left open).
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix = "portal_scratch",
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}
