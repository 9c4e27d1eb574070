/**
 * The team dialogs (static backdrop): create (both variants, the company chosen with the company
 * picker or preset), edit, "Add existing team" (move a team of another company here), and the
 * confirmed delete. Loaded on first use by the company and team islands.
 */
import { useRef, useState } from "react";
import { CreateDialog } from "../kit/CreateDialog.tsx";
import { Dialog } from "../kit/Dialog.tsx";
import { Field, useZodForm } from "../kit/form.tsx";
import { PromiseButton, usePromiseState } from "../kit/PromiseButton.tsx";
import { ComboboxList, type Option, useCombobox } from "../kit/MultiSelect.tsx";
import { call, client, getJson, messageOf } from "../runtime/api.ts";
import { confirm } from "../runtime/confirm.ts";
import { toast } from "../runtime/toasts.ts";
import { CompanyPicker } from "./company_picker.tsx";
import { DEFAULT_TEAM_RIGHTS, RIGHTS, RIGHTS_VALUES } from "../../openapi/enums.ts";
import { ADMIN_MESSAGES } from "../../openapi/schemas/messages.ts";
import type { CompanyChoice } from "../../openapi/schemas/companies.ts";
import type { Team } from "../../openapi/schemas/teams.ts";

const loadCreateForm = () =>
  import("../../openapi/schemas/teams.ts").then((m) => m.TeamCreateFieldsSchema);

export const teamHref = (t: { id: number }) => `/administration/teams/${t.id}`;
export const rightsLabel = (rights: number) =>
  `${rights} ${RIGHTS[rights as keyof typeof RIGHTS] ?? ""}`.trim();

interface TeamValues {
  name: string;
  company: CompanyChoice | null;
  rights: number;
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
      <Field label="Name" name={`${prefix}-name`} error={form.errors.name}>
        {(p) => (
          <input
            {...p}
            autoComplete="off"
            value={v.name}
            onChange={(e) => form.set("name", e.currentTarget.value)}
          />
        )}
      </Field>
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
            onChange={(e) => form.set("rights", Number(e.currentTarget.value))}
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

export interface TeamCreateDialogProps {
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

export interface TeamEditDialogProps {
  /** The team being edited; null when closed. */
  team: Omit<Team, "company"> & { company: CompanyChoice } | null;
  onClose: () => void;
  onSaved: (team: Team) => void;
}

/** Editing a team; a failure shows 'Team update error' and the server's message. */
export function TeamEditDialog({ team, onClose, onSaved }: TeamEditDialogProps) {
  const form = useTeamForm(blank());
  const saving = usePromiseState();
  const [error, setError] = useState<string | null>(null);
  // A newly opened team starts from its own values (state derived while rendering).
  const [forId, setForId] = useState<number | null>(null);
  if (team && team.id !== forId) {
    setForId(team.id);
    setError(null);
    form.reset({
      name: team.name,
      company: team.company,
      rights: team.rights,
      mtlInfoActive: team.mtlInfoActive,
      mtlInfoFtp: team.mtlInfoFtp,
    });
  }
  const close = () => {
    setForId(null);
    onClose();
  };
  const save = form.onSubmit(async (data) => {
    if (!team) return;
    setError(null);
    try {
      const saved = await saving.run(() =>
        call(client.POST("/rest/teams/update", { body: { team: { id: team.id, ...data } } }))
      );
      toast("success", `Team ${saved.name} saved`);
      setForId(null);
      onSaved(saved);
    } catch (e) {
      toast("error", ADMIN_MESSAGES.teamUpdateError);
      setError(messageOf(e));
    }
  });
  return (
    <Dialog
      open={team !== null}
      title={team ? `Edit team ${team.name}` : "Edit team"}
      onClose={close}
      dismissible={false}
      footer={
        <>
          <button type="button" className="secondary" onClick={close}>Cancel</button>
          <PromiseButton type="submit" form="team-edit-form" state={saving.state}>
            Save
          </PromiseButton>
        </>
      }
    >
      <form id="team-edit-form" noValidate onSubmit={save}>
        <TeamFields form={form} prefix="team-edit" />
        {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
      </form>
    </Dialog>
  );
}

/**
 * Asks, then deletes the team. A refusal ('Unable to delete team: the team has users', …) is
 * shown as an error toast with the server's message. True when it was deleted.
 */
export async function deleteTeam(team: { id: number; name: string }): Promise<boolean> {
  const ok = await confirm({
    title: "Delete team",
    message: `Delete the team ${team.name}?`,
    confirmLabel: "Delete",
    danger: true,
  });
  if (!ok) return false;
  try {
    const gone = await call(client.POST("/rest/teams/delete", { body: { teamId: team.id } }));
    toast("success", `Team ${gone.name} deleted`);
    return true;
  } catch (e) {
    toast("error", messageOf(e));
    return false;
  }
}

interface TeamHit {
  id: number;
  name: string;
  rights: number;
  company: { id: number; name: string };
}

export const SELECT_TEAM = "Please select a team";

export interface AddExistingTeamDialogProps {
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
  const [error, setError] = useState<string | null>(null);
  const moving = usePromiseState();
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
    setError(null);
    box.setQuery("");
    onClose();
  };
  const fieldError = submitted && !chosen ? SELECT_TEAM : undefined;

  async function move() {
    setSubmitted(true);
    setError(null);
    if (!chosen) return;
    try {
      await moving.run(() =>
        call(client.POST("/rest/teams/update", {
          body: { team: { id: chosen.id, name: chosen.name, company: company.id } },
        }))
      );
      toast("success", ADMIN_MESSAGES.teamListUpdated);
      close();
      onMoved();
    } catch (e) {
      toast("error", ADMIN_MESSAGES.teamListUpdateError);
      setError(messageOf(e));
    }
  }

  return (
    <Dialog
      open={open}
      title="Add existing team"
      onClose={close}
      dismissible={false}
      footer={
        <>
          <button type="button" className="secondary" onClick={close}>Cancel</button>
          <PromiseButton type="submit" form="add-team-form" state={moving.state}>
            Add to {company.name}
          </PromiseButton>
        </>
      }
    >
      <form
        id="add-team-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void move();
        }}
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
        {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
      </form>
    </Dialog>
  );
}
