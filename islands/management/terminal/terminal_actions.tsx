/**
 * What can be done with a terminal, by its device type and the user's role (management-routing
 * §6), for the list's row menu and the terminal page's buttons alike, and the dialogs that do it
 * (loaded on first use):
 * - Inmarsat C: Open, LES station details, Get serial (the page has it next to the serial),
 *   Send test message, Edit label; Delete for administrators (an mtl row: the mtl with its
 *   terminal; a terminal: the terminal, its mtl staying registered); an mtl without a terminal
 *   offers "Add as terminal".
 * - Other types: administrators get Open, Edit and Delete (Delete only where the type is
 *   deletable: not VSAT nor the default); other users get Open and Edit label.
 * - Shout and Iridium trackers also offer "Tracking…" to every user who may command them
 *   (decision 0011): after Open, before the edits.
 * The writes and sends (Tracking…, Send test message, Edit label) only where the answer's `mayEdit`
 * says the user may: not on a tgid merely shared with a client's company, which it reads only (the
 * server would answer 404); reading (Open, LES station details, Get serial) stays.
 */
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { MenuItem } from "../../kit/ContextMenu.tsx";
import { useMounted } from "../../kit/lazy.ts";
import { messageOf } from "../../runtime/api.ts";
import { navigate } from "../../runtime/navigate.ts";
import { toast } from "../../runtime/toasts.ts";
import {
  deleteMtl,
  deleteTerminal,
  getSerial,
  getTerminal,
  isInmarsatC,
  mayDelete,
  openStation,
  serialChanged,
  type SerialResult,
  terminalHref,
  type TerminalViewer,
} from "./terminal_api.ts";
import type { LabelTarget } from "./terminal_dialogs.tsx";
import type { Terminal } from "../../../openapi/schemas/terminal/terminals.ts";
import type { StationMtl } from "../../../openapi/schemas/mtls.ts";
import { isTrackerType } from "../../../openapi/enums.ts";

const dialogs = () => import("./terminal_dialogs.tsx");
const TerminalAddDialog = lazy(() => dialogs().then((m) => ({ default: m.TerminalAddDialog })));
const TerminalEditDialog = lazy(() => dialogs().then((m) => ({ default: m.TerminalEditDialog })));
const MtlAddDialog = lazy(() => dialogs().then((m) => ({ default: m.MtlAddDialog })));
const LabelDialog = lazy(() => dialogs().then((m) => ({ default: m.LabelDialog })));
const StationDialog = lazy(() => dialogs().then((m) => ({ default: m.StationDialog })));
const TestMessageDialog = lazy(() => dialogs().then((m) => ({ default: m.TestMessageDialog })));
const commandDialogs = () => import("./terminal_command_dialogs.tsx");
const TrackingDialog = lazy(() => commandDialogs().then((m) => ({ default: m.TrackingDialog })));
const SerialDialog = lazy(() => commandDialogs().then((m) => ({ default: m.SerialDialog })));

/** A terminal as the menus see it: an mtl row, a terminal row or a terminal page. */
interface TerminalRef {
  /** Null: an mtl registered without a terminal yet. */
  deviceId: number | null;
  deviceTypeId: number;
  /** Inmarsat C: the mtl's imn. */
  imn: string | null;
  label: string | null;
  /** Inmarsat C: the serial the row or page shows ("Get serial" compares with it). */
  serial?: string | null;
  /**
   * The user may change it and send to it (the answer's `mayEdit`): false on a tgid merely shared
   * with a client's company.
   */
  mayEdit: boolean;
}

interface TerminalActionsOptions {
  /** After a change (a label, an edit, a new terminal or mtl). */
  changed: () => void;
  /** After a delete. */
  deleted: () => void;
}

type Adding = "terminal" | "existing" | "mtl" | null;

