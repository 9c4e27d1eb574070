/**
 * A rul's page (/management/rul/{id}, administrators): its fields, its customer company, Edit and
 * Delete, then the dnids and enids that use it. The password is masked as in the list (the
 * server renders it masked) until the administrator presses Show.
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { Fact } from "../../kit/Fact.tsx";
import { DetailActions } from "../../kit/DetailActions.tsx";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { closeAndReload, navigate } from "../../runtime/navigate.ts";
import type { RulDetails } from "../../../openapi/schemas/ruls/ruls.ts";
import { MASKED_PASSWORD, RUL_DELETED_PATH } from "./rul_api.ts";

const dialogs = () => import("./rul_dialogs.tsx");
const RulEditDialog = lazy(() => dialogs().then((m) => ({ default: m.RulEditDialog })));

const companyHref = (c: { id: number }) => `/administration/companies/${c.id}`;
const orDash = (v: string | null) => v || "—";

export default function RulDetail({ rul }: { rul: RulDetails }) {
  const [editing, setEditing] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  // The dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({ edit: editing });

  const rows = useMemo(() => ({
    dnids: rul.dnids.map((d) => ({
      key: `${d.id}-${d.les}`,
      id: d.id,
      les: d.les,
      company: d.company.name,
      companyId: d.company.id,
      tgid: d.tgid ? `${d.tgid.label} (${d.tgid.id})` : "",
    })),
    enids: rul.enids.map((e) => ({
      key: `${e.id}-${e.rulLes}`,
      id: e.id,
      rulLes: e.rulLes,
      company: e.company.name,
      companyId: e.company.id,
    })),
  }), [rul]);

  async function remove() {
    const { deleteRul } = await dialogs();
    if (await deleteRul(rul)) void navigate(RUL_DELETED_PATH);
  }

  return (
    <>
      <dl className="detail-facts">
        <Fact label="LES">{rul.les}</Fact>
        <Fact label="Password">
          <code data-password="">{passwordShown ? rul.password : MASKED_PASSWORD}</code>
          <button
            type="button"
            className="secondary outline reveal"
            aria-label={passwordShown ? "Hide password" : "Show password"}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            {passwordShown ? "Hide" : "Show"}
          </button>
        </Fact>
        <Fact label="Customer name">{rul.customerName}</Fact>
        <Fact label="Customer company">
          {rul.company ? <a href={companyHref(rul.company)}>{rul.company.name}</a> : "—"}
        </Fact>
        <Fact label="Company name">{orDash(rul.companyName)}</Fact>
        <Fact label="Requester name">{orDash(rul.requesterName)}</Fact>
        <Fact label="Mail contact">
          {rul.mailContact ? <a href={`mailto:${rul.mailContact}`}>{rul.mailContact}</a> : "—"}
        </Fact>
        <Fact label="Phone contact">{orDash(rul.phoneContact)}</Fact>
        <Fact label="Comments">{orDash(rul.comments)}</Fact>
        <Fact label="Updated">{formatDateTime(rul.updated)}</Fact>
      </dl>
      <DetailActions onEdit={() => setEditing(true)} onDelete={remove} />

      <DetailSection
        id="rul-dnids"
        rowLabel={(r) => `dnid ${r.id}`}
        title="Dnids"
        rows={rows.dnids}
        rowKey={(r) => r.key}
        sortField="id"
        empty="No dnid uses this rul."
        columns={[
          {
            key: "id",
            label: "Id",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={`/management/dnids/${r.id}/${r.les}`}>{r.id}</a>,
          },
          { key: "les", label: "LES", sortable: true },
          {
            key: "company",
            label: "Company",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={companyHref({ id: r.companyId })}>{r.company}</a>,
          },
          { key: "tgid", label: "Tgid", sortable: true },
        ]}
      />
      <DetailSection
        id="rul-enids"
        rowLabel={(r) => `enid ${r.id}`}
        title="Enids"
        rows={rows.enids}
        rowKey={(r) => r.key}
        sortField="id"
        empty="No enid uses this rul."
        columns={[
          {
            key: "id",
            label: "Id",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={`/management/enid/${r.id}`}>{r.id}</a>,
          },
          { key: "rulLes", label: "LES", sortable: true },
          {
            key: "company",
            label: "Company",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={companyHref({ id: r.companyId })}>{r.company}</a>,
          },
        ]}
      />

      <Suspense fallback={null}>
        {mounted.edit && (
          <RulEditDialog
            rul={editing ? rul : null}
            onClose={() => setEditing(false)}
            onSaved={closeAndReload(() => setEditing(false))}
          />
        )}
      </Suspense>
    </>
  );
}
