/**
 * The enid dialogs (static backdrop): add (both variants of the kit's CreateDialog; the id
 * proposed as the highest one plus one), edit, manage teams, and the confirmed delete, with the
 * spec's toasts. An administrator chooses the company; a client's enids are its own company's,
 * so the field is not shown. Loaded on first use by the enid islands.
 */
import { useProposedId } from "../../kit/form/proposed_id.ts";
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { TeamListDialog } from "../team_list_dialog.tsx";
import { FormDialog, useEditDialog } from "../../kit/dialog/FormDialog.tsx";
import { useZodForm } from "../../kit/form/form.tsx";
import { MultiSelect, type Option } from "../../kit/form/MultiSelect.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { call, client, messageOf } from "../../runtime/api.ts";
import { confirm } from "../../runtime/confirm.ts";
import { toast } from "../../runtime/toasts.ts";
import { CompanyPicker } from "../../administration/companies/company_picker.tsx";
import { RulPicker } from "../rul/rul_picker.tsx";
import {
  enidHref,
  getEnidTeams,
  nextEnidId,
  searchTeamChoices,
  teamOption,
  type Viewer,
} from "./enid_api.ts";
import {
  type Enid,
  ENID_MESSAGES,
  type EnidTeam,
  type RulPick,
} from "../../../openapi/schemas/enids.ts";
import type { CompanyChoice } from "../../../openapi/schemas/companies/companies.ts";

const loadForm = () => import("../../../openapi/schemas/enids.ts").then((m) => m.EnidFormSchema);
const loadTeamsForm = () =>
  import("../../../openapi/schemas/enids.ts").then((m) => m.EnidTeamsFormSchema);

interface EnidValues {
  id: string;
  rul: RulPick | null;
  company: CompanyChoice | null;
  comments: string;
  comments2: string;
  teams: Option[];
}

/** An empty form: a client's company is its own. */
const blank = (viewer: Viewer): EnidValues => ({
  id: "",
  rul: null,
  company: viewer.admin ? null : viewer.company,
  comments: "",
  comments2: "",
  teams: [],
});

const valuesOf = (e: Enid): EnidValues => ({
  id: String(e.id),
  rul: e.rul,
  company: e.company,
  comments: e.comments ?? "",
  comments2: e.comments2 ?? "",
  teams: e.teams.map(teamOption),
});

type EnidForm = ReturnType<typeof useEnidForm>;
const useEnidForm = (initial: EnidValues) => useZodForm(loadForm, initial);

/** The enid's fields; `prefix` keeps the ids of two forms on one page apart. */
function EnidFields(
  { form, prefix, viewer, editing }: {
    form: EnidForm;
    prefix: string;
    viewer: Viewer;
    /** Editing: the id (with the LES, the enid's key) is fixed, the rul keeps its LES. */
    editing?: { les: number };
  },
) {
  const v = form.values as EnidValues;
  return (
    <>
      <TextField
        label="Id"
        name={`${prefix}-id`}
        inputMode="numeric"
        value={v.id}
        onChange={(t) => form.set("id", t)}
        error={form.errors.id}
        disabled={editing !== undefined}
      />
      <RulPicker
        name={`${prefix}-rul`}
        value={v.rul}
        les={editing?.les}
        onChange={(r) => form.set("rul", r)}
        error={form.errors.rul}
      />
      {viewer.admin && (
        <CompanyPicker
          name={`${prefix}-company`}
          value={v.company}
          onChange={(c) => form.set("company", c)}
          error={form.errors.company}
        />
      )}
      <TextField
        label="Comments"
        name={`${prefix}-comments`}
        value={v.comments}
        onChange={(t) => form.set("comments", t)}
        error={form.errors.comments}
      />
      <TextField
        label="Comments 2"
        name={`${prefix}-comments2`}
        value={v.comments2}
        onChange={(t) => form.set("comments2", t)}
        error={form.errors.comments2}
      />
      <MultiSelect<Option>
        label="Teams"
        name={`${prefix}-teams`}
        values={v.teams}
        onChange={(teams) => form.set("teams", teams)}
        search={searchTeamChoices}
        minChars={0}
        placeholder="Search a team"
        error={form.errors.teams}
      />
    </>
  );
}

interface EnidCreateDialogProps {
  open: boolean;
  onClose: () => void;
  viewer: Viewer;
  /** Called after each enid is created (either variant). */
  onCreated?: (enid: Enid) => void;
}

