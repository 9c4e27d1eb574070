/**
 * What an administrator sees of a set-password link after creating a user or resetting a
 * password (docs/decisions/0008): that it was e-mailed to the user, or the link itself to hand
 * over, with a copy button (shown only now), and why the e-mail failed when it did.
 */
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { toast } from "../../runtime/toasts.ts";
import type { SetPasswordLink } from "../../../openapi/schemas/users/users.ts";

export type LinkOccasion = "created" | "reset";

/** The toast after create: the user, and where their link went. */
export const createdMessage = (id: string, link: SetPasswordLink) =>
  link.mailed
    ? `User ${id} created; a link to set their password was e-mailed to ${link.mailedTo}`
    : `User ${id} created`;

export function PasswordLinkResult(
  { userId, link, occasion }: { userId: string; link: SetPasswordLink; occasion: LinkOccasion },
) {
  const until = `${formatDateTime(link.expiresAt)} UTC`;
  const what = occasion === "reset" ? "a new password" : "their password";
  const url = link.resetUrl ? new URL(link.resetUrl, location.origin).href : null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url!);
      toast("success", "Link copied to clipboard");
    } catch {
      toast("error", "Flash is not available, cannot copy to clipboard !");
    }
  }
  const intro = occasion === "reset"
    ? (
      <>
        The password of <strong>{userId}</strong> no longer works and their sessions have ended.
      </>
    )
    : (
      <>
        <strong>{userId}</strong> has no password yet.
      </>
    );
  return (
    <div data-reset-link={link.mailed ? "mailed" : "shown"}>
      {url === null
        ? (
          <p>
            {intro} A link to set {what} was e-mailed to{" "}
            <strong>{link.mailedTo}</strong>: it works once, until {until}.
          </p>
        )
        : (
          <>
            {link.mailError && (
              <p role="alert" className="field-error" data-mail-error="">
                The e-mail to {link.mailedTo} could not be sent: {link.mailError}
              </p>
            )}
            <p>
              {intro} Hand them this link to set {what}: it works once, until{" "}
              {until}. It is shown only now.
            </p>
            <label htmlFor={`${occasion}-password-link`}>
              Set-password link
              <input
                id={`${occasion}-password-link`}
                type="text"
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
              />
            </label>
            <button type="button" className="secondary" onClick={copy}>Copy link</button>
          </>
        )}
    </div>
  );
}

/** The new user's link when it was not e-mailed (after Create, before their page opens). */
export function PasswordLinkDialog(
  { created, onClose }: {
    created: { id: string; passwordLink: SetPasswordLink } | null;
    onClose: () => void;
  },
) {
  return (
    <Dialog
      open={created !== null}
      title="Set-password link"
      onClose={onClose}
      dismissible={false}
      footer={<button type="button" onClick={onClose}>Done</button>}
    >
      {created && (
        <PasswordLinkResult userId={created.id} link={created.passwordLink} occasion="created" />
      )}
    </Dialog>
  );
}
