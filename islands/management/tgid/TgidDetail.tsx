/**
 * A tgid's page (/management/tgid/{id}, administrators): its facts with the audit (created and
 * updated by whom and when), Edit, Manage teams and Delete, then its devices (terminals), dnids,
 * users, teams, routing exceptions (member and mtl; view and create dialogs) and its routes for
 * tcp, smtp, ftp and ws (15 rows a page; "New … route" with this tgid preset, edited on the route
 * overview). Sub-tables show 5 rows a page.
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { Fact } from "../../kit/Fact.tsx";
import { DetailActions } from "../../kit/DetailActions.tsx";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { closeAndReload, navigate } from "../../runtime/navigate.ts";
import { messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { companyHref, teamHref, yesNo } from "../../administration/labels.ts";
import { dnidHref } from "../dnid/dnid_api.ts";
import { RouteSections } from "./delivery_route_sections.tsx";
import {
  exceptionsOf,
  exceptionText,
  getTgidRules,
  TGID_LIST_HREF,
  type TgidException,
} from "./tgid_api.ts";
import { TGID_ROUTE_PAGE_SIZE } from "../../../openapi/enums.ts";
import type { TgidRoutingRules } from "../../../openapi/schemas/tgid/routing_rules.ts";
import { TGID_EXCEPTION_MESSAGES } from "../../../openapi/schemas/tgid/tgid_messages.ts";
import type { TgidDetails } from "../../../openapi/schemas/tgid/tgids.ts";

const dialogs = () => import("./tgid_dialogs.tsx");
const TgidEditDialog = lazy(() => dialogs().then((m) => ({ default: m.TgidEditDialog })));
const TgidTeamsDialog = lazy(() => dialogs().then((m) => ({ default: m.TgidTeamsDialog })));
const TgidDeleteDialog = lazy(() => dialogs().then((m) => ({ default: m.TgidDeleteDialog })));
const exceptionDialogs = () => import("./routing_exceptions.tsx");
const CreateDialog = lazy(() =>
  exceptionDialogs().then((m) => ({ default: m.TgidExceptionCreateDialog }))
);
const ViewDialog = lazy(() =>
  exceptionDialogs().then((m) => ({ default: m.TgidExceptionViewDialog }))
);

export interface TgidDetailProps {
  tgid: TgidDetails;
  /** Its routing exceptions (the page is administrators', who alone may see them). */
  rules: TgidRoutingRules;
}

type Open = "edit" | "teams" | "delete" | "exception" | null;

