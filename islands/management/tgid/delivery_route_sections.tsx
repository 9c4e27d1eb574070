/**
 * A tgid's delivery routes as a detail page shows them: one section per protocol (tcp, smtp, ftp,
 * ws) with its id, member or mobile number, destinations, conversion and the primary destination's
 * state; for administrators each id links to the route overview (/routing/routes?type=tcp&
 * filter.id=12), where routes are edited, and each section can open the add dialog of its type
 * (`onAdd`). Used by the dnid page (its tgid's routes) and the tgid page.
 */
import { DetailSection } from "../../kit/DetailSection.tsx";
import type { Column } from "../../kit/table/DataTable.tsx";
import { lazy, Suspense, useState } from "react";
import { useMounted } from "../../kit/lazy.ts";
import { reloadPage } from "../../runtime/navigate.ts";
import { CONVERSIONS, ROUTE_TYPES, type RouteType } from "../../../openapi/enums.ts";
import { ROUTE_TYPE_LABELS } from "../../../openapi/schemas/push/delivery_route_messages.ts";
import type { RouteRow, TgidChoice } from "../../../openapi/schemas/tgid/tgids.ts";

const RouteDialog = lazy(() =>
  import("../../routing/routes/delivery_route_dialogs.tsx").then((m) => ({
    default: m.RouteDialog,
  }))
);

const ROUTE_KINDS = [
  ["tcp", "TCP routes", "Address:port"],
  ["smtp", "SMTP routes", "E-mail"],
  ["ftp", "FTP routes", "Server"],
  ["ws", "WS routes", "Web service"],
] as const;

/** A route's row on the route overview: its type's table, filtered to its id. */
const routeHref = (kind: string, id: number) => `/routing/routes?type=${kind}&filter.id=${id}`;

const routeColumns = (
  kind: string,
  destination: string,
  link: boolean,
): Column<RouteRow>[] => [
  {
    key: "id",
    label: "Id",
    sortable: true,
    render: link
      ? (r) => <a href={routeHref(kind, r.id)} aria-label={`${kind} route ${r.id}`}>{r.id}</a>
      : undefined,
  },
  { key: "memberOrMobileNum", label: "Member or mobile", sortable: true },
  { key: "destination", label: destination, sortable: true },
  { key: "secondary", label: "Backup", text: (r) => r.secondary ?? "" },
  {
    key: "conversion",
    label: "Conversion",
    text: (r) => CONVERSIONS[r.conversion as keyof typeof CONVERSIONS] ?? String(r.conversion),
  },
  {
    key: "primaryUp",
    label: "Primary",
    text: (r) =>
      r.primaryUp === null ? "" : r.primaryUp < 0 ? "Locked" : r.primaryUp ? "Active" : "Inactive",
  },
];

export function RouteSections(
  { routes, idPrefix, whose, pageSize, linkRoutes = true, addFor }: {
    routes: Record<(typeof ROUTE_KINDS)[number][0], RouteRow[]>;
    /** The sections' ids: `<idPrefix>-routes-<kind>`. */
    idPrefix: string;
    /** Whose routes, for the empty line ("this dnid's tgid"). */
    whose: string;
    pageSize?: number;
    /** Each route's id links to it on the route overview (administrators' page). */
    linkRoutes?: boolean;
    /**
     * Administrators: the routes' tgid. Each section then has "New … route", the add dialog of
     * its type with this tgid preset; the page reloads once one is added.
     */
    addFor?: TgidChoice;
  },
) {
  const [adding, setAdding] = useState<RouteType | null>(null);
  const mounted = useMounted(
    Object.fromEntries(ROUTE_TYPES.map((t) => [t, adding === t])) as Record<RouteType, boolean>,
  );
  const sections = ROUTE_KINDS.map(([kind, title, destination]) => (
    <DetailSection
      key={kind}
      id={`${idPrefix}-routes-${kind}`}
      title={title}
      rows={routes[kind]}
      rowKey={(r) => String(r.id)}
      rowLabel={(r) => `${kind} route ${r.id}`}
      sortField="id"
      empty={`No ${kind} route for ${whose}.`}
      actions={addFor && (
        <p>
          <button type="button" className="secondary" onClick={() => setAdding(kind)}>
            {`New ${ROUTE_TYPE_LABELS[kind]} route`}
          </button>
        </p>
      )}
      columns={routeColumns(kind, destination, linkRoutes)}
      pageSize={pageSize}
    />
  ));
  return (
    <>
      {sections}
      <Suspense fallback={null}>
        {addFor && ROUTE_TYPES.filter((t) => mounted[t]).map((t) => (
          <RouteDialog
            key={t}
            type={t}
            open={adding === t}
            route={null}
            tgid={addFor}
            onClose={() => setAdding(null)}
            onSaved={() => void reloadPage()}
          />
        ))}
      </Suspense>
    </>
  );
}
