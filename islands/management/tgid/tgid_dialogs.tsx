/**
 * The tgid dialogs (static backdrop, administrators): add (a label and the owning team: a tgid
 * needs a team), edit (the label), manage teams, and delete — which lists what still uses the
 * tgid (dnids, terminals, routes by protocol) and shows the server's refusal, 'Please, delete
 * the listed dnids, terminals and routes (ftp, smtp, tcp, ws) first'. Toasts: "Tgid created",
 * "Tgid deleted". Loaded on first use by the tgid islands.
 */
import { useEffect, useState } from "react";
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { FormDialog, useEditDialog, useSubmit } from "../../kit/dialog/FormDialog.tsx";
import { useZodForm } from "../../kit/form/form.tsx";
import { MultiSelect, type Option } from "../../kit/form/MultiSelect.tsx";
import { PromiseButton } from "../../kit/form/PromiseButton.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { call, client, messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { searchTeamChoices } from "../enid/enid_api.ts";
import { dnidHref } from "../dnid/dnid_api.ts";
import { TeamListDialog } from "../team_list_dialog.tsx";
import { getTgidTeams, saveTgidTeams, tgidHref, tgidTeamOption } from "./tgid_api.ts";
import type { Tgid, TgidDetails } from "../../../openapi/schemas/tgid/tgids.ts";
import { TGID_MESSAGES } from "../../../openapi/schemas/tgid/tgid_messages.ts";

const schemas = () => import("../../../openapi/schemas/tgid/tgids.ts");
const loadForm = () => schemas().then((m) => m.TgidFormSchema);
const loadLabelForm = () => schemas().then((m) => m.TgidLabelFormSchema);
const loadTeamsForm = () => schemas().then((m) => m.TgidTeamsFormSchema);

const blank = { label: "", team: [] as Option[] };

export function TgidCreateDialog(
  { open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: () => void },
) {
  const form = useZodForm(loadForm, blank);
  const close = () => {
    onClose();
    form.reset();
  };
  return (
    <CreateDialog<Tgid>
      open={open}
      title="New tgid"
      onClose={close}
      reset={() => form.reset()}
      hrefOf={tgidHref}
      created={() => TGID_MESSAGES.created}
      create={async () => {
        const data = await form.validate();
        if (data === null) return null;
        const tgid = await call(client.POST("/rest/tgid/create", {
          body: { label: data.label, team: Number(data.team[0].value) },
        }));
        onCreated?.();
        return tgid;
      }}
    >
      <TextField
        label="Label"
        name="tgid-label"
        value={form.values.label}
        onChange={(t) => form.set("label", t)}
        error={form.errors.label}
      />
      <MultiSelect<Option>
        label="Team"
        name="tgid-team"
        values={form.values.team as Option[]}
        onChange={(team) => form.set("team", team)}
        search={searchTeamChoices}
        minChars={0}
        max={1}
        placeholder="Search the owning team"
        error={form.errors.team}
      />
    </CreateDialog>
  );
}

export function TgidEditDialog(
  { tgid, onClose, onSaved }: {
    tgid: Tgid | null;
    onClose: () => void;
    onSaved: (tgid: Tgid) => void;
  },
) {
  const form = useZodForm(loadLabelForm, { label: "" });
  const edit = useEditDialog(tgid, (t) => t.id, (t) => {
    form.reset({ label: t.label === String(t.id) ? "" : t.label });
  }, {
    onClose,
    onSaved: (saved: Tgid) => {
      toast("success", TGID_MESSAGES.updated);
      onSaved(saved);
    },
  });
  const save = form.onSubmit(async (data) => {
    await edit.save((t) =>
      call(client.POST("/rest/tgid/update", { body: { tgidId: t.id, label: data.label } }))
    );
  });
  return (
    <FormDialog
      {...edit.dialog}
      title={tgid ? `Edit tgid ${tgid.id}` : "Edit tgid"}
      name="tgid-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <TextField
        label="Label"
        name="tgid-edit-label"
        value={form.values.label}
        onChange={(t) => form.set("label", t)}
        error={form.errors.label}
      />
    </FormDialog>
  );
}

