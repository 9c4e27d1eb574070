/**
 * Messaging C's compose form (/commands/messagingC): the recipient with autocomplete (the
 * sender's recipient history, and a search of the mtls the user reaches), up to 6 carbon copies,
 * the text with its live size and packet count, the format, an attachment, a delivery
 * notification, From and Reply-to. It validates with the server's zod schema (loaded on first
 * use) and the size limit of the recipients known to be mini-C; Send runs the transmission in the
 * progress dialog (messaging_c_progress.tsx).
 */
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Field, fieldErrors } from "../kit/form/form.tsx";
import { useTypedBeforeHydration } from "../kit/form/early_input.ts";
import { PromiseButton, usePromiseState } from "../kit/form/PromiseButton.tsx";
import { FileUpload, type UploadedFile } from "../kit/form/FileUpload.tsx";
import { ApiFailure } from "../runtime/api.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  MAX_CARBON_COPIES,
  MESSAGING_C_FORMATS,
  MESSAGING_C_STATUS_DELAY_MS,
} from "../../openapi/enums.ts";
import {
  formatSize as formatBytes,
  messageSize,
  MESSAGING_C_MESSAGES as M,
  type MessagingCFormat,
  packetCount,
  sizeLimit,
  TRANSMISSION_STEPS as STEP,
} from "../../openapi/schemas/inmarsat/messaging_c_messages.ts";
import type { MessagingCSendBody, Recipient } from "../../openapi/schemas/inmarsat/messaging_c.ts";
import {
  commandDetails,
  lookupMtl,
  searchMtls,
  sendMessage,
  SENT_EVENT,
} from "./messaging_c_api.ts";
import { type Outcome, type Progress, ProgressDialog } from "./messaging_c_progress.tsx";

interface MessagingCProps {
  /** The sender's recipient history, most recent first. */
  recipients: Recipient[];
}

/** The form's fields, flat: each named after its key (kept when typed before hydration). */
const EMPTY = {
  recipient: "",
  cc: "",
  text: "",
  format: "text" as MessagingCFormat,
  fromActive: false,
  from: "",
  replyToActive: false,
  replyTo: "",
  notify: false,
  notifyRecipients: "",
  notifyReference: "",
  notifyDate: "",
};
type Values = typeof EMPTY;
/** The fields of free text, and the switches. */
type TextKey = { [K in keyof Values]: string extends Values[K] ? K : never }[keyof Values];
type SwitchKey = { [K in keyof Values]: Values[K] extends boolean ? K : never }[keyof Values];

/** Where a schema issue shows: the form field of its path. */
const FIELD_OF: [string, keyof Values][] = [
  ["recipient", "recipient"],
  ["carboncopies", "cc"],
  ["message.raw", "text"],
  ["message.format", "format"],
  ["message.from", "from"],
  ["message.replyTo", "replyTo"],
  ["message.notification.recipients", "notifyRecipients"],
  ["message.notification.reference", "notifyReference"],
  ["message.notification.customDate", "notifyDate"],
];

