/**
 * A team's page (/administration/teams/{id}): its company, role and mtl flags, Edit and Delete,
 * then its users, tgids, enids, dnids and the ports open for it.
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { Section, yesNo } from "./admin/company_sections.tsx";
import { navigate } from "./runtime/navigate.ts";
import { RIGHTS } from "../openapi/enums.ts";
import type { TeamDetails as Details } from "../openapi/schemas/teams.ts";

const dialogs = () => import("./admin/team_dialogs.tsx");
const TeamEditDialog = lazy(() => dialogs().then((m) => ({ default: m.TeamEditDialog })));

const rightsLabel = (r: number) => `${r} ${RIGHTS[r as keyof typeof RIGHTS] ?? ""}`.trim();

export interface OpenPort {
  id: number;
  hostname: string;
  port: number;
  mode: string;
  protocol: string | null;
}

export default function TeamDetails({ team, ports }: { team: Details; ports: OpenPort[] }) {
  const [editing, setEditing] = useState(false);
  // The dialog stays mounted once opened, so closing it returns focus to its opener.
  const [mounted, setMounted] = useState(false);

  const rows = useMemo(() => ({
    users: team.users.map((u) => ({ ...u, status: yesNo(u.active) })),
    tgids: team.tgids.map((t) => ({
      id: t.id,
      label: t.label,
      owner: t.shared ? t.team.name : "This team",
      ownerId: t.team.id,
      shared: t.shared,
    })),
    enids: team.enids.map((e) => ({ ...e, key: `${e.id}-${e.rulLes}` })),
    dnids: team.dnids.map((d) => ({
      id: d.id,
      les: d.les,
      key: `${d.id}-${d.les}`,
      tgid: d.tgid ? `${d.tgid.label} (${d.tgid.id})` : "",
    })),
    ports: ports.map((p) => ({ ...p, protocol: p.protocol ?? "" })),
  }), [team, ports]);

  async function remove() {
    const { deleteTeam } = await dialogs();
    if (await deleteTeam(team)) void navigate("/administration/teams");
  }

  return (
    <>
      <dl className="detail-facts">
        <div>
          <dt>Company</dt>
          <dd>
            <a href={`/administration/companies/${team.company.id}`}>{team.company.name}</a>
          </dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{rightsLabel(team.rights)}</dd>
        </div>
        <div>
          <dt>Mtl info active</dt>
          <dd>{yesNo(team.mtlInfoActive)}</dd>
        </div>
        <div>
          <dt>Mtl info by FTP</dt>
          <dd>{yesNo(team.mtlInfoFtp)}</dd>
        </div>
      </dl>
      <div className="admin-actions">
        <button
          type="button"
          onClick={() => {
            setMounted(true);
            setEditing(true);
          }}
        >
          Edit
        </button>
        <button type="button" className="contrast outline" onClick={remove}>Delete</button>
      </div>

      <Section
        id="team-users"
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
          { key: "status", label: "Active", sortable: true },
        ]}
      />
      <Section
        id="team-tgids"
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
            key: "owner",
            label: "Owner",
            sortable: true,
            render: (r) =>
              r.shared
                ? <a href={`/administration/teams/${r.ownerId}`}>{r.owner} (shared)</a>
                : r.owner,
          },
        ]}
      />
      <Section
        id="team-enids"
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
        id="team-dnids"
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
            render: (r) => <a href={`/management/dnids/${r.id}/${r.les}`}>{r.id}</a>,
          },
          { key: "les", label: "LES", sortable: true },
          { key: "tgid", label: "Tgid", sortable: true },
        ]}
      />
      <Section
        id="team-ports"
        rowLabel={(r) => `port ${r.port}`}
        title="Open ports"
        rows={rows.ports}
        rowKey={(r) => String(r.id)}
        sortField="port"
        empty="No push process is assigned to this team."
        columns={[
          { key: "port", label: "Port", sortable: true },
          { key: "hostname", label: "Host", sortable: true },
          { key: "mode", label: "Mode", sortable: true },
          { key: "protocol", label: "Protocol", sortable: true },
          { key: "id", label: "Process", sortable: true },
        ]}
      />

      <Suspense fallback={null}>
        {mounted && (
          <TeamEditDialog
            team={editing ? team : null}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void navigate(location.pathname + location.search, { replace: true });
            }}
          />
        )}
      </Suspense>
    </>
  );
}
