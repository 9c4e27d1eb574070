/**
 * A modal dialog on the native <dialog>: the rest of the page is inert, so focus stays inside;
 * the backdrop is static (clicking it does nothing); Escape closes only when `dismissible`.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Escape closes the dialog (default true); false for dialogs that must be answered. */
  dismissible?: boolean;
  wide?: boolean;
  children: ReactNode;
  /**
   * The buttons, drawn on one row at the end (docs/architecture.md, Dialogs): further actions
   * first, then the dismissal (Cancel or Close), the primary action last.
   */
  footer?: ReactNode;
  /** Which element gets focus on open (default: the first field or button, see focusOnOpen). */
  initialFocus?: string;
}

/**
 * Focuses what a dialog starts on, without scrolling it: `initialFocus`, else its body's first
 * field or button when it shows at the dialog's top, else the footer's Close or Cancel, else the
 * title. The dialog opens at its top: a long details dialog whose only buttons are in its footer
 * (Close, Cancel command) is not scrolled to its end, nor focused on cancelling the command.
 */
function focusOnOpen(dialog: HTMLDialogElement, initialFocus: string | undefined) {
  const body = dialog.querySelector("article")!;
  body.scrollTop = 0;
  // A field or button of the body first; else the footer's safe way out (Close, Cancel), never
  // its primary action (a stray Enter must not delete or cancel anything).
  const inBody = [
    ...dialog.querySelectorAll<HTMLElement>("input:not([type=hidden]),select,textarea,button"),
  ].find((e) => !e.closest("header, footer"));
  const target = (initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null) ??
    inBody ?? dialog.querySelector<HTMLElement>("footer :is([data-close], button.secondary)");
  const seen = target &&
    target.getBoundingClientRect().bottom <= body.getBoundingClientRect().bottom;
  (seen ? target : dialog.querySelector<HTMLElement>("h2"))?.focus({ preventScroll: true });
}

export function Dialog(
  { open, title, onClose, dismissible = true, wide, children, footer, initialFocus }: DialogProps,
) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      focusOnOpen(dialog, initialFocus);
    } else if (!open && dialog.open) {
      dialog.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // Escape: we decide, and keep React's state the source of truth
        if (dismissible) onClose();
      }}
    >
      <article className={wide ? "wide" : undefined}>
        <header>
          {dismissible && (
            <button
              type="button"
              aria-label="Close"
              rel="prev"
              data-close=""
              onClick={onClose}
            />
          )}
          <h2 id={titleId} tabIndex={-1}>{title}</h2>
        </header>
        {open && children}
        {footer && <footer className="dialog-actions">{footer}</footer>}
      </article>
    </dialog>
  );
}
