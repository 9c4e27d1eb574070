/**
 * The create and edit user dialogs (static backdrop): company and team first (a company
 * combobox over GET /rest/companies/hierarchy and a select of the chosen company's teams; both
 * are required: 'Please select a company and a team.'), then the id, names, mail, the access
 * flags with their settings (Messaging C rul, telnet address, SMTP PGP key and quota) and the
 * customer care case. Validated with the server's own schemas (loaded on demand) before
 * anything is sent; errors show after a submit attempt.
 */
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import useSWR from "swr";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { Field, type SchemaLoader, useZodForm } from "../../kit/form/form.tsx";
import { PromiseButton, usePromiseState } from "../../kit/form/PromiseButton.tsx";
import { ComboboxList, type Option, useCombobox } from "../../kit/form/MultiSelect.tsx";
import { messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { DEFAULT_USER_QUOTA } from "../../../openapi/enums.ts";
import type {
  UserCreated,
  UserCreateSchema,
  UserUpdate,
  UserUpdateSchema,
} from "../../../openapi/schemas/users/users.ts";
import { navigate } from "../../runtime/navigate.ts";
import { createdMessage, PasswordLinkDialog } from "./password_link.tsx";
import {
  companyHierarchy,
  type CompanyTeams,
  createUser,
  HIERARCHY_KEY,
  updateUser,
  type User,
  userHref,
} from "./user_api.ts";
import { TextField } from "../../kit/form/TextField.tsx";

/** What the form holds (company and team are null until chosen). */
interface UserFormValues {
  company: number | null;
  team: number | null;
  id: string;
  mail: string;
  firstName: string;
  lastName: string;
  webAccess: boolean;
  wsAccess: boolean;
  ftpAccess: boolean;
  messagingC: { access: boolean; rul: number | null };
  downloadDnid: boolean;
  customerCareCase: string;
  telnet: { access: boolean; address: string };
  smtp: { access: boolean; pgpId: string; pgpContent: string; quota: number };
  /** Create only: the status and the aliases (the user page manages them afterwards). */
  active?: boolean;
  aliases?: string[];
}

/** A new user: web access only, 10 e-mails per hour, active (portal-shell §3 and §9). */
const NEW_USER: UserFormValues = {
  company: null,
  team: null,
  id: "",
  mail: "",
  firstName: "",
  lastName: "",
  webAccess: true,
  wsAccess: false,
  ftpAccess: false,
  messagingC: { access: false, rul: null },
  downloadDnid: false,
  customerCareCase: "",
  telnet: { access: false, address: "" },
  smtp: { access: false, pgpId: "", pgpContent: "", quota: DEFAULT_USER_QUOTA },
  active: true,
  aliases: [],
};

/** An existing user's values for the edit dialog. */
export const valuesOf = (u: User): UserFormValues => ({
  company: u.company.id,
  team: u.team.id,
  id: u.id,
  mail: u.mail === u.id ? "" : u.mail,
  firstName: u.firstName,
  lastName: u.lastName,
  webAccess: u.webAccess,
  wsAccess: u.wsAccess,
  ftpAccess: u.ftpAccess,
  messagingC: { access: u.messagingCAccess, rul: u.messagingCRul },
  downloadDnid: u.downloadDnid,
  customerCareCase: u.subject ?? "",
  telnet: { access: u.telnetAccess, address: u.telnetAddress ?? "" },
  smtp: {
    access: u.smtpAccess,
    pgpId: u.gpgId ?? "",
    pgpContent: u.gpgContent ?? "",
    quota: u.quota,
  },
});

type CreateSchema = typeof UserCreateSchema;
type UpdateSchema = typeof UserUpdateSchema;
const createSchema: SchemaLoader<CreateSchema> = () =>
  import("../../../openapi/schemas/users/users.ts").then((m) => m.UserCreateSchema);
const updateSchema: SchemaLoader<UpdateSchema> = () =>
  import("../../../openapi/schemas/users/users.ts").then((m) => m.UserUpdateSchema);

/** The company → team choice, loaded once per page (SWR) when a dialog opens. */
export function useCompanies(active: boolean) {
  return useSWR(active ? HIERARCHY_KEY : null, companyHierarchy, { revalidateOnFocus: false });
}

interface CompanyTeamProps {
  companies: CompanyTeams[] | undefined;
  loadError?: unknown;
  company: number | null;
  team: number | null;
  onChange: (company: number | null, team: number | null) => void;
  /** The form's error (after a submit attempt). */
  error?: string;
  idPrefix: string;
}

/** A company combobox over the hierarchy's companies, then a select of that company's teams. */
export function CompanyTeamFields(
  { companies, loadError, company, team, onChange, error, idPrefix }: CompanyTeamProps,
) {
  const options = useMemo<Option[]>(
    () => (companies ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    [companies],
  );
  const chosen = companies?.find((c) => c.id === company) ?? null;
  const box = useCombobox<Option>({
    source: { options },
    minChars: 0,
    noun: "company",
    textAfterChoose: (o) => o.label,
    onChoose: (o) => {
      const c = companies?.find((x) => String(x.id) === o.value);
      // A company with one team: that team.
      onChange(Number(o.value), c?.teams.length === 1 ? c.teams[0].id : null);
    },
    // Editing the chosen name means choosing again.
    onType: () => company !== null && onChange(null, null),
  });
  // The chosen company's name shows in the input (a form loaded, or reset).
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (chosen) box.setQuery(chosen.name);
    else if (shown.current !== null && box.query === shown.current) box.setQuery("");
    shown.current = chosen?.name ?? null;
  }, [chosen?.id, chosen?.name]);

  const errorId = `${idPrefix}-company-team-error`;
  const invalid = error ? "true" as const : undefined;
  return (
    <fieldset className="company-team" data-company-team="">
      <legend>Company and team</legend>
      <div className="grid">
        <div className="picker">
          <label htmlFor={`${idPrefix}-company`}>Company</label>
          <input
            id={`${idPrefix}-company`}
            name="company"
            placeholder={companies ? "Type to find a company" : "Loading companies…"}
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
            {...box.inputProps}
          />
          <ComboboxList list={box.list} label="Companies" />
        </div>
        <label htmlFor={`${idPrefix}-team`}>
          Team
          <select
            id={`${idPrefix}-team`}
            name="team"
            value={team ?? ""}
            disabled={!chosen}
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) =>
              onChange(company, e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          >
            <option value="">{chosen ? "Choose a team" : "Choose a company first"}</option>
            {chosen?.teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        </label>
      </div>
      {error && <small id={errorId} className="field-error" role="alert">{error}</small>}
      {loadError !== undefined && (
        <small className="field-error" role="alert">{messageOf(loadError)}</small>
      )}
    </fieldset>
  );
}

/** The first error under `prefix` (a field, or any item of a list). */
const errorUnder = (errors: Record<string, string>, prefix: string) =>
  errors[prefix] ??
    Object.entries(errors).find(([k]) => k.startsWith(`${prefix}.`))?.[1];

const numberOrNull = (text: string) => text.trim() === "" ? null : Number(text);

function UserFields(
  { form, mode, idPrefix, companies }: {
    form: Pick<
      ReturnType<typeof useZodForm<CreateSchema, UserFormValues>>,
      "values" | "errors" | "set"
    >;
    mode: "create" | "edit";
    idPrefix: string;
    companies: ReturnType<typeof useCompanies>;
  },
) {
  const { values: v, errors } = form;
  const [aliasText, setAliasText] = useState((v.aliases ?? []).join("\n"));
  useLayoutEffect(() => {
    // A reset form (create and add another) starts with no aliases.
    if (!v.aliases?.length) setAliasText("");
  }, [v.aliases?.length === 0]);

  const text = (
    name: "id" | "mail" | "firstName" | "lastName" | "customerCareCase",
    label: string,
    opts: { type?: string; hint?: string; disabled?: boolean } = {},
  ) => (
    <TextField
      label={label}
      name={`${idPrefix}-${name}`}
      value={v[name]}
      onChange={(t) => form.set(name, t)}
      error={errors[name]}
      hint={opts.hint}
      type={opts.type ?? "text"}
      disabled={opts.disabled}
    />
  );
  /** A whole number of at least 0; empty is null. */
  const wholeNumber = (
    label: string,
    name: string,
    error: string | undefined,
    value: number | null,
    set: (n: number | null) => void,
  ) => (
    <Field label={label} name={`${idPrefix}-${name}`} error={error}>
      {(p) => (
        <input
          {...p}
          type="number"
          min={0}
          step={1}
          value={value === null || Number.isNaN(value) ? "" : value}
          onChange={(e) => set(numberOrNull(e.currentTarget.value))}
        />
      )}
    </Field>
  );
  const check = (label: string, checked: boolean, set: (on: boolean) => void, name: string) => (
    <label htmlFor={`${idPrefix}-${name}`}>
      <input
        id={`${idPrefix}-${name}`}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(e) => set(e.currentTarget.checked)}
      />
      {label}
    </label>
  );

  return (
    <>
      <CompanyTeamFields
        idPrefix={idPrefix}
        companies={companies.data}
        loadError={companies.error}
        company={v.company}
        team={v.team}
        error={errors.company ?? errors.team}
        onChange={(company, team) => {
          form.set("company", company);
          form.set("team", team);
        }}
      />
      {text("id", "User id (login)", {
        type: "email",
        hint: mode === "edit" ? "Change it with “Change user id”" : "An e-mail address",
        disabled: mode === "edit",
      })}
      <div className="grid">
        {text("firstName", "First name")}
        {text("lastName", "Last name")}
      </div>
      {text("mail", "Mail", { type: "email", hint: "Empty: the user id" })}

      <fieldset>
        <legend>Access</legend>
        {check("Web", v.webAccess, (on) => form.set("webAccess", on), "web")}
        {check("Web services", v.wsAccess, (on) => form.set("wsAccess", on), "ws")}
        {check("FTP", v.ftpAccess, (on) => form.set("ftpAccess", on), "ftp")}
        {check("Download dnid", v.downloadDnid, (on) => form.set("downloadDnid", on), "dnid")}
      </fieldset>

      <fieldset>
        <legend>Messaging C</legend>
        {check(
          "Messaging C access",
          v.messagingC.access,
          (on) => form.set("messagingC", { ...v.messagingC, access: on }),
          "messagingc",
        )}
        {wholeNumber(
          "Rul",
          "rul",
          errorUnder(errors, "messagingC"),
          v.messagingC.rul,
          (rul) => form.set("messagingC", { ...v.messagingC, rul }),
        )}
      </fieldset>

      <fieldset>
        <legend>Telnet</legend>
        {check(
          "Telnet access",
          v.telnet.access,
          (on) => form.set("telnet", { ...v.telnet, access: on }),
          "telnet",
        )}
        <TextField
          label="Telnet address"
          name={`${idPrefix}-telnet-address`}
          type="text"
          value={v.telnet.address}
          onChange={(address) => form.set("telnet", { ...v.telnet, address })}
          error={errorUnder(errors, "telnet")}
        />
      </fieldset>

      <fieldset>
        <legend>SMTP</legend>
        {check(
          "SMTP access",
          v.smtp.access,
          (on) => form.set("smtp", { ...v.smtp, access: on }),
          "smtp",
        )}
        <div className="grid">
          <TextField
            label="PGP id"
            name={`${idPrefix}-pgp-id`}
            type="text"
            value={v.smtp.pgpId}
            onChange={(pgpId) => form.set("smtp", { ...v.smtp, pgpId })}
            error={errors["smtp.pgpId"]}
          />
          {wholeNumber(
            "Maximum e-mails per hour",
            "quota",
            errors["smtp.quota"],
            v.smtp.quota,
            (quota) => form.set("smtp", { ...v.smtp, quota: quota ?? Number.NaN }),
          )}
        </div>
        <Field label="PGP key" name={`${idPrefix}-pgp-content`} error={errors["smtp.pgpContent"]}>
          {(p) => (
            <textarea
              {...p}
              rows={3}
              value={v.smtp.pgpContent}
              onChange={(e) => form.set("smtp", { ...v.smtp, pgpContent: e.currentTarget.value })}
            />
          )}
        </Field>
      </fieldset>

      {text("customerCareCase", "Customer care case")}

      {mode === "create" && (
        <>
          <Field
            label="E-mail aliases"
            name={`${idPrefix}-aliases`}
            error={errorUnder(errors, "aliases")}
            hint="One address per line; the user may also sign in with them"
          >
            {(p) => (
              <textarea
                {...p}
                rows={2}
                value={aliasText}
                onChange={(e) => {
                  const t = e.currentTarget.value;
                  setAliasText(t);
                  form.set("aliases", t.split(/[\s,;]+/).filter(Boolean));
                }}
              />
            )}
          </Field>
          {check("Active", v.active ?? true, (on) => form.set("active", on), "active")}
        </>
      )}
    </>
  );
}

interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
  /** After each user created (the list reloads). */
  onCreated?: (user: User) => void;
}

/** "New user": Create opens the new user's page; Create and add another resets the form. */
export function CreateUserDialog({ open, onClose, onCreated }: CreateUserDialogProps) {
  const form = useZodForm<CreateSchema, UserFormValues>(createSchema, NEW_USER);
  // A new user's link that was not e-mailed: shown before their page opens (or the next user).
  const [shown, setShown] = useState<UserCreated | null>(null);
  const companies = useCompanies(open);
  // Fixed ids: a server-rendered island would get other useId values than in the browser.
  const idPrefix = "user";
  // Before the opened dialog is painted (a layout effect), so it never shows the last values.
  useLayoutEffect(() => {
    if (open) form.reset(NEW_USER);
  }, [open]);
  return (
    <>
      <CreateDialog<UserCreated>
        open={open}
        title="New user"
        onClose={onClose}
        create={async () => {
          const data = await form.validate();
          if (data === null) return null; // the kit focuses the first field in error
          const user = await createUser(data);
          onCreated?.(user);
          // Create opens the page after the link was seen; Create and add another shows it.
          if (!user.passwordLink.mailed) setShown(user);
          return user;
        }}
        hrefOf={(u) => u.passwordLink.mailed ? userHref(u.id) : null}
        reset={() => form.reset(NEW_USER)}
        created={(u) => createdMessage(u.id, u.passwordLink)}
      >
        <div data-user-form="create">
          <UserFields
            form={form}
            mode="create"
            idPrefix={`${idPrefix}-new`}
            companies={companies}
          />
        </div>
      </CreateDialog>
      <PasswordLinkDialog
        created={shown}
        onClose={() => {
          // Create closed the form: the new user's page opens now.
          if (shown && !open) void navigate(userHref(shown.id));
          setShown(null);
        }}
      />
    </>
  );
}

