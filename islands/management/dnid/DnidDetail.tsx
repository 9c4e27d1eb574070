/**
 * A dnid's page (/management/dnids/{id}[/{les}]): its facts, LES Details and Poll (the poll page
 * with this dnid chosen) for everyone, Edit, Toggle Monitoring and Delete for administrators, then
 * its users, status (members, each with a link to poll it), open ports, teams and its tgid's
 * routes for tcp, smtp, ftp and ws (sub-tables of 5).
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { Fact } from "../../kit/Fact.tsx";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { closeAndReload, navigate, reloadPage } from "../../runtime/navigate.ts";
import { pollHref } from "../../commands/command_api.ts";
import { flipMonitoring, openLesDetails, type Station } from "./dnid_api.ts";
import { dnidStatusState } from "../../../openapi/enums.ts";
import { RouteSections } from "../tgid/delivery_route_sections.tsx";
import type { DnidDetails } from "../../../openapi/schemas/dnids/dnids.ts";

const dialogs = () => import("./dnid_dialogs.tsx");
const DnidEditDialog = lazy(() => dialogs().then((m) => ({ default: m.DnidEditDialog })));
const LesDetailsDialog = lazy(() => dialogs().then((m) => ({ default: m.LesDetailsDialog })));

interface OpenPortRow {
  id: number;
  hostname: string;
  port: number;
  mode: string;
  protocol: string | null;
  team: { id: number; name: string };
}

export interface DnidDetailProps {
  dnid: DnidDetails;
  ports: OpenPortRow[];
  storeNPushHost: string;
  admin: boolean;
}

const STATE = {
  active: ["Active", "success"],
  inactive: ["Inactive", "pending"],
  unauthorized: ["Not authorized", "danger"],
} as const;

export default function DnidDetail({ dnid, ports, storeNPushHost, admin }: DnidDetailProps) {
  const [editing, setEditing] = useState(false);
  const [station, setStation] = useState<Station | null>(null);
  const mounted = useMounted({ edit: editing, les: station !== null });
  const reload = () => void reloadPage();

  const portRows = useMemo(
    () =>
      ports.map((p) => ({ ...p, address: `${storeNPushHost}:${p.port}`, teamName: p.team.name })),
    [ports, storeNPushHost],
  );
  const memberRows = useMemo(
    () => dnid.status.map((s) => ({ ...s, state: dnidStatusState(s.status) })),
    [dnid.status],
  );

  async function remove() {
    const { deleteDnid } = await dialogs();
    if (await deleteDnid(dnid)) void navigate("/management/dnids");
  }

  return (
    <>
      <dl className="detail-facts">
        <Fact label="LES">{dnid.les}</Fact>
        <Fact label="Company">{dnid.company.name}</Fact>
        <Fact label="Team">{dnid.team?.name ?? "None"}</Fact>
        <Fact label="Tgid">
          {dnid.tgid
            ? (admin
              ? (
                <a href={`/management/tgid/${dnid.tgid.id}`}>
                  {`${dnid.tgid.label} (${dnid.tgid.id})`}
                </a>
              )
              : `${dnid.tgid.label} (${dnid.tgid.id})`)
            : "None"}
        </Fact>
        <Fact label="Rul">{dnid.rul ? `${dnid.rul.id} (${dnid.rul.customerName})` : "None"}</Fact>
        <Fact label="Monitored">{dnid.immediateDelivery ? "Yes" : "No"}</Fact>
        <Fact label="VMS">{dnid.vms ? "Yes" : "No"}</Fact>
        <Fact label="Carbon copy">{dnid.carbonCopy || "—"}</Fact>
        <Fact label="Comments">{dnid.comments || "—"}</Fact>
        <Fact label="Comments 2">{dnid.comments2 || "—"}</Fact>
        <Fact label="Updated (UTC)">{formatDateTime(dnid.updatedAt)}</Fact>
      </dl>
      <div className="admin-actions">
        <button type="button" onClick={() => void openLesDetails(dnid, setStation)}>
          LES Details
        </button>
        <a href={pollHref({ dnid: dnid.id, les: dnid.les })} className="action-link">Poll</a>
        {admin && (
          <>
            <button type="button" onClick={() => setEditing(true)}>Edit</button>
            <button
              type="button"
              className="secondary"
              onClick={() => void flipMonitoring(dnid, reload)}
            >
              Toggle Monitoring
            </button>
            <button type="button" className="contrast outline" onClick={() => void remove()}>
              Delete
            </button>
          </>
        )}
      </div>

      <DetailSection
        id="dnid-users"
        title="Users"
        rows={dnid.users}
        rowKey={(u) => u.id}
        rowLabel={(u) => `user ${u.id}`}
        sortField="id"
        empty="No user reaches this dnid's tgid."
        columns={[
          { key: "id", label: "Login", sortable: true },
          { key: "name", label: "Name", sortable: true },
          { key: "mail", label: "Mail", sortable: true },
          { key: "team", label: "Team", text: (u) => u.team.name },
          { key: "active", label: "Active", text: (u) => u.active ? "Yes" : "No" },
        ]}
      />
      <DetailSection
        id="dnid-status"
        title="Status"
        rows={memberRows}
        rowKey={(s) => `${s.member}-${s.device}`}
        rowLabel={(s) => `member ${s.member}`}
        sortField="member"
        empty="No terminal is a member of this dnid."
        columns={[
          { key: "member", label: "Member", sortable: true },
          {
            key: "device",
            label: "Mtl",
            sortable: true,
            render: (s) => <a href={`/management/terminal/mtl/${s.device}`}>{s.device}</a>,
          },
          { key: "serial", label: "Serial", text: (s) => s.serial ?? "" },
          {
            key: "status",
            label: "Status",
            sortable: true,
            text: (s) => `${STATE[s.state][0]} (${s.status})`,
            render: (s) => (
              <span className={`status ${STATE[s.state][1]}`}>
                {`${STATE[s.state][0]} (${s.status})`}
              </span>
            ),
          },
          { key: "isDefault", label: "Default", text: (s) => s.isDefault ? "Yes" : "No" },
          {
            key: "updatedOn",
            label: "Updated (UTC)",
            sortable: true,
            text: (s) => formatDateTime(s.updatedOn),
          },
          {
            key: "poll",
            label: "Poll",
            text: () => "",
            // A member that is not authorized cannot be polled.
            render: (s) =>
              s.state !== "unauthorized" && (
                <a
                  href={pollHref({ dnid: dnid.id, les: dnid.les, member: s.member })}
                  aria-label={`Poll member ${s.member}`}
                >
                  Poll
                </a>
              ),
          },
        ]}
        actions={
          <p>
            <a href={`/management/dnid/status?dnid=${dnid.id}`}>All statuses of this dnid</a>
          </p>
        }
      />
      <DetailSection
        id="dnid-ports"
        title="Open ports"
        rows={portRows}
        rowKey={(p) => String(p.id)}
        rowLabel={(p) => `port ${p.port}`}
        sortField="port"
        empty="No push process is open for the teams of this dnid's tgid."
        columns={[
          { key: "address", label: "Address", sortable: true },
          { key: "port", label: "Port", sortable: true },
          { key: "hostname", label: "Process host", sortable: true },
          { key: "mode", label: "Mode", sortable: true },
          { key: "protocol", label: "Protocol", text: (p) => p.protocol ?? "" },
          { key: "teamName", label: "Team", sortable: true },
        ]}
      />
      <DetailSection
        id="dnid-teams"
        title="Teams"
        rows={dnid.teams}
        rowKey={(t) => String(t.id)}
        rowLabel={(t) => `team ${t.name}`}
        sortField="name"
        empty="No team reaches this dnid's tgid."
        columns={[
          { key: "id", label: "Id", sortable: true },
          { key: "name", label: "Name", sortable: true },
          { key: "owner", label: "Role", text: (t) => t.owner ? "Owns the tgid" : "Shares it" },
        ]}
      />
      <RouteSections
        routes={dnid.routes}
        idPrefix="dnid"
        whose="this dnid's tgid"
        linkRoutes={admin}
        addFor={admin ? dnid.tgid ?? undefined : undefined}
      />

      <Suspense fallback={null}>
        {mounted.edit && (
          <DnidEditDialog
            dnid={editing ? dnid : null}
            onClose={() => setEditing(false)}
            onSaved={closeAndReload(() => setEditing(false))}
          />
        )}
        {mounted.les && <LesDetailsDialog station={station} onClose={() => setStation(null)} />}
      </Suspense>
    </>
  );
}
