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
  /** Which element gets focus on open (default: the first focusable one). */
  initialFocus?: string;
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
      const target = initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null;
      (target ?? dialog.querySelector<HTMLElement>(
        "input:not([type=hidden]),select,textarea,button:not([data-close])",
      ))?.focus();
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
          <h2 id={titleId}>{title}</h2>
        </header>
        {open && children}
        {footer && <footer className="dialog-actions">{footer}</footer>}
      </article>
    </dialog>
  );
}
