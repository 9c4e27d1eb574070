/**
 * A company's page (/administration/companies/{id}): Edit, Delete, "New team" (this company
 * preset) and "Add existing team", then its teams, tgids, enids, dnids, terminals and users.
 */
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { Section, yesNo } from "./admin/company_sections.tsx";
import { navigate } from "./runtime/navigate.ts";
import { RIGHTS } from "../openapi/enums.ts";
import type { CompanyDetails as Details } from "../openapi/schemas/companies.ts";

const companyDialogs = () => import("./admin/company_dialogs.tsx");
const teamDialogs = () => import("./admin/team_dialogs.tsx");
const CompanyEditDialog = lazy(() =>
  companyDialogs().then((m) => ({ default: m.CompanyEditDialog }))
);
const TeamCreateDialog = lazy(() => teamDialogs().then((m) => ({ default: m.TeamCreateDialog })));
const AddExistingTeamDialog = lazy(() =>
  teamDialogs().then((m) => ({ default: m.AddExistingTeamDialog }))
);

const rightsLabel = (r: number) => `${r} ${RIGHTS[r as keyof typeof RIGHTS] ?? ""}`.trim();
/** The page again from the server (the heading and every section). */
const reloadPage = () => navigate(location.pathname + location.search, { replace: true });

type Open = "edit" | "team" | "existing" | null;

export default function CompanyDetails({ company }: { company: Details }) {
  const [open, setOpen] = useState<Open>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const [mounted, setMounted] = useState<Set<Open>>(new Set());
  const show = (which: Open) => {
    setMounted((m) => new Set(m).add(which));
    setOpen(which);
  };
  const close = () => setOpen(null);
  const teamsChanged = useRef(false);
  const ref = { id: company.id, name: company.name };

  const rows = useMemo(() => ({
    teams: company.teams.map((t) => ({ ...t, role: rightsLabel(t.rights) })),
    tgids: company.tgids.map((t) => ({
      id: t.id,
      label: t.label,
      team: t.team.name,
      teamId: t.team.id,
    })),
    enids: company.enids.map((e) => ({ ...e, key: `${e.id}-${e.rulLes}` })),
    dnids: company.dnids.map((d) => ({
      id: d.id,
      les: d.les,
      key: `${d.id}-${d.les}`,
      tgid: d.tgid ? `${d.tgid.label} (${d.tgid.id})` : "",
    })),
    devices: company.devices.map((d) => ({
      deviceId: d.deviceId,
      type: d.deviceType.name,
      label: d.label ?? "",
      serial: d.serial ?? "",
      imn: d.imn ?? "",
      tgid: `${d.tgid.label} (${d.tgid.id})`,
    })),
    users: company.users.map((u) => ({ ...u, team: u.team.name, status: yesNo(u.active) })),
  }), [company]);

  async function remove() {
    const { deleteCompany } = await companyDialogs();
    if (await deleteCompany(company)) void navigate("/administration/companies");
  }

  return (
    <>
      <div className="admin-actions">
        <button type="button" onClick={() => show("edit")}>Edit</button>
        <button type="button" className="secondary" onClick={() => show("team")}>New team</button>
        <button type="button" className="secondary" onClick={() => show("existing")}>
          Add existing team
        </button>
        <button type="button" className="contrast outline" onClick={remove}>Delete</button>
      </div>

      <Section
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
            render: (r) => <a href={`/administration/teams/${r.id}`}>{r.name}</a>,
          },
          { key: "id", label: "Id", sortable: true },
          { key: "role", label: "Role", sortable: true },
          { key: "userCount", label: "Users", sortable: true },
        ]}
      />
      <Section
        id="company-tgids"
        rowLabel={(r) => `tgid ${r.label}`}
        title="Tgids"
        rows={rows.tgids}
        rowKey={(r) => String(r.id)}
        sortField="id"
        empty="No tgid."
        columns={[
          {
            key: "id",
            label: "Id",
            sortable: true,
            render: (r) => <a href={`/management/tgid/${r.id}`}>{r.id}</a>,
          },
          { key: "label", label: "Label", sortable: true, filter: { kind: "text" } },
          {
            key: "team",
            label: "Team",
            sortable: true,
            render: (r) => <a href={`/administration/teams/${r.teamId}`}>{r.team}</a>,
          },
        ]}
      />
      <Section
        id="company-enids"
        rowLabel={(r) => `enid ${r.id}`}
        title="Enids"
        rows={rows.enids}
        rowKey={(r) => r.key}
        sortField="id"
        empty="No enid."
        columns={[
          {
            key: "id",
            label: "Id",
            sortable: true,
            render: (r) => <a href={`/management/enid/${r.id}`}>{r.id}</a>,
          },
          { key: "rulLes", label: "LES", sortable: true },
          { key: "rulId", label: "Rul", sortable: true },
        ]}
      />
      <Section
        id="company-dnids"
        rowLabel={(r) => `dnid ${r.id}`}
        title="Dnids"
        rows={rows.dnids}
        rowKey={(r) => r.key}
        sortField="id"
        empty="No dnid."
        columns={[
          {
            key: "id",
            label: "Id",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={`/management/dnids/${r.id}/${r.les}`}>{r.id}</a>,
          },
          { key: "les", label: "LES", sortable: true },
          { key: "tgid", label: "Tgid", sortable: true },
        ]}
      />
      <Section
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
      <Section
        id="company-users"
        rowLabel={(r) => `user ${r.id}`}
        title="Users"
        rows={rows.users}
        rowKey={(r) => r.id}
        sortField="id"
        empty="No user."
        columns={[
          {
            key: "id",
            label: "Login",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={`/administration/users/${encodeURIComponent(r.id)}`}>{r.id}</a>,
          },
          { key: "name", label: "Name", sortable: true, filter: { kind: "text" } },
          { key: "mail", label: "Mail", sortable: true },
          { key: "team", label: "Team", sortable: true },
          { key: "status", label: "Active", sortable: true },
        ]}
      />

      <Suspense fallback={null}>
        {mounted.has("edit") && (
          <CompanyEditDialog
            company={open === "edit" ? ref : null}
            onClose={close}
            onSaved={() => {
              close();
              void reloadPage();
            }}
          />
        )}
        {mounted.has("team") && (
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
        {mounted.has("existing") && (
          <AddExistingTeamDialog
            open={open === "existing"}
            company={ref}
            onClose={close}
            onMoved={() => void reloadPage()}
          />
        )}
      </Suspense>
    </>
  );
}
