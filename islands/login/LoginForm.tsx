/**
 * Sign in: username, password, remember. Validated with the server's LoginRequestSchema
 * ('Error empty login'); on failure the server's message, plus 'Retry' with a relative time
 * when the server gives a lockout limit. Without JavaScript the form posts to /login.
 */
import { useState } from "react";
import { EMPTY_LOGIN } from "../../openapi/schemas/messages.ts";
import { ApiFailure, call, client, messageOf } from "../runtime/api.ts";
import { PromiseButton, usePromiseState } from "../kit/form/PromiseButton.tsx";
import { useZodForm } from "../kit/form/form.tsx";

const loginSchema = () =>
  import("../../openapi/schemas/users/session.ts").then((m) => m.LoginRequestSchema);

interface LoginFormProps {
  next: string;
}

/** "in 14 minutes", "in 30 seconds". */
function relativeTime(at: Date, now = new Date()): string {
  const seconds = Math.max(1, Math.round((at.getTime() - now.getTime()) / 1000));
  const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  return seconds < 90
    ? rtf.format(seconds, "second")
    : rtf.format(Math.ceil(seconds / 60), "minute");
}

export default function LoginForm({ next }: LoginFormProps) {
  const form = useZodForm(loginSchema, { username: "", password: "", remember: false });
  const submit = usePromiseState();
  const [failure, setFailure] = useState<{ message: string; retry?: string } | null>(null);
  const formError = form.submitted && Object.keys(form.errors).length ? EMPTY_LOGIN : null;

  const onSubmit = form.onSubmit(async (data) => {
    setFailure(null);
    try {
      await submit.run(() => call(client.POST("/rest/users/login", { body: data })));
      location.assign(next);
    } catch (e) {
      const retryAt = e instanceof ApiFailure && typeof e.body.retryAt === "string"
        ? relativeTime(new Date(e.body.retryAt))
        : undefined;
      setFailure({ message: messageOf(e), retry: retryAt });
    }
  });

  const message = formError ?? failure?.message;
  const textField = (
    name: "username" | "password",
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <label htmlFor={`login-${name}`}>
      {label}
      <input
        id={`login-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form.values[name]}
        onChange={(e) => form.set(name, e.currentTarget.value)}
        aria-invalid={form.errors[name] ? "true" : undefined}
        aria-describedby={message ? "login-error" : undefined}
      />
    </label>
  );
  return (
    <form
      ref={form.ref}
      method="post"
      action="/login"
      onSubmit={onSubmit}
      noValidate
      aria-label="Sign in"
    >
      <input type="hidden" name="next" value={next} />
      {textField("username", "Username", "text", "username")}
      {textField("password", "Password", "password", "current-password")}
      <label htmlFor="login-remember">
        <input
          id="login-remember"
          name="remember"
          type="checkbox"
          role="switch"
          checked={form.values.remember ?? false}
          onChange={(e) => form.set("remember", e.currentTarget.checked)}
        />
        Remember me
      </label>
      {message && (
        <p id="login-error" role="alert" className="field-error" data-login-error="">
          {message}
          {!formError && failure?.retry && ` Retry ${failure.retry}.`}
        </p>
      )}
      <PromiseButton type="submit" state={submit.state}>Sign in</PromiseButton>
    </form>
  );
}
