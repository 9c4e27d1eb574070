/**
 * The dnid dialogs (static backdrop): add (both create variants; the number proposed is the last
 * dnid plus one), edit, LES details, and the confirmed delete. Loaded on first use by the dnid
 * islands. The form checks what the server checks (openapi/schemas/dnids/dnids.ts) before sending.
 */
import useSWR from "swr";
import { useProposedId } from "../../kit/form/proposed_id.ts";
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { FormDialog, useEditDialog } from "../../kit/dialog/FormDialog.tsx";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { Fact } from "../../kit/Fact.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { TgidPicker } from "../../kit/form/TgidPicker.tsx";
import { RulPicker } from "../rul/rul_picker.tsx";
import { useZodForm } from "../../kit/form/form.tsx";
import { confirm } from "../../runtime/confirm.ts";
import { call, client, messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { companyHierarchy, HIERARCHY_KEY } from "../../administration/users/user_api.ts";
import { CompanyTeamFields } from "../../administration/users/user_form.tsx";
import { dnidHref, dnidKey, type Station } from "./dnid_api.ts";
import { DEFAULT_LES } from "../../../openapi/enums.ts";
import {
  type Dnid,
  DNID_MESSAGES,
  type DnidForm,
  dnidRequest,
} from "../../../openapi/schemas/dnids/dnids.ts";

const loadForm = () =>
  import("../../../openapi/schemas/dnids/dnids.ts").then((m) => m.DnidFormSchema);

const EMPTY: DnidForm = {
  id: "",
  company: null,
  team: null,
  isNewTgid: false,
  tgid: null,
  tgidLabel: "",
  rul: null,
  carbonCopy: "",
  comments: "",
  comments2: "",
};

/** The form's values for an existing dnid. */
const formOf = (d: Dnid): DnidForm => ({
  id: String(d.id),
  company: d.company.id,
  team: d.team?.id ?? null,
  isNewTgid: false,
  tgid: d.tgid,
  tgidLabel: "",
  // The list's row knows the rul's number only: the picker shows that until another is chosen.
  rul: d.rulId === null ? null : { id: d.rulId, les: d.les, customerName: "" },
  carbonCopy: d.carbonCopy ?? "",
  comments: d.comments ?? "",
  comments2: d.comments2 ?? "",
});

type Form = ReturnType<typeof useZodForm<Awaited<ReturnType<typeof loadForm>>>>;

/** The fields both dialogs show; the number is fixed when editing. */
function DnidFields({ form, prefix, editing }: { form: Form; prefix: string; editing?: boolean }) {
  const hierarchy = useSWR(HIERARCHY_KEY, companyHierarchy);
  const v = form.values;
  const e = form.errors;
  return (
    <>
      <TextField
        label={`Dnid (LES ${DEFAULT_LES})`}
        name={`${prefix}-id`}
        inputMode="numeric"
        disabled={editing}
        value={v.id}
        onChange={(t) => form.set("id", t)}
        error={e.id}
      />
      <CompanyTeamFields
        companies={hierarchy.data}
        loadError={hierarchy.error}
        company={v.company}
        team={v.team}
        onChange={(company, team) => {
          form.set("company", company);
          form.set("team", team);
        }}
        error={e.company ?? e.team}
        idPrefix={`${prefix}-ct`}
      />
      <fieldset>
        <legend>Tgid</legend>
        <label>
          <input
            type="checkbox"
            role="switch"
            name={`${prefix}-new-tgid`}
            checked={v.isNewTgid}
            onChange={(ev) => form.set("isNewTgid", ev.currentTarget.checked)}
          />
          Create a new tgid for the team
        </label>
        {v.isNewTgid
          ? (
            <TextField
              label="New tgid's label"
              name={`${prefix}-tgid-label`}
              value={v.tgidLabel}
              onChange={(t) => form.set("tgidLabel", t)}
              error={e.tgidLabel}
            />
          )
          : (
            <TgidPicker
              name={`${prefix}-tgid`}
              value={v.tgid}
              onChange={(t) => form.set("tgid", t)}
              error={e.tgid}
            />
          )}
      </fieldset>
      <RulPicker
        name={`${prefix}-rul`}
        label="Rul (optional)"
        les={DEFAULT_LES}
        hint={`The remote user-login the dnid is registered under, on LES ${DEFAULT_LES}`}
        value={v.rul}
        onChange={(r) => form.set("rul", r)}
        error={e.rul}
      />
      <TextField
        label="Carbon copy"
        name={`${prefix}-cc`}
        value={v.carbonCopy}
        onChange={(t) => form.set("carbonCopy", t)}
        error={e.carbonCopy}
      />
      <TextField
        label="Comments"
        name={`${prefix}-comments`}
        value={v.comments}
        onChange={(t) => form.set("comments", t)}
        error={e.comments}
      />
      <TextField
        label="Comments 2"
        name={`${prefix}-comments2`}
        value={v.comments2}
        onChange={(t) => form.set("comments2", t)}
        error={e.comments2}
      />
    </>
  );
}

interface DnidCreateDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated?: (dnid: Dnid) => void;
  /** A number to propose instead of the last dnid plus one (the allocation page's choice). */
  proposed?: number;
}