// The upload field is part of the page: a lazy one would suspend the server's render, which cannot
// wait for it (React error #419). The send schema loads on first use.
const loadSchema = () => import("../../openapi/schemas/inmarsat/messaging_c.ts");
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function MessagingC({ recipients }: MessagingCProps) {
  const [v, setValues] = useState<Values>(EMPTY);
  const [ccs, setCcs] = useState<string[]>([]);
  const [ccError, setCcError] = useState<string | undefined>();
  const [attachment, setAttachment] = useState<UploadedFile | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [progress, setProgress] = useState<Progress | null>(null);
  const [found, setFound] = useState<Recipient[]>([]);
  // Carbon copies typed by hand, looked up (is it mini-C?).
  const [looked, setLooked] = useState<Recipient[]>([]);
  const [uploadKey, setUploadKey] = useState(0);
  const button = usePromiseState();
  const form = useRef<HTMLFormElement>(null);

  useTypedBeforeHydration(form, (typed) =>
    setValues((old) => {
      const next: Record<string, unknown> = { ...old };
      for (const { field, value } of typed) if (field.name in next) next[field.name] = value;
      return next as Values;
    }));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    void loadSchema();
    setValues((old) => ({ ...old, [key]: value }));
  };

  // What is known of each mtl: the history, and what the search found.
  const known = useMemo(() => {
    const map = new Map<string, Recipient>();
    for (const r of [...looked, ...found, ...recipients]) map.set(r.mtl, r);
    return map;
  }, [recipients, found, looked]);

  // The search behind the autocomplete: 3 characters or more.
  useEffect(() => {
    const text = v.recipient.trim();
    if (text.length < 3 || known.has(text)) return;
    const timer = setTimeout(() => {
      searchMtls(text).then(setFound).catch(() => {});
    }, 300);
    return () => clearTimeout(timer);
  }, [v.recipient]);

  const targets = [v.recipient.trim(), ...ccs];
  const miniC = targets.some((imn) => known.get(imn)?.miniC);
  const limit = sizeLimit(miniC);
  const size = messageSize(v.text, v.format, attachment?.size ?? 0);
  const packets = packetCount(size);

  function addCc() {
    const imn = v.cc.trim();
    if (!imn) return;
    if (ccs.length >= MAX_CARBON_COPIES) return setCcError(M.tooManyCarbonCopies);
    if (!/^4\d{8}$/.test(imn) || imn === v.recipient.trim()) {
      return setCcError(`Carbon copy ${imn} is not valid: choose another terminal`);
    }
    if (!ccs.includes(imn)) setCcs([...ccs, imn]);
    if (!known.has(imn)) {
      lookupMtl(imn).then((r) => r && setLooked((old) => [...old, r]));
    }
    setCcError(undefined);
    set("cc", "");
  }

  const body = (): MessagingCSendBody => ({
    recipient: v.recipient,
    carboncopies: ccs,
    message: {
      raw: v.text,
      format: v.format,
      from: { active: v.fromActive, value: v.from },
      replyTo: { active: v.replyToActive, value: v.replyTo },
      notification: v.notify
        ? {
          recipients: v.notifyRecipients.split(/[,;\s]+/).filter(Boolean),
          reference: v.notifyReference,
          customDate: v.notifyDate,
        }
        : null,
      data: attachment ? { name: attachment.name, size: attachment.size } : null,
    },
  });

  /** The schema's verdict, and the mini-C limit of the recipients known here. */
  async function validate(): Promise<MessagingCSendBody | null> {
    const { MessagingCSendSchema } = await loadSchema();
    const request = body();
    const parsed = MessagingCSendSchema.safeParse(request);
    const out: Partial<Record<keyof Values, string>> = {};
    if (!parsed.success) {
      for (const [path, message] of Object.entries(fieldErrors(parsed.error))) {
        const field = FIELD_OF.find(([p]) => path === p || path.startsWith(`${p}.`))?.[1];
        out[field ?? "text"] ??= message;
      }
    } else if (size > limit) out.text = M.tooBig(size, limit);
    setErrors(out);
    if (Object.keys(out).length) {
      setTimeout(() => form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return null;
    }
    return request;
  }

  const finish = (outcome: Outcome, note: string, detail?: string) =>
    setProgress({ percent: STEP.done, note, outcome, detail });

  /** The transmission (portal-shell §4): the dialog's steps; rejects when it failed. */
  async function transmit(request: MessagingCSendBody) {
    setProgress({ percent: STEP.transmitting, note: M.transmitting, outcome: null });
    let sent;
    try {
      sent = await sendMessage(request);
    } catch (e) {
      const message = e instanceof Error ? e.message : "";
      finish("danger", message ? M.transmissionError(message) : M.unknownTransmissionError);
      throw e;
    }
    setProgress({ percent: STEP.result, note: sent.status.message, outcome: null });
    globalThis.dispatchEvent(new Event(SENT_EVENT));
    const delivered = sent.recipients.filter((r) => r.refNum !== null);
    if (!delivered.length) {
      finish("danger", sent.status.message);
      throw new Error(sent.status.message);
    }
    // The message went out (to some recipients at least): sending again would duplicate it.
    setValues((old) => ({ ...old, text: "" }));
    setAttachment(null);
    setUploadKey((k) => k + 1);
    if (!sent.status.success) {
      return setProgress({
        percent: STEP.done,
        note: M.partlySent(delivered.length, sent.recipients.length),
        outcome: "warning",
        refused: sent.recipients.filter((r) => r.refNum === null)
          .map((r) => M.refusedRecipient(r.mtl, r.fault ?? "")),
      });
    }
    await pause(MESSAGING_C_STATUS_DELAY_MS);
    setProgress({ percent: STEP.retrieving, note: M.retrievingStatus, outcome: null });
    try {
      const command = await commandDetails(sent.listId);
      if (command.statusClass === "danger") {
        const why = command.errorLabel || command.statusLabel;
        finish("danger", why ? M.transmissionError(why) : M.unknownTransmissionError);
        throw new Error("failed");
      }
      finish("success", sent.status.message, `Command status: ${command.statusLabel}`);
    } catch (e) {
      if (e instanceof Error && e.message === "failed") throw e;
      finish("warning", e instanceof ApiFailure ? M.statusUnavailable : M.statusUnknownError);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const request = await validate();
    if (request) await button.run(() => transmit(request)).catch(() => {});
  }

  const err = (key: keyof Values) => errors[key];
  const text = (key: TextKey, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} name={key} error={err(key)}>
      {(p) => (
        <input
          {...p}
          {...props}
          value={v[key]}
          onChange={(e) => set(key, e.currentTarget.value)}
        />
      )}
    </Field>
  );
  const check = (key: SwitchKey, label: string) => (
    <label>
      <input
        type="checkbox"
        role="switch"
        name={key}
        checked={v[key]}
        onChange={(e) => set(key, e.currentTarget.checked)}
      />
      {label}
    </label>
  );

  return (
    <section className="messaging-c">
      <form ref={form} onSubmit={submit} noValidate aria-label="Compose a message">
        {text("recipient", "Recipient", {
          list: "messaging-c-recipients",
          autoComplete: "off",
          placeholder: "imn or terminal label",
        })}
        <datalist id="messaging-c-recipients">
          {[...known.values()].map((r) => (
            <option key={r.mtl} value={r.mtl}>
              {[r.label, r.model, r.miniC ? "mini-C" : null].filter(Boolean).join(" · ")}
            </option>
          ))}
        </datalist>
        <fieldset>
          <Field
            label={`Carbon copies (${ccs.length}/${MAX_CARBON_COPIES})`}
            name="cc"
            error={ccError ?? err("cc")}
          >
            {(p) => (
              <div role="group" className="inline">
                <input
                  {...p}
                  list="messaging-c-recipients"
                  autoComplete="off"
                  value={v.cc}
                  onChange={(e) => set("cc", e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      addCc();
                    }
                  }}
                />
                <button type="button" className="secondary" onClick={addCc}>
                  Add carbon copy
                </button>
              </div>
            )}
          </Field>
          {ccs.length > 0 && (
            <ul className="carbon-copies" aria-label="Carbon copies">
              {ccs.map((imn) => (
                <li key={imn}>
                  {imn} {known.get(imn)?.label && <small>{known.get(imn)!.label}</small>}{" "}
                  <button
                    type="button"
                    className="secondary outline"
                    aria-label={`Remove ${imn}`}
                    onClick={() => setCcs(ccs.filter((c) => c !== imn))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <Field label="Format" name="format" error={err("format")}>
          {(p) => (
            <select
              {...p}
              value={v.format}
              onChange={(e) => set("format", e.currentTarget.value as MessagingCFormat)}
            >
              {MESSAGING_C_FORMATS.map((f) => <option key={f} value={f}>{f}</option>)}
            </select>
          )}
        </Field>
        <Field label="Text" name="text" error={err("text")}>
          {(p) => (
            <textarea
              {...p}
              rows={8}
              value={v.text}
              onChange={(e) => set("text", e.currentTarget.value)}
            />
          )}
        </Field>
        <p className="message-size" aria-live="polite" data-testid="message-size">
          Size: {size} bytes of {limit} ({formatBytes(limit)}
          {miniC ? ", mini-C" : ""}) · {packets} packet{packets === 1 ? "" : "s"}
        </p>
        <FileUpload
          key={uploadKey}
          label="Attachment"
          name="attachment"
          endpoint="/rest/inmarsat/uploadAttachment"
          accept={ATTACHMENT_TYPES.join(",")}
          maxBytes={ATTACHMENT_MAX_BYTES}
          refuse={(file) => {
            const total = messageSize(v.text, v.format, file.size);
            return total > limit ? M.attachmentTooBig(total, limit) : undefined;
          }}
          onUploaded={setAttachment}
        />
        {attachment && (
          <p>
            Attached: {attachment.name.slice(attachment.name.lastIndexOf("/") + 1)}{" "}
            ({formatBytes(attachment.size)}){" "}
            <button
              type="button"
              className="secondary outline"
              onClick={() => {
                setAttachment(null);
                setUploadKey((k) => k + 1);
              }}
            >
              Remove attachment
            </button>
          </p>
        )}
        <fieldset>
          {check("notify", "Delivery notification")}
          {v.notify && (
            <>
              {text("notifyRecipients", "Notification recipients (e-mails, comma-separated)")}
              {text("notifyReference", "Notification reference")}
              {text("notifyDate", "Notification date", { placeholder: "2014-11-30 12:56:24" })}
            </>
          )}
        </fieldset>
        <fieldset>
          {check("fromActive", "From")}
          {v.fromActive && text("from", "From address")}
          {check("replyToActive", "Reply-to")}
          {v.replyToActive && text("replyTo", "Reply-to address")}
        </fieldset>
        <PromiseButton type="submit" state={button.state}>Send</PromiseButton>
      </form>
      <ProgressDialog progress={progress} onClose={() => setProgress(null)} />
    </section>
  );
}
