/**
 * A terminal's page (/management/terminal/{deviceId}): its facts, the actions its device type
 * and the user's role allow (./terminal_actions.tsx; Edit too for administrators), the
 * transmission configuration (the frequency by its label; a tracker's tracking, as the commands
 * sent to it tell), an Inmarsat C terminal's mtl (Get serial next to its serial), the item logs
 * (DATE items and the login/logout/NCS times as dates, ARRAY items as lists) and Iritrack's ten
 * canned messages.
 */
import { type ReactNode, useMemo } from "react";
import { Fact } from "../../kit/Fact.tsx";
import { DetailSection } from "../../kit/DetailSection.tsx";
import { formatDateTime, yesNo } from "../../kit/format.ts";
import { shown } from "../../kit/table/FieldTable.tsx";
import { PromiseButton, usePromiseState } from "../../kit/form/PromiseButton.tsx";
import { navigate, reloadPage } from "../../runtime/navigate.ts";
import { useTerminalActions } from "./terminal_actions.tsx";
import { TrackingFacts } from "./terminal_tracking.tsx";
import { isInmarsatC, TERMINAL_LIST_HREF, type TerminalViewer } from "./terminal_api.ts";
import { REGIONS, TRACKING_FREQUENCIES } from "../../../openapi/enums.ts";
import { CANNED_MESSAGES_ITEM, itemTypeOf } from "../../../openapi/item_logs.ts";
import type { Terminal, TerminalItem } from "../../../openapi/schemas/terminal/terminals.ts";
import type { Mtl } from "../../../openapi/schemas/mtls.ts";
import { ScrollBox } from "../../kit/table/ScrollBox.tsx";

export interface TerminalDetailProps {
  terminal: Terminal;
  viewer: TerminalViewer;
}

/** An ARRAY item's entries (a JSON list); anything else is one entry. */
function entriesOf(value: string): string[] {
  try {
    const list: unknown = JSON.parse(value);
    if (Array.isArray(list)) return list.map((v) => typeof v === "string" ? v : JSON.stringify(v));
  } catch { /* not JSON: shown as it is */ }
  return [value];
}

/** An item log's value as text: dates in UTC, booleans as Yes/No, lists comma-separated. */
function itemText(item: TerminalItem): string {
  if (item.value === null || item.value === "") return "—";
  switch (itemTypeOf(item.name, item.type)) {
    case "DATE":
      return formatDateTime(item.value);
    case "BOOLEAN":
      return item.value === "true" ? "Yes" : item.value === "false" ? "No" : item.value;
    case "ARRAY":
      return entriesOf(item.value).filter(Boolean).join(", ") || "—";
    default:
      return item.value;
  }
}

function itemCell(item: TerminalItem): ReactNode {
  if (itemTypeOf(item.name, item.type) !== "ARRAY" || !item.value) return itemText(item);
  const entries = entriesOf(item.value).filter(Boolean);
  return entries.length === 0
    ? "—"
    : <ul className="item-list">{entries.map((e, i) => <li key={i}>{e}</li>)}</ul>;
}

/** The mtl's serial with "Get serial" beside it (a promise button: progress, then ✓ or ✗). */
function SerialFact(
  { mtl, read }: {
    mtl: Mtl;
    read: (imn: string, shown: string | null, shownOn: "page") => Promise<void>;
  },
) {
  const run = usePromiseState();
  return (
    <Fact label="Serial">
      <span className="fact-with-action">
        <span data-serial="">{shown(mtl.serial)}</span>
        <PromiseButton
          type="button"
          className="secondary outline"
          state={run.state}
          onClick={() => void run.run(() => read(mtl.imn, mtl.serial, "page")).catch(() => {})}
        >
          Get serial
        </PromiseButton>
      </span>
    </Fact>
  );
}

