/**
 * A tracker's tracking as the portal knows it (GET /rest/terminal/get's `tracking`), for the
 * terminal page and the Tracking dialog: the state the terminal last took (the last tracking
 * command delivered or acknowledged) and, when a later request is still under way or failed, that
 * request with its status. The portal keeps no other record of it.
 */
import { Fact } from "../../kit/Fact.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { CommandStatusBadge } from "../list/command_status.tsx";
import { listHref } from "../../commands/command_api.ts";
import { TRACKING_FREQUENCIES } from "../../../openapi/enums.ts";
import type {
  TerminalTracking,
  TrackingCommand,
} from "../../../openapi/schemas/terminal/tracking.ts";

const onOff = (enabled: boolean) => enabled ? "On" : "Off";

/** "every 10 minutes, delay authorized, from 2026-11-30 12:56:24 UTC": what it asked besides on/off. */
function asked(c: TrackingCommand): string {
  const frequency = c.frequency === null
    ? null
    : TRACKING_FREQUENCIES[c.frequency as keyof typeof TRACKING_FREQUENCIES];
  return [
    frequency && c.frequency !== 0 ? `every ${frequency}` : null,
    c.delayAuthorized ? "delay authorized" : null,
    c.startAt ? `from ${formatDateTime(c.startAt)} UTC` : null,
  ].filter(Boolean).join(", ");
}

/** The command's page: its list, opened on it. */
function CommandLink({ c }: { c: TrackingCommand }) {
  const { listId, groupId, itemId } = c.commandId;
  return <a href={`${listHref(listId)}/${groupId}/${itemId}`}>command list {listId}</a>;
}

/** The facts of a `<dl className="detail-facts">`: Tracking, and the last request when pending. */
export function TrackingFacts({ tracking }: { tracking: TerminalTracking }) {
  const { last, confirmed } = tracking;
  const request = last && last.commandId.listId !== confirmed?.commandId.listId ? last : null;
  return (
    <>
      <Fact label="Tracking">
        {confirmed
          ? (
            <span data-tracking="confirmed">
              <strong>{onOff(confirmed.trackingEnabled)}</strong>{" "}
              <span className="muted">
                ({confirmed.statusLabel.toLowerCase()} {formatDateTime(confirmed.updatedAt)} UTC
                {asked(confirmed) && `; ${asked(confirmed)}`}; <CommandLink c={confirmed} />)
              </span>
            </span>
          )
          : (
            <span data-tracking="unknown" className="muted">
              Not known: no tracking command delivered from the portal yet
            </span>
          )}
      </Fact>
      {request && (
        <Fact label="Last tracking request">
          <span data-tracking="request">
            <strong>{onOff(request.trackingEnabled)}</strong>{" "}
            <CommandStatusBadge command={request} />{" "}
            <span className="muted">
              (sent {formatDateTime(request.createdAt)} UTC
              {asked(request) && `; ${asked(request)}`}; <CommandLink c={request} />)
            </span>
          </span>
        </Fact>
      )}
    </>
  );
}
