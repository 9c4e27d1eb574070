/**
 * "Manage teams" (static backdrop): an item's team list in a multi-select over the team choices
 * (GET /rest/enids/teamChoices: every team for an administrator, its company's for a client),
 * read again when the dialog opens, then saved; "Team list successfully updated" or "Team list
 * update error" (with the server's message in the dialog). The enid and tgid dialogs use it.
 *
 * The save is what this user changed against the list the dialog showed before the first change
 * (`base`), never the whole list: the server applies it to the list as it is then, so two people
 * editing at once both keep their changes (openapi/schemas/team_list_change.ts).
 */
import { useRef } from "react";
import { FormDialog, useEditDialog } from "../kit/dialog/FormDialog.tsx";
import { useZodForm } from "../kit/form/form.tsx";
import { MultiSelect, type Option } from "../kit/form/MultiSelect.tsx";
import { toast } from "../runtime/toasts.ts";
import { searchTeamChoices } from "./enid/enid_api.ts";
import { ADMIN_MESSAGES } from "../../openapi/schemas/messages.ts";
import type { z } from "zod";

type TeamList = { teams: { value: string; label: string }[] };

/** A saved edit of a team list: the ids the user left, and those it started from. */
export interface TeamListEdit {
  teams: number[];
  base: number[];
}

const idsOf = (teams: Option[]) => teams.map((t) => Number(t.value));

interface TeamListDialogProps<T, S> {
  /** The item whose teams are managed; null when closed. */
  item: T | null;
  keyOf: (item: T) => string | number;
  title: (item: T) => string;
  /** The form's name (`<name>-form`) and the field's (`<name>-list`). */
  name: string;
  /** The list's rule ('A Tgid must have at least one team'), as a form schema `{teams}`. */
  loadSchema: () => Promise<z.ZodType<TeamList, TeamList>>;
  /** The list the dialog starts with (as last read), and the current one, read on opening. */
  initial: (item: T) => Option[];
  load: (item: T) => Promise<Option[]>;
  /** Saves `teams`, the list as the user left it, edited from `base` (team ids). */
  save: (item: T, edit: TeamListEdit) => Promise<S>;
  onClose: () => void;
  onSaved: (saved: S) => void;
}

export function TeamListDialog<T, S>(props: TeamListDialogProps<T, S>) {
  const { item } = props;
  const form = useZodForm(props.loadSchema, { teams: [] as Option[] });
  // The list read on opening replaces the one the dialog starts with, unless already changed;
  // the one shown when the user first changes it is what the change is taken against.
  const touched = useRef(false);
  const base = useRef<number[]>([]);
  const start = (teams: Option[]) => {
    base.current = idsOf(teams);
    form.reset({ teams });
  };
  const edit = useEditDialog(item, props.keyOf, (i) => {
    touched.current = false;
    start(props.initial(i));
    props.load(i).then((teams) => {
      if (!touched.current) start(teams);
    }).catch(() => {/* the list it started with stays; saving reports any failure */});
  }, {
    onClose: props.onClose,
    onSaved: (saved: S) => {
      toast("success", ADMIN_MESSAGES.teamListUpdated);
      props.onSaved(saved);
    },
  });
  const save = form.onSubmit(async (data) => {
    const teams = idsOf(data.teams as Option[]);
    const saved = await edit.save((i) => props.save(i, { teams, base: base.current }));
    if (!saved) toast("error", ADMIN_MESSAGES.teamListUpdateError);
  });
  return (
    <FormDialog
      {...edit.dialog}
      title={item ? props.title(item) : "Manage teams"}
      name={props.name}
      submitLabel="Save"
      onSubmit={save}
    >
      <MultiSelect<Option>
        label="Teams"
        name={`${props.name}-list`}
        values={form.values.teams as Option[]}
        onChange={(teams) => {
          touched.current = true;
          form.set("teams", teams);
        }}
        search={searchTeamChoices}
        minChars={0}
        placeholder="Search a team"
        error={form.errors.teams}
      />
    </FormDialog>
  );
}
