/**
 * A row's context menu: opened by right-click, the row's ⋮ button or the ContextMenu key;
 * arrow keys move, Enter runs, Escape or a click elsewhere closes and focus goes back. The
 * focused entry is the one highlighted; the pointer moves the focus to the entry under it, so
 * the arrows and the mouse never highlight two entries at once.
 */
import { useEffect, useLayoutEffect, useRef } from "react";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /**
   * A menu checkbox (role menuitemcheckbox, aria-checked): true or false is its state, shown as a
   * ticked or empty box beside the label, which stays the accessible name; undefined for a plain
   * entry.
   */
  checked?: boolean;
}

export function ContextMenu(
  { x, y, items, label, onClose }: {
    x: number;
    y: number;
    items: MenuItem[];
    label: string;
    onClose: () => void;
  },
) {
  const ref = useRef<HTMLUListElement>(null);
  const returnTo = useRef<Element | null>(null);

  // Keep the menu on screen, and keep it there when its size changes while it is open (entries
  // that change with a state that arrives, a style that settles after the first layout).
  useLayoutEffect(() => {
    const el = ref.current!;
    const place = () => {
      const r = el.getBoundingClientRect();
      el.style.left = `${Math.max(4, Math.min(x, innerWidth - r.width - 4))}px`;
      el.style.top = `${Math.max(4, Math.min(y, innerHeight - r.height - 4))}px`;
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(el);
    return () => resized.disconnect();
  }, [x, y]);

  useLayoutEffect(() => {
    returnTo.current = document.activeElement;
    const el = ref.current!;
    // Focus the first enabled entry, or the menu itself, so Escape always reaches it.
    (el.querySelector<HTMLButtonElement>("button:not(:disabled)") ?? el).focus();
  }, [x, y]);

  const close = () => {
    onClose();
    (returnTo.current as HTMLElement | null)?.focus?.();
  };

  useEffect(() => {
    const outside = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    // Close when the page really scrolls, not on a scroll event queued before the menu opened.
    const at = [scrollX, scrollY];
    const scrolled = () => {
      if (scrollX !== at[0] || scrollY !== at[1]) onClose();
    };
    document.addEventListener("mousedown", outside);
    addEventListener("scroll", scrolled, { passive: true });
    addEventListener("resize", onClose);
    return () => {
      document.removeEventListener("mousedown", outside);
      removeEventListener("scroll", scrolled);
      removeEventListener("resize", onClose);
    };
  }, []);

  const move = (delta: number) => {
    const buttons = [...ref.current!.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(i + delta + buttons.length) % buttons.length]?.focus();
  };

  return (
    <ul
      ref={ref}
      role="menu"
      aria-label={label}
      tabIndex={-1}
      className="context-menu"
      onKeyDown={(e) => {
        if (e.key === "ArrowDown") move(1);
        else if (e.key === "ArrowUp") move(-1);
        else if (e.key === "Escape" || e.key === "Tab") close();
        else return;
        e.preventDefault();
      }}
    >
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role={item.checked === undefined ? "menuitem" : "menuitemcheckbox"}
            aria-checked={item.checked}
            disabled={item.disabled}
            onMouseMove={(e) => {
              const entry = e.currentTarget;
              if (!entry.disabled && entry !== document.activeElement) {
                entry.focus({ preventScroll: true });
              }
            }}
            onClick={() => {
              close();
              item.onSelect();
            }}
          >
            {item.checked !== undefined && (
              <span className="menu-check" aria-hidden="true">{item.checked ? "✓" : ""}</span>
            )}
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
