/**
 * The enid list (/management/enid): server-paged, sorted and filtered (the query kept in the
 * URL; PAGE_SIZE rows, filters after the table's pause), "New enid", and a row menu with Open,
 * Edit, Manage teams and Delete. A client sees its own company's enids only.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import type { Column } from "../../kit/table/DataTable.tsx";
import type { TableDefaults } from "../../kit/table/table_state.ts";
import { formatDateTime } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { companyHref, teamHref } from "../../administration/labels.ts";
import { enidHref, findEnids, rulHref, type Viewer } from "./enid_api.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../../openapi/enums.ts";
import type { Enid } from "../../../openapi/schemas/enids.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./enid_dialogs.tsx");
const EnidCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.EnidCreateDialog })));
const EnidEditDialog = lazy(() => dialogs().then((m) => ({ default: m.EnidEditDialog })));
const EnidTeamsDialog = lazy(() => dialogs().then((m) => ({ default: m.EnidTeamsDialog })));

export const ENID_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export type EnidListProps = ListProps<Enid> & { viewer: Viewer };

/** The list's columns; links to administration pages only for administrators. */
function enidColumns(viewer: Viewer): Column<Enid>[] {
  return [
    {
      key: "id",
      label: "Id",
      sortable: true,
      filter: { kind: "text" },
      render: (e) => <a href={enidHref(e)}>{e.id}</a>,
    },
    { key: "rul_les", label: "LES", filter: { kind: "text" } },
    {
      key: "rul_id",
      label: "Rul",
      sortable: true,
      filter: { kind: "text" },
      text: (e) => `${e.rul.id} ${e.rul.customerName}`,
      render: (e) => (
        <>
          {viewer.admin ? <a href={rulHref(e.rul)}>{e.rul.id}</a> : e.rul.id}{" "}
          <small className="muted">{e.rul.customerName}</small>
        </>
      ),
    },
    {
      key: "company",
      label: "Company",
      sortable: true,
      filter: { kind: "text" },
      text: (e) => e.company.name,
      render: (e) =>
        viewer.admin ? <a href={companyHref(e.company)}>{e.company.name}</a> : e.company.name,
    },
    {
      key: "team",
      label: "Teams",
      filter: { kind: "text" },
      text: (e) => e.teams.map((t) => t.name).join(", "),
      render: (e) =>
        e.teams.map((t, i) => (
          <span key={t.id}>
            {i > 0 && ", "}
            {viewer.admin ? <a href={teamHref(t)}>{t.name}</a> : t.name}
          </span>
        )),
    },
    {
      key: "comments",
      label: "Comments",
      filter: { kind: "text" },
      text: (e) => [e.comments, e.comments2].filter(Boolean).join(" / "),
    },
    {
      key: "updated",
      label: "Updated",
      sortable: true,
      text: (e) => formatDateTime(e.updatedAt),
    },
  ];
}

async function remove(enid: Enid, reload: () => void) {
  if (await (await dialogs()).deleteEnid(enid)) reload();
}

export default function EnidList({ viewer, ...props }: EnidListProps) {
  const [managing, setManaging] = useState<Enid | null>(null);
  const mounted = useMounted({ teams: managing !== null });
  // The list's reload, as the row menu last handed it over.
  const refresh = useRef<() => void>(() => {});

  return (
    <>
      <EditableList<Enid>
        {...props}
        id="enids"
        caption="Enids"
        noun="enid"
        rowKey={(e) => `${e.id}-${e.rul_les}`}
        rowLabel={(e) => `enid ${e.id}`}
        find={findEnids}
        defaults={ENID_TABLE_DEFAULTS}
        href={enidHref}
        columns={enidColumns(viewer)}
        createDialog={(p) => <EnidCreateDialog {...p} viewer={viewer} />}
        editDialog={({ row, ...p }) => <EnidEditDialog enid={row} viewer={viewer} {...p} />}
        // The spec's order: Open, Edit, Manage teams, Delete.
        actions={(rows, reload) => {
          refresh.current = reload;
          const one = rows.length === 1 ? rows[0] : null;
          return [
            { label: "Manage teams", disabled: !one, onSelect: () => setManaging(one) },
            { label: "Delete", disabled: !one, onSelect: () => one && void remove(one, reload) },
          ];
        }}
      />
      <Suspense fallback={null}>
        {mounted.teams && (
          <EnidTeamsDialog
            enid={managing}
            onClose={() => setManaging(null)}
            onSaved={() => {
              setManaging(null);
              refresh.current();
            }}
          />
        )}
      </Suspense>
    </>
  );
}
