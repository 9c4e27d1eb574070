/**
 * A create dialog (static backdrop) in the spec's two variants: "Create" closes the dialog and
 * opens the new item's page; "Create and add another" keeps it open with a reset form. The
 * server's message is shown in the dialog on failure.
 */
import { type ReactNode, useState } from "react";
import { Dialog } from "./Dialog.tsx";
import { PromiseButton, usePromiseState } from "../form/PromiseButton.tsx";
import { messageOf } from "../../runtime/api.ts";
import { navigate } from "../../runtime/navigate.ts";
import { toast } from "../../runtime/toasts.ts";

interface CreateDialogProps<T> {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Validates and sends the form; resolves the created item, or null when the form is invalid. */
  create: () => Promise<T | null>;
  /** The new item's page; null: stay (the caller shows something first, then goes on). */
  hrefOf: (item: T) => string | null;
  /** Clears the form for the next item (create-and-add-another). */
  reset: () => void;
  /** The success toast's text. */
  created: (item: T) => string;
  /** Offer "Create and add another" (default true). */
  addAnother?: boolean;
  children: ReactNode;
}

export function CreateDialog<T>(props: CreateDialogProps<T>) {
  const [error, setError] = useState<string | null>(null);
  const primary = usePromiseState();
  const again = usePromiseState();

  async function submit(mode: "open" | "again") {
    setError(null);
    const runner = mode === "open" ? primary : again;
    try {
      const item = await runner.run(async () => {
        const created = await props.create();
        if (created === null) throw null; // invalid form: the fields say why
        return created;
      });
      toast("success", props.created(item));
      if (mode === "open") {
        props.onClose();
        const href = props.hrefOf(item);
        if (href !== null) void navigate(href);
      } else {
        props.reset();
        document.querySelector<HTMLElement>("dialog[open] input, dialog[open] select")?.focus();
      }
    } catch (e) {
      if (e !== null) setError(messageOf(e));
    }
  }

  return (
    <Dialog
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      dismissible={false}
      footer={
        <>
          {props.addAnother !== false && (
            <PromiseButton
              type="button"
              className="secondary"
              state={again.state}
              onClick={() => submit("again")}
            >
              Create and add another
            </PromiseButton>
          )}
          <button type="button" className="secondary" onClick={props.onClose}>Cancel</button>
          <PromiseButton type="button" state={primary.state} onClick={() => submit("open")}>
            Create
          </PromiseButton>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit("open");
        }}
      >
        {props.children}
        {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
      </form>
    </Dialog>
  );
}
