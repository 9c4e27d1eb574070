/**
 * A team's page (/administration/teams/{id}): its company, role and mtl flags, Edit and Delete,
 * then its users, tgids, enids, dnids and the ports open for it.
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { DnidsSection, EnidsSection, TgidsSection, UsersSection } from "../detail_sections.tsx";
import { DetailActions } from "../../kit/DetailActions.tsx";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { companyHref, rightsLabel, yesNo } from "../labels.ts";
import { closeAndReload, navigate } from "../../runtime/navigate.ts";
import { useMounted } from "../../kit/lazy.ts";
import type { TeamDetails as Details } from "../../../openapi/schemas/teams.ts";

const dialogs = () => import("./team_dialogs.tsx");
const TeamEditDialog = lazy(() => dialogs().then((m) => ({ default: m.TeamEditDialog })));

export interface OpenPort {
  id: number;
  hostname: string;
  port: number;
  mode: string;
  protocol: string | null;
}

export default function TeamDetail({ team, ports }: { team: Details; ports: OpenPort[] }) {
  const [editing, setEditing] = useState(false);
  // The dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({ edit: editing });
  const portRows = useMemo(() => ports.map((p) => ({ ...p, protocol: p.protocol ?? "" })), [ports]);

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
            <a href={companyHref(team.company)}>{team.company.name}</a>
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
      <DetailActions onEdit={() => setEditing(true)} onDelete={remove} />

      <UsersSection page="team" users={team.users} />
      <TgidsSection page="team" tgids={team.tgids} />
      <EnidsSection page="team" enids={team.enids} />
      <DnidsSection page="team" dnids={team.dnids} />
      <DetailSection
        id="team-ports"
        rowLabel={(r) => `port ${r.port}`}
        title="Open ports"
        rows={portRows}
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
        {mounted.edit && (
          <TeamEditDialog
            team={editing ? team : null}
            onClose={() => setEditing(false)}
            onSaved={closeAndReload(() => setEditing(false))}
          />
        )}
      </Suspense>
    </>
  );
}
