import { type Probes, TEST_PASSWORD } from "../tenant.ts";

export const probes: Probes = {
  usersLogin: (t) => ({ json: { username: t.user.id, password: TEST_PASSWORD } }),
  usersLogout: () => ({ json: {} }),
  usersCurrent: () => ({}),
};
