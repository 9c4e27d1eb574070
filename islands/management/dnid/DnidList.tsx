/**
 * The dnid overview (/management/dnids): server-paged, 255 rows by default, filtered after
 * 2000 ms (the query kept in the URL). Everyone's row menu has Open and LES Details;
 * administrators (team rights below 100) also get "New dnid", Edit, Toggle Monitoring and Delete.
 */
import { lazy, Suspense, useState } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import type { TableDefaults } from "../../kit/table/table_state.ts";
import type { Column } from "../../kit/table/DataTable.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { dnidHref, dnidKey, findDnids, flipMonitoring, openLesDetails } from "./dnid_api.ts";
import { DNID_PAGE_SIZE, DNID_PAGE_SIZES } from "../../../openapi/enums.ts";
import type { Dnid } from "../../../openapi/schemas/dnids/dnids.ts";
import type { Station } from "./dnid_api.ts";

const dialogs = () => import("./dnid_dialogs.tsx");
const DnidCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.DnidCreateDialog })));
const DnidEditDialog = lazy(() => dialogs().then((m) => ({ default: m.DnidEditDialog })));
const LesDetailsDialog = lazy(() => dialogs().then((m) => ({ default: m.LesDetailsDialog })));

export const DNID_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: DNID_PAGE_SIZE,
  pageSizes: DNID_PAGE_SIZES,
};

const MONITORING_OPTIONS = [["1", "Monitored"], ["0", "Not Monitored"]] as const;

/**
 * The columns, made once: a new array each render would make every row render again whenever the
 * list does (a dialog opening, say): 255 rows in one task (issue 37).
 */
const DNID_COLUMNS: Column<Dnid>[] = [
  {
    key: "id",
    label: "Dnid",
    sortable: true,
    filter: { kind: "text" },
    render: (d) => <a href={dnidHref(d)}>{d.id}</a>,
  },
  { key: "les", label: "LES", sortable: true },
  {
    key: "company",
    label: "Company",
    sortable: true,
    filter: { kind: "text" },
    text: (d) => d.company.name,
  },
  {
    key: "team",
    label: "Team",
    sortable: true,
    filter: { kind: "text" },
    text: (d) => d.team?.name ?? "",
  },
  {
    key: "tgid",
    label: "Tgid",
    sortable: true,
    filter: { kind: "text" },
    text: (d) => d.tgid ? `${d.tgid.label} (${d.tgid.id})` : "",
  },
  {
    key: "monitoring",
    label: "Monitored",
    sortable: true,
    filter: { kind: "select", options: MONITORING_OPTIONS },
    text: (d) => d.immediateDelivery ? "Yes" : "No",
  },
  { key: "members", label: "Members", sortable: true },
  { key: "rulId", label: "Rul", text: (d) => d.rulId === null ? "" : String(d.rulId) },
  { key: "comments", label: "Comments", filter: { kind: "text" } },
  {
    key: "updatedAt",
    label: "Updated (UTC)",
    sortable: true,
    text: (d) => formatDateTime(d.updatedAt),
  },
];

export type DnidListProps = ListProps<Dnid> & { admin: boolean };

export default function DnidList({ admin, ...props }: DnidListProps) {
  const [station, setStation] = useState<Station | null>(null);
  const mounted = useMounted({ les: station !== null });

  const showLesDetails = (d: Dnid) => void openLesDetails(d, setStation);

  return (
    <>
      <EditableList<Dnid>
        {...props}
        id="dnids"
        caption="Dnids"
        noun="dnid"
        rowKey={dnidKey}
        rowLabel={(d) => `dnid ${d.id}`}
        find={findDnids}
        defaults={DNID_TABLE_DEFAULTS}
        href={dnidHref}
        remove={admin ? async (d) => (await dialogs()).deleteDnid(d) : undefined}
        createDialog={admin ? (p) => <DnidCreateDialog {...p} /> : undefined}
        editDialog={admin ? ({ row, ...p }) => <DnidEditDialog dnid={row} {...p} /> : undefined}
        actions={(rows, refresh) => {
          const one = rows.length === 1 ? rows[0] : null;
          return [
            {
              label: "LES Details",
              disabled: !one,
              onSelect: () => one && showLesDetails(one),
            },
            ...(admin
              ? [{
                label: "Toggle Monitoring",
                disabled: !one,
                onSelect: () => one && void flipMonitoring(one, refresh),
              }]
              : []),
          ];
        }}
        columns={DNID_COLUMNS}
      />
      <Suspense fallback={null}>
        {mounted.les && <LesDetailsDialog station={station} onClose={() => setStation(null)} />}
      </Suspense>
    </>
  );
}
