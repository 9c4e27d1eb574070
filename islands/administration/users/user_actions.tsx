/**
 * The user actions shared by the list and the user page: Deactivate / Activate (confirmed),
 * Reset password (a reason, then the one-time link e-mailed or shown), Change user id, Add
 * email alias and Change team. Each dialog validates with the server's schema before sending and
 * shows the server's message when the call fails.
 */
import { useEffect, useLayoutEffect, useState } from "react";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { PromiseButton } from "../../kit/form/PromiseButton.tsx";
import { toast } from "../../runtime/toasts.ts";
import { REASON_MAX, RESET_LINK_HOURS } from "../../../openapi/schemas/users/user_messages.ts";
import { addAlias, changeId, changeTeam, resetPassword, type User } from "./user_api.ts";
import { CompanyTeamFields, useCompanies } from "./user_form.tsx";
import type { UserRef } from "./user_status.ts";
import { FormDialog, useSubmit } from "../../kit/dialog/FormDialog.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { PasswordLinkResult } from "./password_link.tsx";
import type { SetPasswordLink } from "../../../openapi/schemas/users/users.ts";

const schemas = () => import("../../../openapi/schemas/users/users.ts");

interface ActionDialogProps {
  /** The user; the dialog is open while it is set. */
  user: UserRef | null;
  onClose: () => void;
  onDone: (user: User) => void;
}

/**
 * Runs `reset` whenever the dialog opens for another user (or closes), in a layout effect: the
 * opened dialog never paints the previous user's values.
 */
function useResetFor(user: UserRef | null, reset: () => void) {
  useLayoutEffect(reset, [user?.id, user !== null]);
}

export function ChangeIdDialog({ user, onClose, onDone }: ActionDialogProps) {
  const form = useZodForm(() => schemas().then((m) => m.ChangeIdSchema), {
    oldId: user?.id ?? "",
    newId: "",
  });
  const submit = useSubmit();
  const ids = "change-id";
  useResetFor(user, () => {
    form.reset({ oldId: user?.id ?? "", newId: "" });
    submit.setError(null);
  });
  const onSubmit = form.onSubmit(async (data) => {
    const saved = await submit.send(() => changeId(data.oldId, data.newId));
    if (!saved) return;
    toast("success", `User id changed to ${saved.id}`);
    onClose();
    onDone(saved);
  });
  return (
    <FormDialog
      open={user !== null}
      title="Change user id"
      name="change-id"
      onClose={onClose}
      submitLabel="Change user id"
      state={submit.state}
      onSubmit={onSubmit}
      error={submit.error}
    >
      <p>
        The user keeps everything (sessions, aliases, history) and signs in with the new id from now
        on. Current id: <strong>{user?.id}</strong>
      </p>
      <TextField
        label="New user id"
        name={`${ids}-new-id`}
        type="email"
        value={form.values.newId}
        onChange={(t) => form.set("newId", t)}
        error={form.errors.newId}
      />
    </FormDialog>
  );
}

export function AddAliasDialog({ user, onClose, onDone }: ActionDialogProps) {
  const form = useZodForm(() => schemas().then((m) => m.AddAliasSchema), {
    userId: user?.id ?? "",
    alias: "",
  });
  const submit = useSubmit();
  const ids = "add-alias";
  useResetFor(user, () => {
    form.reset({ userId: user?.id ?? "", alias: "" });
    submit.setError(null);
  });
  const onSubmit = form.onSubmit(async (data) => {
    const saved = await submit.send(() => addAlias(data.userId, data.alias));
    if (!saved) return;
    toast("success", `Alias ${data.alias} added`);
    onClose();
    onDone(saved);
  });
  return (
    <FormDialog
      open={user !== null}
      title="Add email alias"
      name="add-alias"
      onClose={onClose}
      submitLabel="Add"
      state={submit.state}
      onSubmit={onSubmit}
      error={submit.error}
    >
      <TextField
        label="E-mail alias"
        name={`${ids}-alias`}
        type="email"
        value={form.values.alias}
        onChange={(t) => form.set("alias", t)}
        error={form.errors.alias}
        hint="The user may also sign in with it"
      />
    </FormDialog>
  );
}