/** "Manage teams": at least one team ('A Tgid must have at least one team'). */
export function TgidTeamsDialog(
  { tgid, onClose, onSaved }: {
    tgid: Tgid | null;
    onClose: () => void;
    onSaved: (tgid: Tgid) => void;
  },
) {
  return (
    <TeamListDialog<Tgid, Tgid>
      item={tgid}
      keyOf={(t) => t.id}
      title={(t) => `Teams of tgid ${t.label}`}
      name="tgid-teams"
      loadSchema={loadTeamsForm}
      initial={(t) => t.teams.map(tgidTeamOption)}
      load={(t) => getTgidTeams(t.id)}
      save={(t, edit) => saveTgidTeams(t.id, edit)}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** What still uses a tgid: its dnids, terminals and routes (the delete dialog lists them). */
function Dependents({ tgid }: { tgid: TgidDetails }) {
  const routes = (["ftp", "smtp", "tcp", "ws"] as const).filter((k) => tgid.routes[k].length);
  if (!tgid.dnids.length && !tgid.devices.length && !routes.length) return null;
  return (
    <section aria-label="In use by" data-tgid-dependents="">
      <p>In use by:</p>
      <ul>
        {tgid.dnids.map((d) => (
          <li key={`d${d.id}-${d.les}`}>
            Dnid <a href={dnidHref(d)}>{d.id}</a> (LES {d.les})
          </li>
        ))}
        {tgid.devices.map((d) => (
          <li key={`t${d.deviceId}`}>
            Terminal <a href={`/management/terminal/${d.deviceId}`}>{d.label ?? d.deviceId}</a>{" "}
            ({d.deviceType.name})
          </li>
        ))}
        {routes.map((k) => (
          <li key={k}>
            {`${k} route${tgid.routes[k].length > 1 ? "s" : ""} `}
            {tgid.routes[k].map((r) => `#${r.id}`).join(", ")}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Deleting a tgid: what still uses it is listed (read on opening), and the server's refusal is
 * shown in the dialog; once deleted, "Tgid deleted" and `onDeleted`.
 */
export function TgidDeleteDialog(
  { tgid, onClose, onDeleted }: {
    tgid: { id: number; label: string } | null;
    onClose: () => void;
    onDeleted: () => void;
  },
) {
  const [details, setDetails] = useState<TgidDetails | null>(null);
  const submit = useSubmit();
  useEffect(() => {
    setDetails(null);
    submit.setError(null);
    if (!tgid) return;
    call(client.GET("/rest/tgid/get", { params: { query: { id: tgid.id } } }))
      .then(setDetails, (e) => submit.setError(messageOf(e)));
  }, [tgid?.id]);

  async function remove() {
    if (!tgid) return;
    const gone = await submit.send(() =>
      call(client.GET("/rest/tgid/delete", { params: { query: { tgidId: tgid.id } } }))
    );
    if (!gone) return;
    toast("success", TGID_MESSAGES.deleted);
    onDeleted();
  }

  return (
    <Dialog
      open={tgid !== null}
      title="Delete tgid"
      onClose={onClose}
      dismissible={false}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <PromiseButton
            type="button"
            className="contrast"
            state={submit.state}
            onClick={() => void remove()}
          >
            Delete
          </PromiseButton>
        </>
      }
    >
      <p>
        {tgid && `Delete the tgid ${tgid.label} (${tgid.id})? `}
        Its team shares and routing exceptions are deleted with it.
      </p>
      {details && <Dependents tgid={details} />}
      {submit.error && (
        <p role="alert" className="field-error" data-dialog-error="">{submit.error}</p>
      )}
    </Dialog>
  );
}
