import type { Probes } from "../../tenant.ts";

const item = (listId: number, itemId = 1) => ({ query: { listId, groupId: 1, itemId } });

export const probes: Probes = {
  commandGetCommandDetails: (t) => item(t.list.id),
  commandGetCommandFull: (t) => item(t.list.id, 2),
  // A fresh pending command of the tenant's, so each caller cancels one that can be cancelled.
  commandCancel: async (t, { f }) => {
    const list = await f.commandList({
      companyId: t.company.id,
      userKey: t.user.key,
      statuses: [1],
      mt: t.status.device,
    });
    return item(list.id);
  },
};