export default function TgidDetail({ tgid, rules: initialRules }: TgidDetailProps) {
  const [open, setOpen] = useState<Open>(null);
  const [viewing, setViewing] = useState<TgidException | null>(null);
  const [rules, setRules] = useState(initialRules);
  const mounted = useMounted({
    edit: open === "edit",
    teams: open === "teams",
    remove: open === "delete",
    create: open === "exception",
    view: viewing !== null,
  });
  const close = () => setOpen(null);
  const reload = closeAndReload(close);
  const reloadRules = async () => {
    try {
      setRules(await getTgidRules(tgid.id));
    } catch (e) {
      toast("error", `${TGID_EXCEPTION_MESSAGES.listError}: ${messageOf(e)}`);
    }
  };
  const exceptions = useMemo(() => exceptionsOf(rules), [rules]);
  const teamRows = useMemo(
    () => tgid.teams.map((t) => ({ ...t, companyName: t.company.name })),
    [tgid.teams],
  );

  return (
    <>
      <dl className="detail-facts">
        <Fact label="Label">{tgid.label}</Fact>
        <Fact label="Owning team">
          <a href={teamHref(tgid.team)}>{tgid.team.name}</a>
        </Fact>
        <Fact label="Company">
          <a href={companyHref(tgid.company)}>{tgid.company.name}</a>
        </Fact>
        <Fact label="Created by">{tgid.createdBy ?? "—"}</Fact>
        <Fact label="Created on (UTC)">{formatDateTime(tgid.createdOn)}</Fact>
        <Fact label="Updated by">{tgid.updatedBy ?? "—"}</Fact>
        <Fact label="Updated on (UTC)">{formatDateTime(tgid.updatedOn)}</Fact>
      </dl>
      <DetailActions
        onEdit={() => setOpen("edit")}
        onDelete={() => setOpen("delete")}
        more={[{ label: "Manage teams", onClick: () => setOpen("teams") }]}
      />

      <DetailSection
        id="tgid-devices"
        title="Devices"
        rows={tgid.devices}
        rowKey={(d) => String(d.deviceId)}
        rowLabel={(d) => `terminal ${d.deviceId}`}
        sortField="deviceId"
        empty="No terminal is in this tgid."
        columns={[
          {
            key: "deviceId",
            label: "Device",
            sortable: true,
            render: (d) => <a href={`/management/terminal/${d.deviceId}`}>{d.deviceId}</a>,
          },
          { key: "label", label: "Label", sortable: true, text: (d) => d.label ?? "" },
          { key: "deviceType", label: "Type", text: (d) => d.deviceType.name },
          { key: "identifier", label: "Identifier", text: (d) => d.identifier ?? "" },
          {
            key: "updateDate",
            label: "Updated (UTC)",
            sortable: true,
            text: (d) => formatDateTime(d.updateDate),
          },
        ]}
      />
      <DetailSection
        id="tgid-dnids"
        title="Dnids"
        rows={tgid.dnids}
        rowKey={(d) => `${d.id}-${d.les}`}
        rowLabel={(d) => `dnid ${d.id}`}
        sortField="id"
        empty="No dnid is routed to this tgid."
        columns={[
          {
            key: "id",
            label: "Dnid",
            sortable: true,
            render: (d) => <a href={`/management/dnids/${d.id}/${d.les}`}>{d.id}</a>,
          },
          { key: "les", label: "LES", sortable: true },
          { key: "company", label: "Company", text: (d) => d.company.name },
        ]}
      />
      <DetailSection
        id="tgid-users"
        title="Users"
        rows={tgid.users}
        rowKey={(u) => u.id}
        rowLabel={(u) => `user ${u.id}`}
        sortField="id"
        empty="No user is in this tgid's teams."
        columns={[
          { key: "id", label: "Login", sortable: true },
          { key: "name", label: "Name", sortable: true },
          { key: "mail", label: "Mail", sortable: true },
          { key: "team", label: "Team", text: (u) => u.team.name },
          { key: "active", label: "Active", text: (u) => yesNo(u.active) },
        ]}
      />
      <DetailSection
        id="tgid-teams"
        title="Teams"
        rows={teamRows}
        rowKey={(t) => String(t.id)}
        rowLabel={(t) => `team ${t.name}`}
        sortField="name"
        empty="No team."
        columns={[
          { key: "id", label: "Id", sortable: true },
          {
            key: "name",
            label: "Name",
            sortable: true,
            render: (t) => <a href={teamHref(t)}>{t.name}</a>,
          },
          { key: "companyName", label: "Company", sortable: true },
          { key: "owner", label: "Role", text: (t) => t.owner ? "Owns the tgid" : "Shares it" },
        ]}
      />
      <DetailSection
        id="tgid-exceptions"
        title="Routing exceptions"
        rows={exceptions}
        rowKey={(e) => e.key}
        rowLabel={(e) => `exception ${exceptionText(e)}`}
        sortField="kind"
        empty="No routing exception routes data to this tgid."
        actions={
          <p>
            <button type="button" onClick={() => setOpen("exception")}>
              New routing exception
            </button>
          </p>
        }
        columns={[
          {
            key: "kind",
            label: "Kind",
            sortable: true,
            text: (e) => e.kind === "member" ? "Dnid member" : "Mtl",
          },
          {
            key: "key",
            label: "Routes",
            text: exceptionText,
            render: (e) =>
              e.kind === "member"
                ? (
                  <>
                    Dnid <a href={dnidHref({ id: e.rule.dnid, les: e.rule.les })}>{e.rule.dnid}</a>
                    {` (LES ${e.rule.les}) member ${e.rule.member}, ${e.rule.ocean}`}
                  </>
                )
                : exceptionText(e),
          },
          {
            key: "view",
            label: "Details",
            text: () => "",
            render: (e) => (
              <button
                type="button"
                className="secondary outline"
                aria-label={`View the exception ${exceptionText(e)}`}
                onClick={() => setViewing(e)}
              >
                View
              </button>
            ),
          },
        ]}
      />
      <RouteSections
        routes={tgid.routes}
        idPrefix="tgid"
        whose="this tgid"
        pageSize={TGID_ROUTE_PAGE_SIZE}
        addFor={{ id: tgid.id, label: tgid.label }}
      />

      <Suspense fallback={null}>
        {mounted.edit && (
          <TgidEditDialog tgid={open === "edit" ? tgid : null} onClose={close} onSaved={reload} />
        )}
        {mounted.teams && (
          <TgidTeamsDialog
            tgid={open === "teams" ? tgid : null}
            onClose={close}
            onSaved={reload}
          />
        )}
        {mounted.remove && (
          <TgidDeleteDialog
            tgid={open === "delete" ? tgid : null}
            onClose={close}
            onDeleted={() => void navigate(TGID_LIST_HREF)}
          />
        )}
        {mounted.create && (
          <CreateDialog
            tgid={open === "exception" ? tgid : null}
            onClose={close}
            onCreated={() => void reloadRules()}
          />
        )}
        {mounted.view && (
          <ViewDialog
            exception={viewing}
            onClose={() => setViewing(null)}
            onRemoved={() => {
              setViewing(null);
              void reloadRules();
            }}
          />
        )}
      </Suspense>
    </>
  );
}
