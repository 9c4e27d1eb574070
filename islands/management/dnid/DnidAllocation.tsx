/**
 * Dnid allocation (/management/dnid/allocation). An administrator sees a range of numbers on
 * LES 21, each shown free or allocated (to a company, team and tgid); "Allocate" on a free number
 * opens the add dialog with that number, where the company, team and tgid (existing or new) are
 * chosen. A client sees which numbers of the range its company holds, per LES, and nothing of
 * other companies' numbers (not even whether one is free: docs/decisions/0010). The range is in
 * the URL (?from&to), so it can be shared and survives a reload.
 */
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { useMounted } from "../../kit/lazy.ts";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { navigate } from "../../runtime/navigate.ts";
import { dnidHref } from "./dnid_api.ts";
import { DEFAULT_LES, FORBIDDEN_DNID } from "../../../openapi/enums.ts";
import type { DnidAllocation as Allocation } from "../../../openapi/schemas/dnids/dnids.ts";
import { ScrollBox } from "../../kit/table/ScrollBox.tsx";

const dialogs = () => import("./dnid_dialogs.tsx");
const DnidCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.DnidCreateDialog })));

export interface DnidAllocationProps {
  allocation: Allocation;
  /** Every company's numbers, the free ones and "Allocate"; else the company's own numbers. */
  admin: boolean;
}

type Allocated = Allocation["allocated"][number];
type Slot =
  | { id: number; kind: "free" }
  | { id: number; kind: "forbidden" }
  | { id: number; kind: "allocated"; dnid: Allocated };

const go = (a: number, b: number) =>
  void navigate(`/management/dnid/allocation?from=${Math.max(1, a)}&to=${Math.max(1, b)}`);

/** A client's numbers a page. */
const OWN_PAGE_SIZE = 25;

const tgidText = (d: Allocated) => d.tgid ? `${d.tgid.label} (${d.tgid.id})` : "";

/** The range's fields: From, To, Show. */
function RangeForm({ from, to }: { from: number; to: number }) {
  return (
    <form
      className="allocation-range grid"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        go(Number(data.get("from")), Number(data.get("to")));
      }}
    >
      <label>
        From
        <input name="from" type="number" min={1} defaultValue={from} key={`f${from}`} />
      </label>
      <label>
        To
        <input name="to" type="number" min={1} defaultValue={to} key={`t${to}`} />
      </label>
      <button type="submit">Show</button>
    </form>
  );
}

/** Previous and Next ranges of the same size, and `children` beside them. */
function RangeSteps({ from, to, children }: { from: number; to: number; children?: ReactNode }) {
  const span = to - from + 1;
  return (
    <div className="admin-actions">
      <button type="button" className="secondary" onClick={() => go(from - span, from - 1)}>
        Previous {span}
      </button>
      <button type="button" className="secondary" onClick={() => go(to + 1, to + span)}>
        Next {span}
      </button>
      {children}
    </div>
  );
}

export default function DnidAllocation({ allocation, admin }: DnidAllocationProps) {
  return admin ? <EveryNumber allocation={allocation} /> : <OwnNumbers allocation={allocation} />;
}

/** A client's view: its company's dnids in the range, by number and LES, a page at a time. */
function OwnNumbers({ allocation }: { allocation: Allocation }) {
  const { from, to } = allocation;
  const rows = useMemo(() =>
    allocation.allocated.map((d) => ({
      key: `${d.id}-${d.les}`,
      id: d.id,
      les: d.les,
      team: d.team?.name ?? "",
      tgid: tgidText(d),
    })), [allocation]);
  return (
    <>
      <RangeForm from={from} to={to} />
      <RangeSteps from={from} to={to} />
      <DetailSection
        id="own-dnids"
        title={`Your company's dnids from ${from} to ${to}`}
        rows={rows}
        rowKey={(r) => r.key}
        rowLabel={(r) => `dnid ${r.id} (LES ${r.les})`}
        sortField="id"
        pageSize={OWN_PAGE_SIZE}
        empty="Your company holds no dnid in this range."
        columns={[
          {
            key: "id",
            label: "Dnid",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={dnidHref(r)}>{r.id}</a>,
          },
          { key: "les", label: "LES", sortable: true, filter: { kind: "text" } },
          { key: "team", label: "Team", sortable: true, filter: { kind: "text" } },
          { key: "tgid", label: "Tgid", sortable: true, filter: { kind: "text" } },
        ]}
      />
    </>
  );
}

