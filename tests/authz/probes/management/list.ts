import type { Probes } from "../../tenant.ts";

export const probes: Probes = {
  listFind: (t) => ({ json: { filter: { user: t.tag } } }),
  listGetCommandsFull: (t) => ({ query: { listId: t.list.id } }),
  // A fresh unfinished list of the tenant's, so each caller cancels one that can be cancelled.
  listCancel: async (t, { f }) => {
    const list = await f.commandList({
      companyId: t.company.id,
      userKey: t.user.key,
      statuses: [1, 5],
      mt: t.status.device,
    });
    return { query: { listId: list.id } };
  },
};
