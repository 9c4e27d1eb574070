/**
 * A dialog with one small form (static backdrop): Cancel and a submit button, and the server's
 * message when the call fails; and an edit dialog's start from the edited item's values.
 */
import { type ReactNode, useState } from "react";
import { Dialog } from "./Dialog.tsx";
import { PromiseButton, type PromiseState, usePromiseState } from "../form/PromiseButton.tsx";
import { messageOf } from "../../runtime/api.ts";

export function FormDialog(
  {
    open,
    title,
    onClose,
    submitLabel,
    state,
    onSubmit,
    error,
    children,
    name,
    submitDisabled,
    danger,
  }: {
    open: boolean;
    title: string;
    onClose: () => void;
    submitLabel: ReactNode;
    state: PromiseState;
    onSubmit: (e: { preventDefault(): void }) => void;
    error: string | null;
    children: ReactNode;
    /** The form is `<name>-form`, marked data-dialog-form="<name>". */
    name: string;
    /** The submit button waits for this to be false (a confirmation not typed yet). */
    submitDisabled?: boolean;
    /** The submit button destroys something (Pico's contrast style, as the confirmations'). */
    danger?: boolean;
  },
) {
  // Fixed ids: a server-rendered island would get other useId values than in the browser.
  const formId = `${name}-form`;
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      dismissible={false}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <PromiseButton
            type="submit"
            form={formId}
            state={state}
            disabled={submitDisabled}
            className={danger ? "contrast" : undefined}
          >
            {submitLabel}
          </PromiseButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} data-dialog-form={name}>
        {children}
        {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
      </form>
    </Dialog>
  );
}

/** Runs a dialog's call: the state for its button, the server's message on failure. */
export function useSubmit() {
  const run = usePromiseState();
  const [error, setError] = useState<string | null>(null);
  return {
    state: run.state,
    error,
    setError,
    async send<T>(action: () => Promise<T>): Promise<T | null> {
      setError(null);
      try {
        return await run.run(action);
      } catch (e) {
        setError(messageOf(e));
        return null;
      }
    },
  };
}

/**
 * Calls `start` when the dialog opens for an item other than the last one (state derived while
 * rendering); `keyOf` tells items apart (an id, or "id-les" for a composite key). The returned
 * `forget` makes the next opening start afresh, even for that item.
 */
export function useStartFor<T>(
  item: T | null,
  keyOf: (item: T) => string | number,
  start: (item: T) => void,
) {
  const [forKey, setForKey] = useState<string | number | null>(null);
  if (item && keyOf(item) !== forKey) {
    setForKey(keyOf(item));
    start(item);
  }
  return () => setForKey(null);
}

/**
 * An edit dialog's life: it starts from the item's values when it opens for an item other than
 * last time (`start`), sends with its button's state and the server's message on failure, and
 * forgets the item once saved or closed, so the next opening starts afresh. `keyOf` tells items
 * apart (an id, or "id-les" for a composite key).
 */
export function useEditDialog<T, S>(
  item: T | null,
  keyOf: (item: T) => string | number,
  start: (item: T) => void,
  done: { onClose: () => void; onSaved: (saved: S) => void },
) {
  const submit = useSubmit();
  const forget = useStartFor(item, keyOf, (i) => {
    submit.setError(null);
    start(i);
  });
  return {
    /** For <FormDialog>: open, close, its button's state and the server's message. */
    dialog: {
      open: item !== null,
      onClose: () => {
        forget();
        done.onClose();
      },
      state: submit.state,
      error: submit.error,
    },
    /** Sends the change; once it succeeds, forgets the item and calls onSaved. Null on failure. */
    async save(send: (item: T) => Promise<S>): Promise<S | null> {
      if (!item) return null;
      const saved = await submit.send(() => send(item));
      if (saved) {
        forget();
        done.onSaved(saved);
      }
      return saved;
    },
  };
}