/** An administrator's view: every number of the range on LES 21, free, forbidden or whose. */
function EveryNumber({ allocation }: { allocation: Allocation }) {
  const { from, to } = allocation;
  const [freeOnly, setFreeOnly] = useState(false);
  const [allocating, setAllocating] = useState<number | null>(null);
  const mounted = useMounted({ create: allocating !== null });
  const span = to - from + 1;

  const slots = useMemo<Slot[]>(() => {
    const byId = new Map(
      allocation.allocated.filter((d) => d.les === DEFAULT_LES).map((d) => [d.id, d]),
    );
    return Array.from({ length: span }, (_, i): Slot => {
      const id = from + i;
      const dnid = byId.get(id);
      return dnid
        ? { id, kind: "allocated", dnid }
        : id === FORBIDDEN_DNID
        ? { id, kind: "forbidden" }
        : { id, kind: "free" };
    });
  }, [allocation]);
  const shown = freeOnly ? slots.filter((s) => s.kind === "free") : slots;
  // An administrator's answer always has it (a client's has not).
  const last = allocation.lastDnid ?? 0;

  return (
    <>
      <RangeForm from={from} to={to} />
      <p>
        <strong>{allocation.free}</strong> of {span} numbers free on LES {DEFAULT_LES} from {from}
        {" "}
        to {to}. The last dnid is <strong>{last}</strong>.{" "}
        <button
          type="button"
          className="secondary outline"
          onClick={() => setAllocating(last + 1)}
        >
          Allocate {last + 1}
        </button>
      </p>
      <RangeSteps from={from} to={to}>
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={freeOnly}
            onChange={(e) => setFreeOnly(e.currentTarget.checked)}
          />
          Free numbers only
        </label>
      </RangeSteps>
      <ScrollBox label={`Dnids ${from} to ${to}`}>
        <table className="allocation">
          <caption>Dnids {from} to {to}</caption>
          <thead>
            <tr>
              <th scope="col">Dnid</th>
              <th scope="col">State</th>
              <th scope="col">Company</th>
              <th scope="col">Team</th>
              <th scope="col">Tgid</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.id} data-state={s.kind}>
                <th scope="row">
                  {s.kind === "allocated" ? <a href={dnidHref(s.dnid)}>{s.id}</a> : s.id}
                </th>
                <td>
                  {s.kind === "allocated"
                    ? <span className="status success">Allocated</span>
                    : s.kind === "forbidden"
                    ? <span className="status danger">Forbidden</span>
                    : <span className="status pending">Free</span>}
                </td>
                <td>{s.kind === "allocated" ? s.dnid.company.name : ""}</td>
                <td>{s.kind === "allocated" ? s.dnid.team?.name ?? "" : ""}</td>
                <td>{s.kind === "allocated" ? tgidText(s.dnid) : ""}</td>
                <td>
                  {s.kind === "free" && (
                    <button
                      type="button"
                      className="secondary outline"
                      aria-label={`Allocate dnid ${s.id}`}
                      onClick={() => setAllocating(s.id)}
                    >
                      Allocate
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <Suspense fallback={null}>
        {mounted.create && (
          <DnidCreateDialog
            open={allocating !== null}
            proposed={allocating ?? undefined}
            onClose={() => setAllocating(null)}
          />
        )}
      </Suspense>
    </>
  );
}
