/**
 * The terminal dialogs (static backdrop), loaded on first use by the terminal islands: add
 * terminal (any type with an add template), add existing terminal (Inmarsat C: a registered
 * mtl), add mobile terminal (administrators: registers an mtl), edit terminal (administrators,
 * the type's update template), edit label, the LES station details and send test message.
 * Toasts as the spec words them: 'Terminal added', 'InmarsatC with IMN created'.
 */
import { useState } from "react";
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { FormDialog, useEditDialog } from "../../kit/dialog/FormDialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { PromiseButton, usePromiseState } from "../../kit/form/PromiseButton.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { FieldTable, shown } from "../../kit/table/FieldTable.tsx";
import { call, client, messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import {
  blankTerminal,
  TemplateFields,
  TerminalCommonFields,
  terminalValues,
  useTerminalAddForm,
  useTerminalUpdateForm,
} from "./terminal_form.tsx";
import { mtlRowHref, terminalHref, type TerminalViewer } from "./terminal_api.ts";
import { dnidStatusState, INMARSAT_C_DEVICE_TYPE } from "../../../openapi/enums.ts";
import { type Terminal, TERMINAL_MESSAGES } from "../../../openapi/schemas/terminal/terminals.ts";
import {
  type Mtl,
  MTL_MESSAGES,
  type StationMtl,
  type TestMessageSent,
} from "../../../openapi/schemas/mtls.ts";
import type { MtlAddFormValues } from "../../../openapi/schemas/terminal/terminal_forms.ts";
import {
  templateDefaults,
  templateFor,
} from "../../../openapi/schemas/terminal/terminal_templates.ts";
import { ScrollBox } from "../../kit/table/ScrollBox.tsx";

const loadLabelForm = () =>
  import("../../../openapi/schemas/terminal/terminal_forms.ts").then((m) =>
    m.TerminalLabelFormSchema
  );
const loadMtlForm = () =>
  import("../../../openapi/schemas/terminal/terminal_forms.ts").then((m) => m.MtlAddFormSchema);

/** The types "Add terminal" offers: those with an add template; Inmarsat C for administrators only (they attach mtls). */
const addableTypes = (viewer: TerminalViewer) =>
  viewer.deviceTypes.filter((t) =>
    t.addForm && templateFor(t.id, "add") && (viewer.admin || t.id !== INMARSAT_C_DEVICE_TYPE)
  );

/** The type "Add terminal" starts with: the first addable one other than Inmarsat C. */
const firstType = (viewer: TerminalViewer) =>
  (addableTypes(viewer).find((t) => t.id !== INMARSAT_C_DEVICE_TYPE) ?? addableTypes(viewer)[0])
    ?.id ?? INMARSAT_C_DEVICE_TYPE;

const addFields = (deviceTypeId: number) => templateFor(deviceTypeId, "add") ?? [];

interface TerminalAddDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
  viewer: TerminalViewer;
  /**
   * "Add existing terminal": an Inmarsat C terminal for a registered mtl (the type is fixed;
   * `imn` fills its field, e.g. from the mtl's row).
   */
  existing?: { imn?: string };
}

