/**
 * A company's page (/administration/companies/{id}): Edit, Delete, "New team" (this company
 * preset) and "Add existing team", then its teams, tgids, enids, dnids, terminals and users.
 */
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { DnidsSection, EnidsSection, TgidsSection, UsersSection } from "../detail_sections.tsx";
import { DetailActions } from "../../kit/DetailActions.tsx";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { rightsLabel, teamHref } from "../labels.ts";
import { closeAndReload, navigate, reloadPage } from "../../runtime/navigate.ts";
import { useMounted } from "../../kit/lazy.ts";
import type { CompanyDetails as Details } from "../../../openapi/schemas/companies/companies.ts";

const companyDialogs = () => import("./company_dialogs.tsx");
const teamDialogs = () => import("../teams/team_dialogs.tsx");
const CompanyEditDialog = lazy(() =>
  companyDialogs().then((m) => ({ default: m.CompanyEditDialog }))
);
const CompanyDeleteDialog = lazy(() =>
  companyDialogs().then((m) => ({ default: m.CompanyDeleteDialog }))
);
const TeamCreateDialog = lazy(() => teamDialogs().then((m) => ({ default: m.TeamCreateDialog })));
const AddExistingTeamDialog = lazy(() =>
  teamDialogs().then((m) => ({ default: m.AddExistingTeamDialog }))
);

type Open = "edit" | "team" | "existing" | "delete" | null;

export default function CompanyDetail({ company }: { company: Details }) {
  const [open, setOpen] = useState<Open>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({
    edit: open === "edit",
    team: open === "team",
    existing: open === "existing",
    delete: open === "delete",
  });
  const close = () => setOpen(null);
  const teamsChanged = useRef(false);
  const ref = { id: company.id, name: company.name };

  const rows = useMemo(() => ({
    teams: company.teams.map((t) => ({ ...t, role: rightsLabel(t.rights) })),
    devices: company.devices.map((d) => ({
      deviceId: d.deviceId,
      type: d.deviceType.name,
      label: d.label ?? "",
      serial: d.serial ?? "",
      imn: d.imn ?? "",
      tgid: `${d.tgid.label} (${d.tgid.id})`,
    })),
  }), [company]);

  return (
    <>
      <DetailActions
        onEdit={() => setOpen("edit")}
        onDelete={() => setOpen("delete")}
        more={[
          { label: "New team", onClick: () => setOpen("team") },
          { label: "Add existing team", onClick: () => setOpen("existing") },
        ]}
      />

      <DetailSection
        id="company-teams"
        rowLabel={(r) => `team ${r.name}`}
        title="Teams"
        rows={rows.teams}
        rowKey={(r) => String(r.id)}
        sortField="name"
        empty="No team yet."
        columns={[
          {
            key: "name",
            label: "Name",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={teamHref(r)}>{r.name}</a>,
          },
          { key: "id", label: "Id", sortable: true },
          { key: "role", label: "Role", sortable: true },
          { key: "userCount", label: "Users", sortable: true },
        ]}
      />
      <TgidsSection page="company" tgids={company.tgids} />
      <EnidsSection page="company" enids={company.enids} />
      <DnidsSection page="company" dnids={company.dnids} />
      <DetailSection
        id="company-terminals"
        rowLabel={(r) => `terminal ${r.deviceId}`}
        title="Terminals"
        rows={rows.devices}
        rowKey={(r) => String(r.deviceId)}
        sortField="deviceId"
        empty="No terminal."
        columns={[
          {
            key: "deviceId",
            label: "Device id",
            sortable: true,
            render: (r) => <a href={`/management/terminal/${r.deviceId}`}>{r.deviceId}</a>,
          },
          { key: "type", label: "Type", sortable: true },
          { key: "label", label: "Label", sortable: true, filter: { kind: "text" } },
          { key: "imn", label: "Mtl", sortable: true },
          { key: "serial", label: "Serial", sortable: true },
          { key: "tgid", label: "Tgid", sortable: true },
        ]}
      />
      <UsersSection page="company" users={company.users} />

      <Suspense fallback={null}>
        {mounted.edit && (
          <CompanyEditDialog
            company={open === "edit" ? ref : null}
            onClose={close}
            onSaved={closeAndReload(close)}
          />
        )}
        {mounted.team && (
          <TeamCreateDialog
            open={open === "team"}
            company={ref}
            onClose={() => {
              close();
              // After "Create and add another", the list of teams is out of date.
              if (teamsChanged.current) void reloadPage();
            }}
            onCreated={() => (teamsChanged.current = true)}
          />
        )}
        {mounted.existing && (
          <AddExistingTeamDialog
            open={open === "existing"}
            company={ref}
            onClose={close}
            onMoved={() => void reloadPage()}
          />
        )}
        {mounted.delete && (
          <CompanyDeleteDialog
            company={open === "delete" ? ref : null}
            onClose={close}
            onDeleted={() => void navigate("/administration/companies")}
          />
        )}
      </Suspense>
    </>
  );
}
