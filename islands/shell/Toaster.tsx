/** Shows the toasts of the page (a polite live region; errors are assertive). */
import { useStore } from "../runtime/store.ts";
import { dismissToast, TOAST_TITLES, toasts } from "../runtime/toasts.ts";

export default function Toaster() {
  const list = useStore(toasts);
  return (
    <div className="toasts" role="region" aria-label="Notifications">
      {list.map((t) => (
        <article
          key={t.id}
          className={`toast ${t.kind}`}
          role={t.kind === "error" ? "alert" : "status"}
          data-toast={t.kind}
        >
          <div>
            <strong>{TOAST_TITLES[t.kind]}</strong>
            <p>{t.message}</p>
          </div>
          <button
            type="button"
            className="secondary outline"
            aria-label="Dismiss"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </article>
      ))}
    </div>
  );
}