/** "Add terminal" and "Add existing terminal": goes to the new terminal's page, or starts again. */
export function TerminalAddDialog(
  { open, onClose, onCreated, viewer, existing }: TerminalAddDialogProps,
) {
  const startType = existing ? INMARSAT_C_DEVICE_TYPE : firstType(viewer);
  const blank = () =>
    blankTerminal(startType, addFields(startType), existing?.imn ? { imn: existing.imn } : {});
  const form = useTerminalAddForm(blank());
  const [forImn, setForImn] = useState(existing?.imn);
  // Opened for another mtl's row: start from that imn.
  if (existing?.imn !== forImn) {
    setForImn(existing?.imn);
    form.reset(blank());
  }
  const deviceTypeId = Number(form.values.deviceTypeId);
  const fields = addFields(deviceTypeId);
  const close = () => {
    onClose();
    form.reset(blank());
  };
  return (
    <CreateDialog<Terminal>
      open={open}
      title={existing ? "Add existing terminal" : "Add terminal"}
      onClose={close}
      reset={() => form.reset(blank())}
      hrefOf={terminalHref}
      created={() => TERMINAL_MESSAGES.added}
      create={async () => {
        const body = await form.validate();
        if (body === null) return null;
        const terminal = await call(client.POST("/rest/terminal/addDevice", { body }));
        onCreated();
        return terminal;
      }}
    >
      {!existing && (
        <Field label="Device type" name="terminal-type">
          {(p) => (
            <select
              {...p}
              value={form.values.deviceTypeId}
              onChange={(e) => {
                const id = Number(e.currentTarget.value);
                form.set("deviceTypeId", String(id));
                form.set("items", templateDefaults(addFields(id)));
              }}
            >
              {addableTypes(viewer).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </select>
          )}
        </Field>
      )}
      <TemplateFields fields={fields} form={form} />
      <TerminalCommonFields form={form} prefix="terminal-new" />
    </CreateDialog>
  );
}

interface TerminalEditDialogProps {
  /** The terminal being edited (as GET /rest/terminal/get answers it); null when closed. */
  terminal: Terminal | null;
  onClose: () => void;
  onSaved: () => void;
}

/** "Edit" (administrators): the type's update template, tgid, label and transmission. */
export function TerminalEditDialog({ terminal, onClose, onSaved }: TerminalEditDialogProps) {
  const fields = terminal ? templateFor(terminal.deviceTypeId, "update") ?? [] : [];
  const form = useTerminalUpdateForm(blankTerminal(0, []));
  const edit = useEditDialog(
    terminal,
    (t) => t.deviceId,
    (t) => form.reset(terminalValues(t, templateFor(t.deviceTypeId, "update") ?? [])),
    {
      onClose,
      onSaved: () => {
        toast("success", "Terminal updated");
        onSaved();
      },
    },
  );
  const save = form.onSubmit(async (body) => {
    await edit.save(() => call(client.POST("/rest/terminal/updateDevice", { body })));
  });
  return (
    <FormDialog
      {...edit.dialog}
      title={terminal
        ? `Edit ${terminal.deviceType.name} terminal ${terminal.deviceLabel || terminal.deviceId}`
        : "Edit terminal"}
      name="terminal-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <TemplateFields fields={fields} form={form} />
      <TerminalCommonFields form={form} prefix="terminal-edit" />
    </FormDialog>
  );
}

/** Whose label "Edit label" changes: an Inmarsat C mtl's (by imn) or another terminal's. */
export type LabelTarget =
  | { imn: string; label: string | null }
  | { deviceId: number; label: string | null };

/** "Edit label": POST /rest/mtls/updateLabel for Inmarsat C, /rest/terminal/updateLabel else. */
export function LabelDialog(
  { target, onClose, onSaved }: {
    target: LabelTarget | null;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const form = useZodForm(loadLabelForm, { label: "" });
  const edit = useEditDialog(
    target,
    (t) => "imn" in t ? `mtl-${t.imn}` : `terminal-${t.deviceId}`,
    (t) => form.reset({ label: t.label ?? "" }),
    {
      onClose,
      onSaved: () => {
        toast("success", TERMINAL_MESSAGES.labelUpdated);
        onSaved();
      },
    },
  );
  const save = form.onSubmit(async ({ label }) => {
    await edit.save((t) =>
      "imn" in t
        ? call(client.POST("/rest/mtls/updateLabel", { body: { imn: t.imn, label } }))
        : call(client.POST("/rest/terminal/updateLabel", {
          body: { deviceId: t.deviceId, label },
        }))
    );
  });
  return (
    <FormDialog
      {...edit.dialog}
      title="Edit label"
      name="terminal-label"
      submitLabel="Save"
      onSubmit={save}
    >
      <TextField
        label="Label"
        name="terminal-label-text"
        value={form.values.label}
        onChange={(t) => form.set("label", t)}
        error={form.errors.label}
      />
    </FormDialog>
  );
}

const EMPTY_MTL: MtlAddFormValues = {
  imn: "",
  serial: "",
  model: "",
  fwdId: "",
  deviceLabel: "",
  updateDate: "",
};
const MTL_FIELDS = [
  ["imn", "IMN", "numeric"],
  ["serial", "Serial", undefined],
  ["model", "Model", undefined],
  ["fwdId", "Forward id", undefined],
  ["deviceLabel", "Label", undefined],
] as const;

/**
 * "Add mobile terminal" (administrators): registers an Inmarsat C mtl, which then waits in the
 * Inmarsat C tab for "Add existing terminal". Create shows its row there.
 */
export function MtlAddDialog(
  { open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void },
) {
  const form = useZodForm(loadMtlForm, EMPTY_MTL);
  const close = () => {
    onClose();
    form.reset();
  };
  return (
    <CreateDialog<Mtl>
      open={open}
      title="Add mobile terminal"
      onClose={close}
      reset={() => form.reset()}
      hrefOf={(m) => mtlRowHref(m.imn)}
      created={() => MTL_MESSAGES.created}
      create={async () => {
        const body = await form.validate();
        if (body === null) return null;
        const mtl = await call(client.POST("/rest/mtls/addMtl", { body }));
        onCreated();
        return mtl;
      }}
    >
      {MTL_FIELDS.map(([key, label, mode]) => (
        <TextField
          key={key}
          label={label}
          name={`mtl-new-${key}`}
          inputMode={mode}
          value={form.values[key]}
          onChange={(t) => form.set(key, t)}
          error={form.errors[key]}
        />
      ))}
      <TextField
        label="Registered (UTC, optional)"
        name="mtl-new-updateDate"
        type="datetime-local"
        value={form.values.updateDate}
        onChange={(t) => form.set("updateDate", t)}
        error={form.errors.updateDate}
      />
    </CreateDialog>
  );
}

/** "LES station details": what the land earth station holds for the mtl, and its dnids. */
export function StationDialog(
  { station, onClose }: { station: StationMtl | null; onClose: () => void },
) {
  return (
    <Dialog
      open={station !== null}
      title={station ? `LES station details of ${station.imn}` : "LES station details"}
      onClose={onClose}
      dismissible={false}
      wide
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {station && (
        <>
          <FieldTable
            name="station"
            rows={[
              ["IMN", station.imn],
              ["Serial", shown(station.serial)],
              ["Model", shown(station.model)],
              ["LES", station.les],
              ["Ocean region", shown(station.oceanRegion)],
              ["MTL", station.mtl],
              ["Valid", station.isValid ? "Yes" : "No"],
              ["Mini-C", station.miniC ? "Yes" : "No"],
              ["Status", station.status],
              ["Last login (UTC)", shown(formatDateTime(station.lastLogin))],
              ["Last logout (UTC)", shown(formatDateTime(station.lastLogout))],
            ]}
          />
          <h3>Dnids</h3>
          {station.dnids.length === 0
            ? <p className="muted">Member of no dnid.</p>
            : (
              <ScrollBox label="Dnids">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Dnid</th>
                      <th scope="col">LES</th>
                      <th scope="col">Member</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {station.dnids.map((d) => (
                      <tr key={`${d.dnid}-${d.les}-${d.member}`}>
                        <td>{d.dnid}</td>
                        <td>{d.les}</td>
                        <td>{d.member}</td>
                        <td>{`${d.status} (${dnidStatusState(d.status)})`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
            )}
        </>
      )}
    </Dialog>
  );
}

/**
 * "Send test message": asks, then records a test message to the terminal through the command
 * path and shows the command list it is in; a failure shows the server's message here (§8).
 */
export function TestMessageDialog({ imn, onClose }: { imn: string | null; onClose: () => void }) {
  const run = usePromiseState();
  const [sent, setSent] = useState<TestMessageSent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [forImn, setForImn] = useState<string | null>(null);
  if (imn !== forImn) {
    // Each opening starts at the question.
    setForImn(imn);
    setSent(null);
    setError(null);
  }
  async function send() {
    if (!imn) return;
    setError(null);
    try {
      setSent(
        await run.run(() => call(client.POST("/rest/mtls/sendTestMessage", { body: { id: imn } }))),
      );
    } catch (e) {
      setError(messageOf(e));
    }
  }
  return (
    <Dialog
      open={imn !== null}
      title="Send test message"
      onClose={onClose}
      dismissible={false}
      footer={sent ? <button type="button" onClick={onClose}>Close</button> : (
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <PromiseButton type="button" state={run.state} onClick={send}>Send</PromiseButton>
        </>
      )}
    >
      {sent
        ? (
          <p data-test-message-sent="">
            The test message to {imn} is recorded in{" "}
            <a href={`/management/list/${sent.listId}`}>command list {sent.listId}</a> (command{" "}
            {sent.groupId}/{sent.itemId}).
          </p>
        )
        : <p>Send a test message to the Inmarsat C terminal {imn}?</p>}
      {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
    </Dialog>
  );
}
