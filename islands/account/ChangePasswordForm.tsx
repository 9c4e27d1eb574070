/**
 * Changing your own password: the current one and the new one twice, validated with the
 * server's schema before anything is sent. On success the page says so; every other session of
 * yours has ended.
 */
import { useState } from "react";
import { call, client, messageOf } from "../runtime/api.ts";
import { PromiseButton, usePromiseState } from "../kit/form/PromiseButton.tsx";
import { passwordFields, useZodForm } from "../kit/form/form.tsx";
import { PASSWORD_MIN } from "../../openapi/schemas/users/user_messages.ts";
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PAGE_PATH,
} from "../../openapi/schemas/users/account_messages.ts";

const formSchema = () =>
  import("../../openapi/schemas/users/account.ts").then((m) => m.ChangePasswordFormSchema);

export default function ChangePasswordForm() {
  const form = useZodForm(formSchema, { currentPassword: "", newPassword: "", confirm: "" });
  const submit = usePromiseState();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = form.onSubmit(async (data) => {
    setFailure(null);
    setDone(false);
    try {
      await submit.run(() =>
        call(client.POST("/rest/users/changePassword", {
          body: { currentPassword: data.currentPassword, newPassword: data.newPassword },
        }))
      );
      for (const name of ["currentPassword", "newPassword", "confirm"] as const) form.set(name, "");
      setDone(true);
    } catch (e) {
      setFailure(messageOf(e));
    }
  });

  const field = passwordFields(form);

  // Posted to the page itself before (or without) JavaScript: no password goes into a URL.
  return (
    <form
      ref={form.ref}
      method="post"
      action={ACCOUNT_PAGE_PATH}
      onSubmit={onSubmit}
      noValidate
      aria-label="Change your password"
    >
      {field("currentPassword", "Current password", "current-password")}
      {field("newPassword", "New password", "new-password", `At least ${PASSWORD_MIN} characters`)}
      {field("confirm", "Confirm the new password", "new-password")}
      {failure && <p role="alert" className="field-error" data-account-error="">{failure}</p>}
      {done && <p role="status" data-account-done="">{ACCOUNT_MESSAGES.changed}</p>}
      <PromiseButton type="submit" state={submit.state}>Change password</PromiseButton>
    </form>
  );
}