export function useTerminalActions(viewer: TerminalViewer, on: TerminalActionsOptions) {
  const [adding, setAdding] = useState<Adding>(null);
  const [existingImn, setExistingImn] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<Terminal | null>(null);
  const [labelling, setLabelling] = useState<LabelTarget | null>(null);
  const [station, setStation] = useState<StationMtl | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [tracking, setTracking] = useState<Terminal | null>(null);
  const [serial, setSerial] = useState<SerialResult | null>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({
    terminal: adding === "terminal",
    existing: adding === "existing",
    mtl: adding === "mtl",
    edit: editing !== null,
    label: labelling !== null,
    station: station !== null,
    test: testing !== null,
    tracking: tracking !== null,
    serial: serial !== null,
  });
  const closeAdd = () => setAdding(null);

  /** The terminal as the server has it now (items, canned messages, mtl, tracking). */
  const fresh = (deviceId: number, open: (t: Terminal) => void) =>
    void getTerminal(deviceId).then(open).catch((e) => toast("error", messageOf(e)));
  /** "Edit" and "Tracking…" open with the terminal as the server has it now. */
  const edit = (deviceId: number) => fresh(deviceId, setEditing);

  /** "Get serial": the mtl's serial now, against what the screen shows (a failure toasts). */
  const readSerial = (
    imn: string,
    shown: string | null | undefined,
    shownOn: SerialResult["shownOn"],
  ) => getSerial(imn).then((answer) => setSerial({ answer, shown, shownOn }));

  /** An mtl row deletes the mtl (with its terminal); a terminal deletes the terminal alone. */
  const remove = async (t: TerminalRef, mtlRow?: boolean) => {
    const gone = mtlRow && t.imn
      ? await deleteMtl({ imn: t.imn })
      : t.deviceId !== null && await deleteTerminal({ ...t, deviceId: t.deviceId });
    if (gone) on.deleted();
  };

  /**
   * The entries for `t`: `withOpen` in the list (its page), `withEdit` on the page itself,
   * `mtlRow` for a row of the Inmarsat C tab (an mtl, deleted with its terminal), `withSerial`
   * where "Get serial" is an entry (the page has it next to the serial instead).
   */
  function actions(
    t: TerminalRef,
    opts: { withOpen?: boolean; withEdit?: boolean; mtlRow?: boolean; withSerial?: boolean } = {},
  ) {
    const items: MenuItem[] = [];
    const { deviceId, imn } = t;
    if (opts.withOpen) {
      items.push({
        label: "Open",
        disabled: deviceId === null,
        onSelect: () => deviceId !== null && void navigate(terminalHref({ deviceId })),
      });
    }
    const editEntry = () => ({
      label: "Edit",
      disabled: deviceId === null,
      onSelect: () => deviceId !== null && edit(deviceId),
    });
    const labelEntry = (target: LabelTarget) => ({
      label: "Edit label",
      onSelect: () => setLabelling(target),
    });
    const deleteEntry = { label: "Delete", onSelect: () => void remove(t, opts.mtlRow) };
    if (deviceId !== null && isTrackerType(t.deviceTypeId) && t.mayEdit) {
      items.push({ label: "Tracking…", onSelect: () => fresh(deviceId, setTracking) });
    }
    if (isInmarsatC(t) && imn) {
      items.push(
        { label: "LES station details", onSelect: () => void openStation(imn, setStation) },
        ...opts.withSerial
          ? [{
            label: "Get serial",
            onSelect: () => void readSerial(imn, t.serial, "list").catch(() => {}),
          }]
          : [],
      );
      if (t.mayEdit) {
        items.push({
          label: "Send test message",
          disabled: deviceId === null,
          onSelect: () => setTesting(imn),
        });
      }
      if (viewer.admin && opts.withEdit) items.push(editEntry());
      if (t.mayEdit) items.push(labelEntry({ imn, label: t.label }));
      if (viewer.admin && deviceId === null) {
        items.push({
          label: "Add as terminal",
          onSelect: () => {
            setExistingImn(imn);
            setAdding("existing");
          },
        });
      }
      if (viewer.admin) items.push(deleteEntry);
    } else if (viewer.admin) {
      items.push(editEntry());
      if (mayDelete(viewer, t.deviceTypeId)) items.push(deleteEntry);
    } else if (deviceId !== null && t.mayEdit) {
      items.push(labelEntry({ deviceId, label: t.label }));
    }
    return items;
  }

  const dialogsNode: ReactNode = (
    <Suspense fallback={null}>
      {mounted.terminal && (
        <TerminalAddDialog
          open={adding === "terminal"}
          onClose={closeAdd}
          onCreated={on.changed}
          viewer={viewer}
        />
      )}
      {mounted.existing && (
        <TerminalAddDialog
          open={adding === "existing"}
          onClose={() => {
            closeAdd();
            setExistingImn(undefined);
          }}
          onCreated={on.changed}
          viewer={viewer}
          existing={{ imn: existingImn }}
        />
      )}
      {mounted.mtl && (
        <MtlAddDialog open={adding === "mtl"} onClose={closeAdd} onCreated={on.changed} />
      )}
      {mounted.edit && (
        <TerminalEditDialog
          terminal={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            on.changed();
          }}
        />
      )}
      {mounted.label && (
        <LabelDialog
          target={labelling}
          onClose={() => setLabelling(null)}
          onSaved={() => {
            setLabelling(null);
            on.changed();
          }}
        />
      )}
      {mounted.station && <StationDialog station={station} onClose={() => setStation(null)} />}
      {mounted.test && <TestMessageDialog imn={testing} onClose={() => setTesting(null)} />}
      {mounted.tracking && (
        <TrackingDialog
          terminal={tracking}
          onClose={(sent) => {
            setTracking(null);
            if (sent) on.changed();
          }}
        />
      )}
      {mounted.serial && (
        <SerialDialog
          result={serial}
          onClose={() => {
            // A serial other than the one shown: the screen is out of date.
            if (serial && serialChanged(serial)) on.changed();
            setSerial(null);
          }}
        />
      )}
    </Suspense>
  );

  return {
    actions,
    /** "Get serial" next to a page's serial field: resolves once shown, rejects on failure. */
    readSerial,
    /** The add buttons' actions ("Add mobile terminal" is for administrators). */
    add: {
      terminal: () => setAdding("terminal"),
      existing: () => setAdding("existing"),
      mtl: () => setAdding("mtl"),
    },
    dialogs: dialogsNode,
  };
}

/** The page's add buttons: Add terminal, Add existing terminal, Add mobile terminal (admins). */
export function AddButtons(
  { admin, add }: { admin: boolean; add: ReturnType<typeof useTerminalActions>["add"] },
) {
  return (
    <div className="admin-actions">
      <button type="button" onClick={add.terminal}>Add terminal</button>
      {admin && (
        <>
          <button type="button" className="secondary" onClick={add.existing}>
            Add existing terminal
          </button>
          <button type="button" className="secondary" onClick={add.mtl}>
            Add mobile terminal
          </button>
        </>
      )}
    </div>
  );
}
