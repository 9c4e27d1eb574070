/** The sections the company and the team pages both show: users, tgids, enids and dnids. */
import { useMemo } from "react";
import type { Column } from "../kit/table/DataTable.tsx";
import { DetailSection } from "../kit/DetailSection.tsx";
import { teamHref, yesNo } from "./labels.ts";

/** Whose page a section is on: its id starts with it, and a few columns differ. */
type DetailPage = "company" | "team";

interface Ref {
  id: number;
  name: string;
}

/** A user as the details list them; on a company's page with their team. */
export interface DetailUser {
  id: string;
  name: string;
  mail: string;
  active: boolean;
  team?: Ref;
}

/** Users by login (a link to the user's page); a company's page also shows each one's team. */
export function UsersSection({ page, users }: { page: DetailPage; users: DetailUser[] }) {
  const rows = useMemo(
    () => users.map((u) => ({ ...u, team: u.team?.name ?? "", status: yesNo(u.active) })),
    [users],
  );
  type R = (typeof rows)[number];
  const teamColumn: Column<R>[] = page === "company"
    ? [{ key: "team", label: "Team", sortable: true }]
    : [];
  return (
    <DetailSection
      id={`${page}-users`}
      rowLabel={(r) => `user ${r.id}`}
      title="Users"
      rows={rows}
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
        ...teamColumn,
        { key: "status", label: "Active", sortable: true },
      ]}
    />
  );
}

/** A tgid and the team owning it; `shared`: shared with the page's team by its owner. */
export interface DetailTgid {
  id: number;
  label: string;
  team: Ref;
  shared?: boolean;
}

/**
 * Tgids by id (a link to the tgid's page) and label, then the owning team: on a company's page
 * a link to it; on a team's page "This team", or the owner (a link) for a shared tgid.
 */
export function TgidsSection({ page, tgids }: { page: DetailPage; tgids: DetailTgid[] }) {
  const rows = useMemo(() =>
    tgids.map((t) => ({
      id: t.id,
      label: t.label,
      team: page === "team" && !t.shared ? "This team" : t.team.name,
      teamId: t.team.id,
      shared: t.shared ?? false,
    })), [page, tgids]);
  type R = (typeof rows)[number];
  const owner: Column<R> = page === "company"
    ? {
      key: "team",
      label: "Team",
      sortable: true,
      render: (r) => <a href={teamHref({ id: r.teamId })}>{r.team}</a>,
    }
    : {
      key: "team",
      label: "Owner",
      sortable: true,
      render: (r) => r.shared ? <a href={teamHref({ id: r.teamId })}>{r.team} (shared)</a> : r.team,
    };
  return (
    <DetailSection
      id={`${page}-tgids`}
      rowLabel={(r) => `tgid ${r.label}`}
      title="Tgids"
      rows={rows}
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
        owner,
      ]}
    />
  );
}

export interface DetailEnid {
  id: number;
  rulLes: number;
  rulId: number;
}

/** Enids by id (a link to the enid's page), LES and rul. */
export function EnidsSection({ page, enids }: { page: DetailPage; enids: DetailEnid[] }) {
  const rows = useMemo(() => enids.map((e) => ({ ...e, key: `${e.id}-${e.rulLes}` })), [enids]);
  return (
    <DetailSection
      id={`${page}-enids`}
      rowLabel={(r) => `enid ${r.id}`}
      title="Enids"
      rows={rows}
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
  );
}

export interface DetailDnid {
  id: number;
  les: number;
  tgid: { id: number; label: string } | null;
}

/** Dnids by id (a link to the dnid's page; filtered on a company's page), LES and tgid. */
export function DnidsSection({ page, dnids }: { page: DetailPage; dnids: DetailDnid[] }) {
  const rows = useMemo(() =>
    dnids.map((d) => ({
      id: d.id,
      les: d.les,
      key: `${d.id}-${d.les}`,
      tgid: d.tgid ? `${d.tgid.label} (${d.tgid.id})` : "",
    })), [dnids]);
  return (
    <DetailSection
      id={`${page}-dnids`}
      rowLabel={(r) => `dnid ${r.id}`}
      title="Dnids"
      rows={rows}
      rowKey={(r) => r.key}
      sortField="id"
      empty="No dnid."
      columns={[
        {
          key: "id",
          label: "Id",
          sortable: true,
          filter: page === "company" ? { kind: "text" } : undefined,
          render: (r) => <a href={`/management/dnids/${r.id}/${r.les}`}>{r.id}</a>,
        },
        { key: "les", label: "LES", sortable: true },
        { key: "tgid", label: "Tgid", sortable: true },
      ]}
    />
  );
}