interface EditUserDialogProps {
  /** The user to edit; the dialog is open while it is set. */
  user: User | null;
  onClose: () => void;
  onSaved: (user: User) => void;
}

/** Edit: every field but the id (changeId), the status and the aliases (the user page). */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const open = user !== null;
  const form = useZodForm<UpdateSchema, UserFormValues>(
    updateSchema,
    user ? valuesOf(user) : NEW_USER,
  );
  const companies = useCompanies(open);
  const save = usePromiseState();
  const [error, setError] = useState<string | null>(null);
  const formId = "user-edit-form";
  useLayoutEffect(() => {
    if (user) form.reset(valuesOf(user));
    setError(null);
  }, [user]);

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const data = await form.validate();
    if (data === null) return null; // the kit focuses the first field in error
    setError(null);
    const { active: _a, aliases: _b, ...body } = data as UserUpdate;
    try {
      const saved = await save.run(() => updateUser(body));
      toast("success", `User ${saved.id} saved`);
      onClose();
      onSaved(saved);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <Dialog
      open={open}
      title={user ? `Edit user ${user.id}` : "Edit user"}
      onClose={onClose}
      dismissible={false}
      wide
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <PromiseButton type="submit" form={formId} state={save.state}>Save</PromiseButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} data-user-form="edit">
        <UserFields form={form} mode="edit" idPrefix="user-edit" companies={companies} />
        {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
      </form>
    </Dialog>
  );
}
