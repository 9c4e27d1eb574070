/**
 * The tgid list (/management/tgid): server-paged, sorted and filtered (id, label, team, company;
 * the query kept in the URL; 10 rows a page). Every user sees the tgids its company's teams own or
 * share; administrators also get "New tgid" and a row menu with Open, Edit (the label), Manage
 * teams and Delete. The list has no routing-exception control: those are the tgid page's.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import type { Column } from "../../kit/table/DataTable.tsx";
import type { TableDefaults } from "../../kit/table/table_state.ts";
import { formatDateTime } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { companyHref, teamHref } from "../../administration/labels.ts";
import { findTgids, tgidHref } from "./tgid_api.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../../openapi/enums.ts";
import type { Tgid } from "../../../openapi/schemas/tgid/tgids.ts";

const dialogs = () => import("./tgid_dialogs.tsx");
const TgidCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.TgidCreateDialog })));
const TgidEditDialog = lazy(() => dialogs().then((m) => ({ default: m.TgidEditDialog })));
const TgidTeamsDialog = lazy(() => dialogs().then((m) => ({ default: m.TgidTeamsDialog })));
const TgidDeleteDialog = lazy(() => dialogs().then((m) => ({ default: m.TgidDeleteDialog })));

export const TGID_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export type TgidListProps = ListProps<Tgid> & { admin: boolean };

const routeTotal = (t: Tgid) =>
  t.counts.routes.tcp + t.counts.routes.smtp + t.counts.routes.ftp + t.counts.routes.ws;

/** The list's columns; links to the tgid, team and company pages only for administrators. */
function tgidColumns(admin: boolean): Column<Tgid>[] {
  const link = (href: string, text: string) => admin ? <a href={href}>{text}</a> : text;
  return [
    {
      key: "id",
      label: "Id",
      sortable: true,
      filter: { kind: "text" },
      render: (t) => link(tgidHref(t), String(t.id)),
    },
    { key: "label", label: "Label", sortable: true, filter: { kind: "text" } },
    {
      key: "team",
      label: "Teams",
      sortable: true,
      filter: { kind: "text" },
      text: (t) => t.teams.map((x) => x.name).join(", ") || t.team.name,
      render: (t) =>
        t.teams.map((x, i) => (
          <span key={x.id}>
            {i > 0 && ", "}
            {link(teamHref(x), x.name)}
            {x.owner && t.teams.length > 1 && (
              <>
                {" "}
                <small className="muted">(owner)</small>
              </>
            )}
          </span>
        )),
    },
    {
      key: "company",
      label: "Company",
      sortable: true,
      filter: { kind: "text" },
      text: (t) => t.company.name,
      render: (t) => link(companyHref(t.company), t.company.name),
    },
    { key: "devices", label: "Terminals", text: (t) => String(t.counts.devices) },
    { key: "dnids", label: "Dnids", text: (t) => String(t.counts.dnids) },
    { key: "routes", label: "Routes", text: (t) => String(routeTotal(t)) },
    {
      key: "updatedOn",
      label: "Updated (UTC)",
      sortable: true,
      text: (t) => formatDateTime(t.updatedOn),
    },
  ];
}

export default function TgidList({ admin, ...props }: TgidListProps) {
  const [managing, setManaging] = useState<Tgid | null>(null);
  const [deleting, setDeleting] = useState<Tgid | null>(null);
  const mounted = useMounted({ teams: managing !== null, remove: deleting !== null });
  // The list's reload, as the row menu last handed it over.
  const refresh = useRef<() => void>(() => {});
  const done = (close: () => void) => () => {
    close();
    refresh.current();
  };

  return (
    <>
      <EditableList<Tgid>
        {...props}
        id="tgids"
        caption="Tgids"
        noun="tgid"
        rowKey={(t) => String(t.id)}
        rowLabel={(t) => `tgid ${t.label}`}
        find={findTgids}
        defaults={TGID_TABLE_DEFAULTS}
        // The tgid page is administrators'.
        href={admin ? tgidHref : undefined}
        columns={tgidColumns(admin)}
        createDialog={admin ? (p) => <TgidCreateDialog {...p} /> : undefined}
        editDialog={admin ? ({ row, ...p }) => <TgidEditDialog tgid={row} {...p} /> : undefined}
        // The spec's order: Open, Edit, Manage teams, Delete.
        actions={admin
          ? (rows, reload) => {
            refresh.current = reload;
            const one = rows.length === 1 ? rows[0] : null;
            return [
              { label: "Manage teams", disabled: !one, onSelect: () => setManaging(one) },
              { label: "Delete", disabled: !one, onSelect: () => setDeleting(one) },
            ];
          }
          : undefined}
      />
      <Suspense fallback={null}>
        {mounted.teams && (
          <TgidTeamsDialog
            tgid={managing}
            onClose={() => setManaging(null)}
            onSaved={done(() => setManaging(null))}
          />
        )}
        {mounted.remove && (
          <TgidDeleteDialog
            tgid={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={done(() => setDeleting(null))}
          />
        )}
      </Suspense>
    </>
  );
}
