/**
 * An enid's page (/management/enid/{id}): its rul (a link to the rul's page for administrators),
 * company, comments and dates; Edit, Manage teams and Delete; then its teams (a sub-table of
 * SUB_TABLE_PAGE_SIZE rows).
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { DetailActions } from "../../kit/DetailActions.tsx";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { closeAndReload, navigate } from "../../runtime/navigate.ts";
import { companyHref, teamHref } from "../../administration/labels.ts";
import { ENID_LIST_HREF, rulHref, type Viewer } from "./enid_api.ts";
import type { Enid } from "../../../openapi/schemas/enids.ts";

const dialogs = () => import("./enid_dialogs.tsx");
const EnidEditDialog = lazy(() => dialogs().then((m) => ({ default: m.EnidEditDialog })));
const EnidTeamsDialog = lazy(() => dialogs().then((m) => ({ default: m.EnidTeamsDialog })));

type Open = "edit" | "teams" | null;

export default function EnidDetail({ enid, viewer }: { enid: Enid; viewer: Viewer }) {
  const [open, setOpen] = useState<Open>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({ edit: open === "edit", teams: open === "teams" });
  const close = () => setOpen(null);
  const saved = closeAndReload(close);
  const teams = useMemo(
    () => enid.teams.map((t) => ({ id: t.id, name: t.name, company: t.company.name })),
    [enid],
  );

  async function remove() {
    const { deleteEnid } = await dialogs();
    if (await deleteEnid(enid)) void navigate(ENID_LIST_HREF);
  }

  return (
    <>
      <dl className="detail-facts">
        <div>
          <dt>LES</dt>
          <dd>{enid.rul_les}</dd>
        </div>
        <div>
          <dt>Rul</dt>
          <dd>
            {viewer.admin ? <a href={rulHref(enid.rul)}>{enid.rul.id}</a> : enid.rul.id}{" "}
            <small className="muted">{enid.rul.customerName}</small>
          </dd>
        </div>
        <div>
          <dt>Company</dt>
          <dd>
            {viewer.admin
              ? <a href={companyHref(enid.company)}>{enid.company.name}</a>
              : enid.company.name}
          </dd>
        </div>
        <div>
          <dt>Comments</dt>
          <dd>{enid.comments ?? ""}</dd>
        </div>
        <div>
          <dt>Comments 2</dt>
          <dd>{enid.comments2 ?? ""}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(enid.createdAt)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{formatDateTime(enid.updatedAt)}</dd>
        </div>
      </dl>
      <DetailActions
        onEdit={() => setOpen("edit")}
        onDelete={remove}
        more={[{ label: "Manage teams", onClick: () => setOpen("teams") }]}
      />

      <DetailSection
        id="enid-teams"
        rowLabel={(r) => `team ${r.name}`}
        title="Teams"
        rows={teams}
        rowKey={(r) => String(r.id)}
        sortField="name"
        empty="No team."
        columns={[
          {
            key: "name",
            label: "Name",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => viewer.admin ? <a href={teamHref(r)}>{r.name}</a> : r.name,
          },
          { key: "id", label: "Id", sortable: true },
          { key: "company", label: "Company", sortable: true },
        ]}
      />

      <Suspense fallback={null}>
        {mounted.edit && (
          <EnidEditDialog
            enid={open === "edit" ? enid : null}
            viewer={viewer}
            onClose={close}
            onSaved={saved}
          />
        )}
        {mounted.teams && (
          <EnidTeamsDialog
            enid={open === "teams" ? enid : null}
            onClose={close}
            onSaved={saved}
          />
        )}
      </Suspense>
    </>
  );
}
