/**
 * The team dialogs (static backdrop): create (both variants, the company chosen with the company
 * picker or preset), edit, "Add existing team" (move a team of another company here), and the
 * confirmed delete. Loaded on first use by the company and team islands.
 */
import { useRef, useState } from "react";
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { ComboboxList, type Option, useCombobox } from "../../kit/form/MultiSelect.tsx";
import { call, client, getJson } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { CompanyPicker } from "../companies/company_picker.tsx";
import { confirmDelete } from "../../kit/dialog/confirm_delete.ts";
import { FormDialog, useEditDialog, useSubmit } from "../../kit/dialog/FormDialog.tsx";
import { rightsLabel, teamHref } from "../labels.ts";
import { TextField } from "../../kit/form/TextField.tsx";
import { DEFAULT_TEAM_RIGHTS, type Rights, RIGHTS_VALUES } from "../../../openapi/enums.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import type { CompanyChoice } from "../../../openapi/schemas/companies/companies.ts";
import type { Team } from "../../../openapi/schemas/teams.ts";

const loadCreateForm = () =>
  import("../../../openapi/schemas/teams.ts").then((m) => m.TeamCreateFieldsSchema);

interface TeamValues {
  name: string;
  company: CompanyChoice | null;
  rights: Rights;
  mtlInfoActive: boolean;
  mtlInfoFtp: boolean;
}

const blank = (company: CompanyChoice | null = null): TeamValues => ({
  name: "",
  company,
  rights: DEFAULT_TEAM_RIGHTS,
  mtlInfoActive: false,
  mtlInfoFtp: false,
});

type TeamForm = ReturnType<typeof useTeamForm>;
const useTeamForm = (initial: TeamValues) => useZodForm(loadCreateForm, initial);

/** The team's fields; `prefix` keeps the ids of two forms on one page apart. */
function TeamFields({ form, prefix }: { form: TeamForm; prefix: string }) {
  const v = form.values as TeamValues;
  return (
    <>
      <TextField
        label="Name"
        name={`${prefix}-name`}
        value={v.name}
        onChange={(t) => form.set("name", t)}
        error={form.errors.name}
      />
      <CompanyPicker
        name={`${prefix}-company`}
        value={v.company}
        onChange={(c) => form.set("company", c)}
        error={form.errors.company}
      />
      <Field label="Role (rights)" name={`${prefix}-rights`} error={form.errors.rights}>
        {(p) => (
          <select
            {...p}
            value={v.rights}
            onChange={(e) => form.set("rights", Number(e.currentTarget.value) as Rights)}
          >
            {RIGHTS_VALUES.map((r) => <option key={r} value={r}>{rightsLabel(r)}</option>)}
          </select>
        )}
      </Field>
      <fieldset>
        <legend>Mtl information</legend>
        <label htmlFor={`f-${prefix}-mtl-active`}>
          <input
            id={`f-${prefix}-mtl-active`}
            type="checkbox"
            checked={v.mtlInfoActive}
            onChange={(e) => form.set("mtlInfoActive", e.currentTarget.checked)}
          />
          Mtl info active
        </label>
        <label htmlFor={`f-${prefix}-mtl-ftp`}>
          <input
            id={`f-${prefix}-mtl-ftp`}
            type="checkbox"
            checked={v.mtlInfoFtp}
            onChange={(e) => form.set("mtlInfoFtp", e.currentTarget.checked)}
          />
          Mtl info by FTP
        </label>
      </fieldset>
    </>
  );
}

interface TeamCreateDialogProps {
  open: boolean;
  onClose: () => void;
  /** The company the form starts with (the company page's "New team"). */
  company?: CompanyChoice | null;
  onCreated?: (team: Team) => void;
}

export function TeamCreateDialog(
  { open, onClose, company = null, onCreated }: TeamCreateDialogProps,
) {
  const form = useTeamForm(blank(company));
  const close = () => {
    onClose();
    form.reset(blank(company));
  };
  return (
    <CreateDialog<Team>
      open={open}
      title="New team"
      onClose={close}
      reset={() => form.reset(blank(company))}
      hrefOf={teamHref}
      created={(t) => `Team ${t.name} created`}
      create={async () => {
        const data = await form.validate();
        if (data === null) return null;
        const team = await call(client.POST("/rest/teams/create", { body: { team: data } }));
        onCreated?.(team);
        return team;
      }}
    >
      <TeamFields form={form} prefix="team" />
    </CreateDialog>
  );
}

interface TeamEditDialogProps {
  /** The team being edited; null when closed. */
  team: Omit<Team, "company"> & { company: CompanyChoice } | null;
  onClose: () => void;
  onSaved: (team: Team) => void;
}