export default function TerminalDetail({ terminal: t, viewer }: TerminalDetailProps) {
  const reload = () => void reloadPage();
  const terminals = useTerminalActions(viewer, {
    changed: reload,
    deleted: () => void navigate(TERMINAL_LIST_HREF),
  });
  const actions = terminals.actions({
    deviceId: t.deviceId,
    deviceTypeId: t.deviceTypeId,
    imn: isInmarsatC(t) ? t.mtl?.imn ?? t.terminalSpecificIdentifier : null,
    label: t.deviceLabel,
    serial: t.mtl?.serial,
    mayEdit: t.mayEdit,
  }, { withEdit: true });
  // Iritrack's canned messages have a section of their own.
  const items = useMemo(
    () =>
      t.items.filter((i) => !(t.cannedMessages && i.name === CANNED_MESSAGES_ITEM))
        .map((i) => ({ ...i, shown: itemText(i), type: itemTypeOf(i.name, i.type) })),
    [t.items],
  );
  const frequency = TRACKING_FREQUENCIES[t.trackingFrequency as keyof typeof TRACKING_FREQUENCIES];

  return (
    <>
      <dl className="detail-facts">
        <Fact label="Device type">{t.deviceType.name}</Fact>
        <Fact label="Label">{shown(t.deviceLabel)}</Fact>
        <Fact label="Identifier">{shown(t.terminalSpecificIdentifier)}</Fact>
        <Fact label="Tgid">
          {viewer.admin
            ? <a href={`/management/tgid/${t.tgid.id}`}>{`${t.tgid.label} (${t.tgid.id})`}</a>
            : `${t.tgid.label} (${t.tgid.id})`}
        </Fact>
        <Fact label="Updated (UTC)">{formatDateTime(t.updateDate)}</Fact>
      </dl>
      {actions.length > 0 && (
        <div className="admin-actions" data-terminal-actions="">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              className={a.label === "Delete" ? "contrast outline" : "secondary"}
              disabled={a.disabled}
              onClick={a.onSelect}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}

      <section className="detail-section" aria-labelledby="terminal-transmission-title">
        <h2 id="terminal-transmission-title">Transmission configuration</h2>
        <dl className="detail-facts">
          <Fact label="Tracking frequency">{frequency ?? `${t.trackingFrequency} s`}</Fact>
          <Fact label="Transmit when nothing changed">{yesNo(t.transmitNoChangeEnabled)}</Fact>
          <Fact label="Transmit on update">{yesNo(t.transmitOnUpdateEnabled)}</Fact>
          <Fact label="Fast tracking">{yesNo(t.fastTrackingEnabled)}</Fact>
          {t.tracking && <TrackingFacts tracking={t.tracking} />}
        </dl>
      </section>

      {t.mtl && (
        <section className="detail-section" aria-labelledby="terminal-mtl-title">
          <h2 id="terminal-mtl-title">Mobile terminal (mtl)</h2>
          <dl className="detail-facts" data-terminal-mtl="">
            <Fact label="IMN">{t.mtl.imn}</Fact>
            <SerialFact mtl={t.mtl} read={terminals.readSerial} />
            <Fact label="Model">{shown(t.mtl.model)}</Fact>
            <Fact label="Forward id">{shown(t.mtl.fwdId)}</Fact>
            <Fact label="MTL">{t.mtl.mtl}</Fact>
            <Fact label="Region">
              {t.mtl.region === null
                ? "—"
                : REGIONS[t.mtl.region as keyof typeof REGIONS] ?? String(t.mtl.region)}
            </Fact>
            <Fact label="Valid">{yesNo(t.mtl.isValid)}</Fact>
            <Fact label="Mini-C">{yesNo(t.mtl.miniC)}</Fact>
          </dl>
        </section>
      )}

      <DetailSection
        id="terminal-items"
        title="Item logs"
        rows={items}
        rowKey={(i) => i.name}
        rowLabel={(i) => `item ${i.label}`}
        sortField="label"
        empty="No item log."
        columns={[
          { key: "label", label: "Label", sortable: true, filter: { kind: "text" } },
          { key: "type", label: "Type", sortable: true },
          { key: "shown", label: "Value", render: itemCell },
        ]}
      />

      {t.cannedMessages && (
        <section className="detail-section" aria-labelledby="terminal-canned-title">
          <h2 id="terminal-canned-title">Canned messages</h2>
          <ScrollBox label="Canned messages">
            <table data-table="terminal-canned">
              <thead>
                <tr>
                  <th scope="col">Slot</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {t.cannedMessages.map((message, slot) => (
                  <tr key={slot} data-row={slot}>
                    <td>{slot}</td>
                    <td>{message || <span className="muted">(empty)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>
      )}
      {terminals.dialogs}
    </>
  );
}
