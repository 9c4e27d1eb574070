/**
 * Forms validated with the same zod schemas as the server: errors show only after a submit
 * attempt, and an invalid form is never sent. A server-rendered form keeps what was typed into it
 * before it hydrated: attach `ref` to the <form> and name each field after its value's key.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { useTypedBeforeHydration } from "./early_input.ts";

export type FieldErrors = Record<string, string>;

/** The first message per field path ("a.b") of a failed parse; form-level issues under "". */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The schema is loaded on demand (a dynamic import of the shared schema module), so zod is not
 * part of a page's first load: it is fetched when the user starts typing, before any submit.
 */
export type SchemaLoader<S> = () => Promise<S>;

/**
 * A form's values, checked with the schema `S` on submit. They are the schema's input unless `V`
 * says otherwise: a form that holds what the schema refuses (null before a choice is made, one
 * form for both kinds of a union) names what it holds, and the schema, which parses anything,
 * says what is wrong with it.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>, V = z.input<S>>(
  loadSchema: SchemaLoader<S>,
  initial: NoInfer<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [schema, setSchema] = useState<S | null>(null);
  const loading = useRef<Promise<S> | null>(null);
  const load = () => loading.current ??= loadSchema().then((s) => (setSchema(() => s), s));
  // After a failed submit, focus the first invalid field once React has marked it.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (!focusRequest) return;
    const first = (scope: string) =>
      document.querySelector<HTMLElement>(`${scope}[aria-invalid=true]`);
    (first("dialog[open] ") ?? first(""))?.focus();
  }, [focusRequest]);
  // Text typed (or autofilled) before hydration becomes the form's value (kit/early_input.ts).
  const ref = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(ref, (typed) => {
    void load();
    setValues((v) => {
      const next = { ...(v as Record<string, unknown>) };
      for (const { field, value } of typed) if (field.name in next) next[field.name] = value;
      return next as V;
    });
  });
  const parsed = schema?.safeParse(values);
  const errors: FieldErrors = submitted && parsed && !parsed.success
    ? fieldErrors(parsed.error)
    : {};
  async function validate(): Promise<z.output<S> | null> {
    setSubmitted(true);
    const result = (await load()).safeParse(values);
    if (result.success) return result.data;
    setFocusRequest((n) => n + 1);
    return null;
  }
  return {
    /** For the <form>: what was typed in it before hydration is kept. */
    ref,
    values,
    errors,
    submitted,
    set: <K extends keyof V>(key: K, value: V[K]) => {
      void load();
      setValues((v) => ({ ...(v as object), [key]: value }) as V);
    },
    /** Back to the initial values, errors hidden (create-and-add-another). */
    reset: (next: V = initial) => {
      setValues(next);
      setSubmitted(false);
    },
    /** Marks the submit attempt; the valid data, or null (the fields then show why). */
    validate,
    /** Submit handler: calls `send` only with valid data. */
    onSubmit:
      (send: (data: z.output<S>) => void | Promise<void>) =>
      async (e?: { preventDefault(): void }) => {
        e?.preventDefault();
        const data = await validate();
        if (data !== null) return send(data);
      },
  };
}

/** A labelled field with its error, wired for assistive technology. */
export function Field(
  { label, name, error, children, hint }: {
    label: string;
    name: string;
    error?: string;
    hint?: string;
    children: (props: {
      id: string;
      name: string;
      "aria-invalid"?: "true";
      "aria-describedby"?: string;
    }) => ReactNode;
  },
) {
  const id = `f-${name.replace(/\W/g, "-")}`;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <label htmlFor={id}>
      {label}
      {children({
        id,
        name,
        "aria-invalid": error ? "true" : undefined,
        "aria-describedby": describedBy,
      })}
      {error
        ? <small id={`${id}-error`} className="field-error" role="alert">{error}</small>
        : hint && <small id={`${id}-hint`}>{hint}</small>}
    </label>
  );
}

/** A form's password fields: `(name, label, autoComplete, hint?)` → its PasswordField. */
export const passwordFields = <N extends string>(
  form: { values: Record<N, string>; errors: FieldErrors; set: (name: N, value: string) => void },
) =>
(name: N, label: string, autoComplete: PasswordAutoComplete, hint?: string) => (
  <PasswordField
    label={label}
    name={name}
    error={form.errors[name]}
    hint={hint}
    value={form.values[name]}
    onChange={(v) => form.set(name, v)}
    autoComplete={autoComplete}
  />
);

type PasswordAutoComplete = "current-password" | "new-password";

/** A masked password Field; `autoComplete` tells password managers which password it is. */
function PasswordField(
  { value, onChange, autoComplete, ...field }: {
    label: string;
    name: string;
    error?: string;
    hint?: string;
    value: string;
    onChange: (value: string) => void;
    autoComplete: PasswordAutoComplete;
  },
) {
  return (
    <Field {...field}>
      {(p) => (
        <input
          {...p}
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}
