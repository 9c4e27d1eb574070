/**
 * The terminal page's and row menu's command dialogs (static backdrop), loaded on first use:
 * "Tracking…" for Shout and Iridium trackers (POST /rest/generic/setTerminalTracking for the one
 * terminal) and the result of "Get serial" for Inmarsat C (GET /rest/mtls/getSerial).
 */
import { useState } from "react";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { useStartFor } from "../../kit/dialog/FormDialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { PromiseButton, usePromiseState } from "../../kit/form/PromiseButton.tsx";
import { FieldTable, shown } from "../../kit/table/FieldTable.tsx";
import { call, client, messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { CommandResult } from "../../commands/command_form.tsx";
import type { CommandsIssued } from "../../commands/command_api.ts";
import { TrackingFacts } from "./terminal_tracking.tsx";
import { serialChanged, type SerialResult } from "./terminal_api.ts";
import { type Terminal, TERMINAL_MESSAGES } from "../../../openapi/schemas/terminal/terminals.ts";
import type { TrackingFormValues } from "../../../openapi/schemas/terminal/terminal_forms.ts";

const loadTrackingForm = () =>
  import("../../../openapi/schemas/terminal/terminal_forms.ts").then((m) => m.TrackingFormSchema);

const blankTracking = (deviceId: number): TrackingFormValues => ({
  deviceId,
  tracking: "",
  delayAuthorized: false,
  startDate: "",
});

/** How a terminal is named in titles and toasts: its label and device id. */
export const terminalName = (t: { deviceId: number; deviceLabel: string | null }) =>
  t.deviceLabel ? `${t.deviceLabel} (${t.deviceId})` : String(t.deviceId);

/**
 * "Tracking…": what the portal knows of the terminal's tracking, then on or off (no default),
 * delay authorized and an optional start (UTC). Send records a command list and shows it, with a
 * success toast; a refusal shows the server's message here and in a danger toast. `onClose` says
 * whether a command was sent (the page then shows the new request).
 */
export function TrackingDialog(
  { terminal, onClose }: { terminal: Terminal | null; onClose: (sent: boolean) => void },
) {
  const form = useZodForm(loadTrackingForm, blankTracking(0));
  const run = usePromiseState();
  const [issued, setIssued] = useState<CommandsIssued | null>(null);
  const [error, setError] = useState<string | null>(null);
  const forget = useStartFor(terminal, (t) => t.deviceId, (t) => {
    form.reset(blankTracking(t.deviceId));
    setIssued(null);
    setError(null);
  });
  const close = () => {
    forget();
    onClose(issued !== null);
  };
  const name = terminal ? terminalName(terminal) : "";
  const maySend = terminal?.tracking?.maySend ?? false;
  const v = form.values;

  const send = form.onSubmit(async (body) => {
    setError(null);
    try {
      const r = await run.run(() =>
        call(client.POST("/rest/generic/setTerminalTracking", { body }))
      );
      setIssued(r);
      toast("success", TERMINAL_MESSAGES.trackingSent(body.trackingEnabled, name, r.listId));
    } catch (e) {
      setError(messageOf(e));
      toast("error", TERMINAL_MESSAGES.trackingError(messageOf(e)));
    }
  });

  return (
    <Dialog
      open={terminal !== null}
      title={`Tracking of terminal ${name}`}
      onClose={close}
      dismissible={false}
      footer={issued || !maySend ? <button type="button" onClick={close}>Close</button> : (
        <>
          <button type="button" className="secondary" onClick={close}>Cancel</button>
          <PromiseButton type="submit" form="terminal-tracking-form" state={run.state}>
            Send
          </PromiseButton>
        </>
      )}
    >
      {terminal?.tracking && (
        <dl className="detail-facts" data-tracking-state="">
          <TrackingFacts tracking={terminal.tracking} />
        </dl>
      )}
      {!maySend && <p role="note">{TERMINAL_MESSAGES.trackingNotYours}</p>}
      {maySend && !issued && (
        <form
          id="terminal-tracking-form"
          ref={form.ref}
          noValidate
          onSubmit={send}
          data-dialog-form="terminal-tracking"
        >
          <fieldset>
            <legend>Command</legend>
            {(["on", "off"] as const).map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name="tracking"
                  value={choice}
                  aria-invalid={form.errors.tracking ? "true" : undefined}
                  aria-describedby={form.errors.tracking ? "f-tracking-error" : undefined}
                  checked={v.tracking === choice}
                  onChange={() => form.set("tracking", choice)}
                />
                {`Turn tracking ${choice}`}
              </label>
            ))}
            {form.errors.tracking && (
              <small id="f-tracking-error" className="field-error" role="alert">
                {form.errors.tracking}
              </small>
            )}
          </fieldset>
          <div className="switch-field">
            <label htmlFor="f-tracking-delay">
              <input
                id="f-tracking-delay"
                name="delayAuthorized"
                type="checkbox"
                role="switch"
                aria-describedby="f-tracking-delay-hint"
                checked={v.delayAuthorized}
                onChange={(e) => form.set("delayAuthorized", e.currentTarget.checked)}
              />
              Delay authorized
            </label>
            <small id="f-tracking-delay-hint">
              The station may hold the command until the terminal can take it.
            </small>
          </div>
          <Field
            label="Start (UTC, optional)"
            name="startDate"
            error={form.errors.startDate}
            hint="Empty: at once. A later start waits at the station until then."
          >
            {(p) => (
              <input
                {...p}
                type="datetime-local"
                value={v.startDate}
                onChange={(e) => form.set("startDate", e.currentTarget.value)}
              />
            )}
          </Field>
        </form>
      )}
      {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
      <CommandResult issued={issued} />
    </Dialog>
  );
}

/**
 * "Get serial": the serial the portal holds for the mtl now, and whether it differs from the one
 * the screen showed (its opener then refreshes the screen when the dialog closes).
 */
export function SerialDialog(
  { result, onClose }: { result: SerialResult | null; onClose: () => void },
) {
  const same = result !== null && !serialChanged(result);
  const where = result?.shownOn === "list" ? "in the list" : "on the page";
  return (
    <Dialog
      open={result !== null}
      title={result ? `Serial of ${result.answer.imn}` : "Serial"}
      onClose={onClose}
      dismissible={false}
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {result && (
        <>
          <FieldTable
            name="serial"
            rows={[["IMN", result.answer.imn], ["Serial", shown(result.answer.serial)]]}
          />
          <p data-serial-compare={same ? "same" : "differs"}>
            {!same
              ? `Differs from the serial shown ${where} (${
                shown(result.shown)
              }): it changed since it was loaded. Closing this refreshes the ${result.shownOn}.`
              : result.answer.serial === null
              ? "No serial is recorded for this terminal."
              : `Same as the serial shown ${where}.`}
          </p>
        </>
      )}
    </Dialog>
  );
}