export function EnidCreateDialog({ open, onClose, viewer, onCreated }: EnidCreateDialogProps) {
  const form = useEnidForm(blank(viewer));
  // The proposed id (the highest one plus one), each time the form starts empty.
  const propose = useProposedId(open, nextEnidId, {
    value: form.values.id,
    set: (id) => form.set("id", id),
  });
  const restart = () => {
    form.reset(blank(viewer));
    propose();
  };
  const close = () => {
    onClose();
    restart();
  };
  return (
    <CreateDialog<Enid>
      open={open}
      title="New enid"
      onClose={close}
      reset={restart}
      hrefOf={enidHref}
      created={(e) => ENID_MESSAGES.created(e.id)}
      create={async () => {
        const data = await form.validate();
        if (data === null) return null;
        try {
          const enid = await call(client.POST("/rest/enids/create", { body: data }));
          onCreated?.(enid);
          return enid;
        } catch (e) {
          // The dialog shows the server's message ("Enid with id {id} already exists", …).
          toast("error", ENID_MESSAGES.notCreated);
          throw e;
        }
      }}
    >
      <EnidFields form={form} prefix="enid" viewer={viewer} />
    </CreateDialog>
  );
}

interface EnidEditDialogProps {
  /** The enid being edited; null when closed. */
  enid: Enid | null;
  viewer: Viewer;
  onClose: () => void;
  onSaved: (enid: Enid) => void;
}

/** Editing an enid: its rul (of the same LES), company, comments and teams. */
export function EnidEditDialog({ enid, viewer, onClose, onSaved }: EnidEditDialogProps) {
  const form = useEnidForm(blank(viewer));
  const edit = useEditDialog(enid, (e) => e.id, (e) => form.reset(valuesOf(e)), {
    onClose,
    onSaved: (saved: Enid) => {
      toast("success", ENID_MESSAGES.updated(saved.id));
      onSaved(saved);
    },
  });
  const save = form.onSubmit(async (data) => {
    // The teams it opened with: only this user's changes to the list are made.
    const saved = await edit.save((e) =>
      call(client.POST("/rest/enids/update", {
        body: {
          ...data,
          id: e.id,
          rul_les: e.rul_les,
          opts: { ...data.opts, baseTeams: e.teams.map((t) => t.id) },
        },
      }))
    );
    if (!saved) toast("error", ENID_MESSAGES.notUpdated);
  });
  return (
    <FormDialog
      {...edit.dialog}
      title={enid ? `Edit enid ${enid.id}` : "Edit enid"}
      name="enid-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <EnidFields
        form={form}
        prefix="enid-edit"
        viewer={viewer}
        editing={{ les: enid?.rul_les ?? 0 }}
      />
    </FormDialog>
  );
}

interface EnidTeamsDialogProps {
  /** The enid whose teams are managed (its teams as last read, if known); null when closed. */
  enid: { id: number; teams?: EnidTeam[] } | null;
  onClose: () => void;
  onSaved: (teams: EnidTeam[]) => void;
}

/**
 * "Manage teams": the enid's team list (GET getTeams), saved with POST updateTeams with the list
 * it started from (`baseTeams`), so that only this user's changes are made.
 */
export function EnidTeamsDialog({ enid, onClose, onSaved }: EnidTeamsDialogProps) {
  return (
    <TeamListDialog<{ id: number; teams?: EnidTeam[] }, EnidTeam[]>
      item={enid}
      keyOf={(e) => e.id}
      title={(e) => `Teams of enid ${e.id}`}
      name="enid-teams"
      loadSchema={loadTeamsForm}
      initial={(e) => (e.teams ?? []).map(teamOption)}
      load={(e) => getEnidTeams(e.id)}
      save={(e, edit) =>
        call(client.POST("/rest/enids/updateTeams", {
          body: { enidId: e.id, enidTeams: edit.teams, baseTeams: edit.base },
        }))}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/**
 * Asks, then deletes the enid (with its team links): 'Enid {id} successfully deleted', or
 * 'Enid not deleted ! Error : {message}'. True when it was deleted.
 */
export async function deleteEnid(enid: { id: number; rul_les: number }): Promise<boolean> {
  const ok = await confirm({
    title: "Delete enid",
    message: `Delete the enid ${enid.id}? Its team links are deleted with it.`,
    confirmLabel: "Delete",
    danger: true,
  });
  if (!ok) return false;
  try {
    const gone = await call(client.POST("/rest/enids/delete", {
      body: { id: enid.id, rul_les: enid.rul_les },
    }));
    toast("success", ENID_MESSAGES.deleted(gone.id));
    return true;
  } catch (e) {
    toast("error", ENID_MESSAGES.notDeleted(messageOf(e)));
    return false;
  }
}