/** Editing a team; a failure shows 'Team update error' and the server's message. */
export function TeamEditDialog({ team, onClose, onSaved }: TeamEditDialogProps) {
  const form = useTeamForm(blank());
  const edit = useEditDialog(team, (t) => t.id, (t) =>
    form.reset({
      name: t.name,
      company: t.company,
      rights: t.rights,
      mtlInfoActive: t.mtlInfoActive,
      mtlInfoFtp: t.mtlInfoFtp,
    }), {
    onClose,
    onSaved: (saved: Team) => {
      toast("success", `Team ${saved.name} saved`);
      onSaved(saved);
    },
  });
  const save = form.onSubmit(async (data) => {
    const saved = await edit.save((t) =>
      call(client.POST("/rest/teams/update", { body: { team: { id: t.id, ...data } } }))
    );
    if (!saved) toast("error", ADMIN_MESSAGES.teamUpdateError);
  });
  return (
    <FormDialog
      {...edit.dialog}
      title={team ? `Edit team ${team.name}` : "Edit team"}
      name="team-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <TeamFields form={form} prefix="team-edit" />
    </FormDialog>
  );
}

/**
 * Asks, then deletes the team. A refusal ('Unable to delete team: the team has users', …) is
 * shown as an error toast with the server's message. True when it was deleted.
 */
export function deleteTeam(team: { id: number; name: string }): Promise<boolean> {
  return confirmDelete(
    { title: "Delete team", message: `Delete the team ${team.name}?` },
    () => call(client.POST("/rest/teams/delete", { body: { teamId: team.id } })),
    (gone) => `Team ${gone.name} deleted`,
  );
}

interface TeamHit {
  id: number;
  name: string;
  rights: number;
  company: { id: number; name: string };
}

const SELECT_TEAM = "Please select a team";

interface AddExistingTeamDialogProps {
  open: boolean;
  /** The company the chosen team moves to. */
  company: CompanyChoice;
  onClose: () => void;
  onMoved: () => void;
}

/**
 * "Add existing team": pick a team of another company (GET /rest/teams/search) and move it here
 * with POST /rest/teams/update (its users move with it; its rights and flags are kept).
 */
export function AddExistingTeamDialog(
  { open, company, onClose, onMoved }: AddExistingTeamDialogProps,
) {
  const [chosen, setChosen] = useState<TeamHit | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const submit = useSubmit();
  // The teams the latest searches found, by id (the options carry only value and label).
  const hits = useRef(new Map<string, TeamHit>()).current;
  const box = useCombobox<Option>({
    source: {
      search: async (query) => {
        const rows = await getJson<TeamHit[]>(
          `/rest/teams/search?query=${encodeURIComponent(query)}`,
        );
        return rows.filter((t) => t.company.id !== company.id).map((t) => {
          hits.set(String(t.id), t);
          return { value: String(t.id), label: t.name, detail: t.company.name };
        });
      },
    },
    minChars: 1,
    noun: "team",
    textAfterChoose: (o) => o.label,
    onChoose: (o) => setChosen(hits.get(o.value) ?? null),
    onType: () => setChosen(null),
  });
  const close = () => {
    setChosen(null);
    setSubmitted(false);
    submit.setError(null);
    box.setQuery("");
    onClose();
  };
  const fieldError = submitted && !chosen ? SELECT_TEAM : undefined;

  async function move() {
    setSubmitted(true);
    submit.setError(null);
    if (!chosen) return;
    const moved = await submit.send(() =>
      call(client.POST("/rest/teams/update", {
        body: { team: { id: chosen.id, name: chosen.name, company: company.id } },
      }))
    );
    if (!moved) return void toast("error", ADMIN_MESSAGES.teamListUpdateError);
    toast("success", ADMIN_MESSAGES.teamListUpdated);
    close();
    onMoved();
  }

  return (
    <FormDialog
      open={open}
      title="Add existing team"
      name="add-team"
      onClose={close}
      submitLabel={<>Add to {company.name}</>}
      state={submit.state}
      onSubmit={(e) => {
        e.preventDefault();
        void move();
      }}
      error={submit.error}
    >
      <p className="muted">
        The team moves to {company.name} with its users; it keeps its rights and tgids.
      </p>
      <div className="picker">
        <label htmlFor="f-existing-team">Team</label>
        <input
          id="f-existing-team"
          name="existing-team"
          placeholder="Search a team of another company"
          aria-invalid={fieldError ? "true" : undefined}
          aria-describedby={fieldError ? "f-existing-team-error" : undefined}
          {...box.inputProps}
        />
        <ComboboxList list={box.list} label="Team results" />
        {fieldError && (
          <small id="f-existing-team-error" className="field-error" role="alert">
            {fieldError}
          </small>
        )}
      </div>
    </FormDialog>
  );
}
