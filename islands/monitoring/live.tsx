/**
 * Figures that refresh on their own: the server-rendered figures first, then SWR reads them again
 * when a change event touches them (traffic, attempts, commands, messages, the services' beats, which come
 * every few seconds while they run: islands/runtime/live.ts), at most every MONITORING_REFRESH_MS,
 * and when the window regains focus; every MONITORING_REFRESH_MS while the tab has no event
 * stream. A failed refresh keeps the last figures and says so without blocking the page.
 */
import useSWR from "swr";
import { MONITORING_LIVE_NOTE, MONITORING_REFRESH_MS } from "../../openapi/monitoring.ts";
import { useLive } from "../runtime/live.ts";
import { formatDateTime } from "../kit/format.ts";
import { messageOf } from "../runtime/fetch_json.ts";

/** What the figures follow. */
const FIGURE_EVENTS = [
  "push.status",
  "delivery.attempt",
  "command.state",
  "message.state",
  "service.heartbeat",
] as const;

export function useFigures<T extends { measuredAt: string }>(
  key: string,
  fetcher: () => Promise<T>,
  initial: T,
) {
  const { data, error, mutate } = useSWR(key, fetcher, {
    fallbackData: initial,
    revalidateOnMount: false,
    revalidateOnFocus: true,
  });
  useLive(FIGURE_EVENTS, () => void mutate(), {
    pollMs: MONITORING_REFRESH_MS,
    minGapMs: MONITORING_REFRESH_MS,
  });
  // The cache may hold older figures than the server just rendered (an in-page navigation back
  // to the page): the newer measurement wins (ISO times compare as text).
  const newest = data && data.measuredAt >= initial.measuredAt ? data : initial;
  return { data: newest, error: error as unknown };
}

/** "12 s ago", "5 min ago", "3 h ago", "2 d ago": how long before `now` (both ISO times). */
export function ago(iso: string | null, now: string): string {
  if (!iso) return "";
  const s = Math.max(0, Math.floor((Date.parse(now) - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** An absolute UTC time and how long before the measurement it was; "never" without one. */
export function When(
  { at, now, never = "never" }: { at: string | null; now: string; never?: string },
) {
  if (!at) return <span className="muted">{never}</span>;
  return (
    <time dateTime={at} className="when">
      {formatDateTime(at)} <small className="muted">({ago(at, now)})</small>
    </time>
  );
}

/** When the figures were measured, the refresh rate, and a failed refresh's message. */
export function LiveNote({ measuredAt, error }: { measuredAt: string; error: unknown }) {
  return (
    <div className="live-note">
      <p className="muted">
        Measured at{" "}
        <time dateTime={measuredAt} data-measured-at="">
          {formatDateTime(measuredAt)}
        </time>{" "}
        UTC · {MONITORING_LIVE_NOTE}
      </p>
      {error !== undefined && (
        <p role="status" className="live-error" data-refresh-error="">
          Could not refresh ({messageOf(error)}); showing the figures measured at{" "}
          {formatDateTime(measuredAt)}. Trying again at the next update.
        </p>
      )}
    </div>
  );
}