export function DnidCreateDialog({ open, onClose, onCreated, proposed }: DnidCreateDialogProps) {
  const form = useZodForm(loadForm, EMPTY);
  // The number proposed: the allocation's choice, else the last dnid plus one.
  const propose = useProposedId(
    open,
    async () => proposed ?? (await call(client.GET("/rest/dnids/lastDnid"))).id + 1,
    { value: form.values.id, set: (id) => form.set("id", id) },
  );
  const close = () => {
    onClose();
    form.reset();
  };
  return (
    <CreateDialog<Dnid>
      open={open}
      title="New dnid"
      onClose={close}
      reset={() => {
        form.reset();
        propose();
      }}
      hrefOf={dnidHref}
      created={(d) => `Dnid ${d.id} created`}
      create={async () => {
        const data = await form.validate();
        if (data === null) return null;
        // Create sends immediate delivery 0, vms 0 and color null (management-routing §3).
        const body = dnidRequest(data, { immediateDelivery: false, vms: 0, color: null });
        const dnid = await call(client.POST("/rest/dnids/add", { body }));
        onCreated?.(dnid);
        return dnid;
      }}
    >
      <DnidFields form={form} prefix="dnid-new" />
    </CreateDialog>
  );
}

interface DnidEditDialogProps {
  dnid: Dnid | null;
  onClose: () => void;
  onSaved: (dnid: Dnid) => void;
}

export function DnidEditDialog({ dnid, onClose, onSaved }: DnidEditDialogProps) {
  const form = useZodForm(loadForm, EMPTY);
  const edit = useEditDialog(dnid, dnidKey, (d) => form.reset(formOf(d)), {
    onClose,
    onSaved: (saved: Dnid) => {
      toast("success", `Dnid ${saved.id} updated`);
      onSaved(saved);
    },
  });
  const save = form.onSubmit((data) =>
    void edit.save((d) => {
      const body = dnidRequest(data, {
        immediateDelivery: d.immediateDelivery === 1,
        vms: d.vms,
        color: d.color,
      });
      return call(client.POST("/rest/dnids/update", { body }));
    })
  );
  return (
    <FormDialog
      {...edit.dialog}
      title={dnid ? `Edit dnid ${dnid.id}` : "Edit dnid"}
      name="dnid-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <DnidFields form={form} prefix="dnid-edit" editing />
    </FormDialog>
  );
}

const STATE_LABEL = { active: "Active", inactive: "Inactive", unauthorized: "Not authorized" };

export function LesDetailsDialog(
  { station, onClose }: { station: Station | null; onClose: () => void },
) {
  return (
    <Dialog
      open={station !== null}
      title={station ? `LES details: dnid ${station.dnid}` : "LES details"}
      onClose={onClose}
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {station && (
        <>
          <dl className="detail-facts">
            <Fact label="Station">{station.lesName}</Fact>
            <Fact label="Rul">
              {station.rul ? `${station.rul.id} (${station.rul.customerName})` : "None"}
            </Fact>
            <Fact label="Store and push host">{station.storeNPushHost}</Fact>
            <Fact label="Registered">
              {new Date(station.registeredOn).toISOString().slice(0, 10)}
            </Fact>
          </dl>
          {station.members.length === 0
            ? <p className="muted">No terminal is registered on this dnid.</p>
            : (
              <table>
                <caption>Members at the station</caption>
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Mtl</th>
                    <th scope="col">State</th>
                    <th scope="col">Default dnid</th>
                  </tr>
                </thead>
                <tbody>
                  {station.members.map((m) => (
                    <tr key={`${m.member}-${m.mtl}`}>
                      <td>{m.member}</td>
                      <td>{m.mtl}</td>
                      <td>{STATE_LABEL[m.state]}</td>
                      <td>{m.defaultDnid ? "Yes" : "No"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
        </>
      )}
    </Dialog>
  );
}

/**
 * Asks, then deletes the dnid with its members, defaults and routing exceptions: the toast
 * "Dnid {id} deleted", or "Delete dnid error" with the server's message. True when it is gone.
 */
export async function deleteDnid(d: { id: number; les: number }): Promise<boolean> {
  const sure = await confirm({
    title: "Delete dnid",
    message: `Delete dnid ${d.id} (LES ${d.les})? Its member statuses, default terminals and ` +
      "routing exceptions are deleted with it.",
    confirmLabel: "Delete",
    danger: true,
  });
  if (!sure) return false;
  try {
    await call(client.POST("/rest/dnids/delete", { body: { id: d.id, les: d.les } }));
    toast("success", DNID_MESSAGES.deleted(d.id));
    return true;
  } catch (e) {
    toast("error", `${DNID_MESSAGES.deleteError}: ${messageOf(e)}`);
    return false;
  }
}
