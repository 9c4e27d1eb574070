/**
 * "Manage teams" (static backdrop): an item's team list in a multi-select over the team choices
 * (GET /rest/enids/teamChoices: every team for an administrator, its company's for a client),
 * read again when the dialog opens, then saved; "Team list successfully updated" or "Team list
 * update error" (with the server's message in the dialog). The enid and tgid dialogs use it.
 */
import { useRef } from "react";
import { FormDialog, useEditDialog } from "../kit/FormDialog.tsx";
import { useZodForm } from "../kit/form.tsx";
import { MultiSelect, type Option } from "../kit/MultiSelect.tsx";
import { toast } from "../runtime/toasts.ts";
import { searchTeamChoices } from "./enid_api.ts";
import { ADMIN_MESSAGES } from "../../openapi/schemas/messages.ts";
import type { z } from "zod";

type TeamList = { teams: { value: string; label: string }[] };

export interface TeamListDialogProps<T, S> {
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
  save: (item: T, teams: Option[]) => Promise<S>;
  onClose: () => void;
  onSaved: (saved: S) => void;
}

export function TeamListDialog<T, S>(props: TeamListDialogProps<T, S>) {
  const { item } = props;
  const form = useZodForm(props.loadSchema, { teams: [] as Option[] });
  // The list read on opening replaces the one the dialog starts with, unless already changed.
  const touched = useRef(false);
  const edit = useEditDialog(item, props.keyOf, (i) => {
    touched.current = false;
    form.reset({ teams: props.initial(i) });
    props.load(i).then((teams) => {
      if (!touched.current) form.reset({ teams });
    }).catch(() => {/* the list it started with stays; saving reports any failure */});
  }, {
    onClose: props.onClose,
    onSaved: (saved: S) => {
      toast("success", ADMIN_MESSAGES.teamListUpdated);
      props.onSaved(saved);
    },
  });
  const save = form.onSubmit(async (data) => {
    const saved = await edit.save((i) => props.save(i, data.teams as Option[]));
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
