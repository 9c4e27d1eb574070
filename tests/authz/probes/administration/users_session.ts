import { sql } from "drizzle-orm";
import { type Probes, TEST_PASSWORD } from "../../tenant.ts";
import { testHash } from "../../../fixtures/factories.ts";

export const probes: Probes = {
  usersLogin: (t) => ({ json: { username: t.user.id, password: TEST_PASSWORD } }),
  usersLogout: () => ({ json: {} }),
  usersCurrent: () => ({}),
  // Whoever calls, their password is TEST_PASSWORD again (an earlier probe may have changed it).
  usersChangePassword: async (_t, { db }) => {
    await db.execute(sql`update users set password_hash = ${await testHash()}
      where password_hash is not null and password_changed_at is not null`);
    return { json: { currentPassword: TEST_PASSWORD, newPassword: "Another-Horse-8" } };
  },
};
