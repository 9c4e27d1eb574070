/**
 * Setting a password with a reset link: the new password twice, validated with the server's
 * own schema (length) before anything is sent; on success the login page says the password is
 * set. A link that is unknown, used or expired shows one notice and a way to sign in.
 */
import { useState } from "react";
import { call, client, messageOf } from "../runtime/api.ts";
import { PromiseButton, usePromiseState } from "../kit/form/PromiseButton.tsx";
import { passwordFields, useZodForm } from "../kit/form/form.tsx";
import {
  PASSWORD_MIN,
  RESET_PAGE_PATH,
  USER_MESSAGES,
} from "../../openapi/schemas/users/user_messages.ts";

const formSchema = () =>
  import("../../openapi/schemas/users/users.ts").then((m) => m.SetPasswordFormSchema);

interface PasswordResetFormProps {
  token: string;
  valid: boolean;
}

export default function PasswordResetForm({ token, valid }: PasswordResetFormProps) {
  const form = useZodForm(formSchema, { password: "", confirm: "" });
  const submit = usePromiseState();
  const [failure, setFailure] = useState<string | null>(null);
  const [dead, setDead] = useState(!valid);

  const onSubmit = form.onSubmit(async (data) => {
    setFailure(null);
    try {
      await submit.run(() =>
        call(client.POST("/rest/users/setPassword", {
          body: { token, password: data.password },
        }))
      );
      location.assign("/login");
    } catch (e) {
      const message = messageOf(e);
      if (message === USER_MESSAGES.linkInvalid) setDead(true);
      else setFailure(message);
    }
  });

  if (dead) {
    return (
      <div data-reset-invalid="">
        <p role="alert" className="field-error">{USER_MESSAGES.linkInvalid}</p>
        <p>
          <a href="/login">Go to sign in</a>
        </p>
      </div>
    );
  }

  const field = passwordFields(form);

  // Posted to the page itself before (or without) JavaScript: the password never goes into a URL.
  return (
    <form
      ref={form.ref}
      method="post"
      action={RESET_PAGE_PATH}
      onSubmit={onSubmit}
      noValidate
      aria-label="Set your password"
    >
      <input type="hidden" name="token" value={token} />
      {field("password", "New password", "new-password", `At least ${PASSWORD_MIN} characters`)}
      {field("confirm", "Confirm the new password", "new-password")}
      {failure && <p role="alert" className="field-error" data-reset-error="">{failure}</p>}
      <PromiseButton type="submit" state={submit.state}>Set password</PromiseButton>
    </form>
  );
}