export function ChangeTeamDialog({ user, onClose, onDone }: ActionDialogProps) {
  const [choice, setChoice] = useState<{ company: number | null; team: number | null }>({
    company: null,
    team: null,
  });
  const [submitted, setSubmitted] = useState(false);
  const companies = useCompanies(user !== null);
  const submit = useSubmit();
  const ids = "change-team";
  useEffect(() => {
    setChoice({ company: user?.company.id ?? null, team: user?.team.id ?? null });
    setSubmitted(false);
    submit.setError(null);
  }, [user?.id, user !== null]);
  const missing = choice.company === null || choice.team === null;
  return (
    <FormDialog
      open={user !== null}
      title="Change team"
      name="change-team"
      onClose={onClose}
      submitLabel="Move"
      state={submit.state}
      error={submit.error}
      onSubmit={async (e) => {
        e.preventDefault();
        setSubmitted(true);
        if (missing || !user) return;
        const saved = await submit.send(() => changeTeam(user.id, choice.team!));
        if (!saved) return;
        toast("success", `User ${saved.id} moved to ${saved.team.name}`);
        onClose();
        onDone(saved);
      }}
    >
      <CompanyTeamFields
        idPrefix={`${ids}-move`}
        companies={companies.data}
        loadError={companies.error}
        company={choice.company}
        team={choice.team}
        error={submitted && missing ? "Please select a company and a team." : undefined}
        onChange={(company, team) => setChoice({ company, team })}
      />
    </FormDialog>
  );
}

/**
 * Reset password: a reason, then the one-time link (shown once, with a copy button). The
 * user's password stops working and their sessions end as soon as the reset is done.
 */
export function ResetPasswordDialog(
  { user, onClose, onDone }: {
    user: UserRef | null;
    onClose: () => void;
    /** After a reset (the user has no password any more). */
    onDone?: () => void;
  },
) {
  const form = useZodForm(() => schemas().then((m) => m.ResetPasswordSchema), {
    id: user?.id ?? "",
    reason: "",
  });
  const submit = useSubmit();
  const [link, setLink] = useState<SetPasswordLink | null>(null);
  const ids = "reset-password";
  useResetFor(user, () => {
    form.reset({ id: user?.id ?? "", reason: "" });
    submit.setError(null);
    setLink(null);
  });

  const onSubmit = form.onSubmit(async (data) => {
    const r = await submit.send(() => resetPassword(data.id, data.reason));
    if (!r) return;
    setLink(r);
    toast("success", `The password of ${data.id} was reset`);
    onDone?.();
  });

  const formId = `${ids}-reset-form`;
  return (
    <Dialog
      open={user !== null}
      title="Reset password"
      onClose={onClose}
      dismissible={false}
      footer={link ? <button type="button" onClick={onClose}>Done</button> : (
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <PromiseButton type="submit" form={formId} state={submit.state}>
            Reset password
          </PromiseButton>
        </>
      )}
    >
      {link
        ? <PasswordLinkResult userId={user?.id ?? ""} link={link} occasion="reset" />
        : (
          <form id={formId} noValidate onSubmit={onSubmit} data-dialog-form="reset-password">
            <p>
              The current password of <strong>{user?.id}</strong>{" "}
              stops working and their sessions end. A link, valid {RESET_LINK_HOURS}{" "}
              hours, lets them set a new one: it is e-mailed to them when the portal sends e-mail,
              else you get it to hand over.
            </p>
            <Field
              label="Reason"
              name={`${ids}-reason`}
              error={form.errors.reason}
              hint={`Required, at most ${REASON_MAX} characters`}
            >
              {(p) => (
                <textarea
                  {...p}
                  rows={3}
                  value={form.values.reason}
                  onChange={(e) => form.set("reason", e.currentTarget.value)}
                />
              )}
            </Field>
            {submit.error && (
              <p role="alert" className="field-error" data-dialog-error="">{submit.error}</p>
            )}
          </form>
        )}
    </Dialog>
  );
}
