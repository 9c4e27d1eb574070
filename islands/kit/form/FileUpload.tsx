/**
 * Uploading one file: cut into 256 KB chunks posted in turn to POST /rest/file/upload, with
 * progress, a Cancel button, and the spec's retry rule (section 5): a failed chunk is sent again
 * once (UPLOAD_CHUNK_RETRIES) after UPLOAD_RETRY_INTERVAL_MS (5 s), except on the permanent
 * statuses 404, 500 and 501, which fail at once. One file at a time: the picker is disabled while
 * a file uploads, and picking another file replaces the previous one.
 */
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import {
  UPLOAD_CHUNK_RETRIES,
  UPLOAD_PERMANENT_ERRORS,
  UPLOAD_RETRY_INTERVAL_MS,
} from "../../../openapi/enums.ts";
import { formMessages } from "../../../openapi/schemas/messages.ts";
import {
  UPLOAD_CHUNK_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_NAME_MAX,
} from "../../../openapi/schemas/file/file_limits.ts";
import type { UploadResult } from "../../../openapi/schemas/file/file.ts";
import { ApiFailure, failureOf, messageOf, portalFetch } from "../../runtime/api.ts";
import { Field } from "./form.tsx";

/** What `onUploaded` receives: `name` is the stored name, for GET /rest/file/get?name. */
export interface UploadedFile {
  name: string;
  size: number;
  contentType: string;
}

export const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
    ? `${Math.round(n / 1024)} KB`
    : `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

/** A v4 UUID; crypto.randomUUID exists only in secure contexts. */
function newUploadId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const cancelled = () => new DOMException("Upload cancelled", "AbortError");

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(cancelled());
    }, { once: true });
  });

const PERMANENT: readonly number[] = UPLOAD_PERMANENT_ERRORS;
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+(;.*)?$/;

interface ChunkedUploadOptions {
  signal: AbortSignal;
  /** Bytes stored so far. */
  onProgress?: (sent: number) => void;
  /** A chunk failed and will be sent again after the retry interval. */
  onRetry?: (index: number, chunks: number, failure: ApiFailure) => void;
  /** Where the chunks go (the same chunk protocol); default /rest/file/upload. */
  endpoint?: string;
}

/** Sends `file` chunk by chunk; resolves with the stored file, rejects with an ApiFailure. */
async function uploadInChunks(
  file: File,
  opts: ChunkedUploadOptions,
): Promise<UploadedFile> {
  const { signal } = opts;
  const uploadId = newUploadId();
  const chunks = Math.max(1, Math.ceil(file.size / UPLOAD_CHUNK_BYTES));
  for (let index = 0; index < chunks; index++) {
    const start = index * UPLOAD_CHUNK_BYTES;
    const end = Math.min(start + UPLOAD_CHUNK_BYTES, file.size);
    const query = new URLSearchParams({
      uploadId,
      index: String(index),
      chunks: String(chunks),
      name: file.name,
    });
    if (MEDIA_TYPE.test(file.type)) query.set("contentType", file.type);
    for (let attempt = 0;; attempt++) {
      if (signal.aborted) throw cancelled();
      let result: UploadResult;
      try {
        const response = await portalFetch(`${opts.endpoint ?? "/rest/file/upload"}?${query}`, {
          method: "POST",
          headers: { "content-type": "application/octet-stream" },
          body: file.slice(start, end),
          signal,
        });
        if (!response.ok) throw await failureOf(response);
        result = await response.json() as UploadResult;
      } catch (e) {
        if (signal.aborted) throw cancelled();
        const failure = e instanceof ApiFailure
          ? e
          : new ApiFailure(0, -1, messageOf(e), {}, "HTTP Error");
        if (attempt >= UPLOAD_CHUNK_RETRIES || PERMANENT.includes(failure.status)) throw failure;
        opts.onRetry?.(index, chunks, failure);
        await pause(UPLOAD_RETRY_INTERVAL_MS, signal);
        continue;
      }
      opts.onProgress?.(end);
      if (result.complete) {
        return { name: result.name, size: result.size, contentType: result.contentType };
      }
      break;
    }
  }
  throw new ApiFailure(500, -1, "The upload did not complete");
}

type Upload =
  | { phase: "idle"; note?: string }
  | { phase: "uploading"; file: File; sent: number; retrying?: string }
  | { phase: "done"; file: File; result: UploadedFile }
  | { phase: "failed"; file?: File; message: string };

interface FileUploadProps {
  label: string;
  /** The field's name (its id is `f-<name>`); default from the label. */
  name?: string;
  /** The file picker's `accept` (e.g. ".csv,text/csv"). */
  accept?: string;
  /** Largest file accepted (at most, and by default, the server's 10 MB). */
  maxBytes?: number;
  /** Where the chunks go (same chunk protocol); default /rest/file/upload. */
  endpoint?: string;
  /** A file refused before it is sent: the message to show, or undefined to send it. */
  refuse?: (file: File) => string | undefined;
  onUploaded: (file: UploadedFile) => void;
}

export function FileUpload(
  { label, name, accept, maxBytes, endpoint, refuse, onUploaded }: FileUploadProps,
) {
  const [upload, setUpload] = useState<Upload>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);
  const limit = Math.min(maxBytes ?? UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES);
  useEffect(() => () => running.current?.abort(), []);

  async function start(file: File) {
    const controller = new AbortController();
    running.current = controller;
    setUpload({ phase: "uploading", file, sent: 0 });
    const update = (patch: { sent?: number; retrying?: string }) =>
      setUpload((u) => u.phase === "uploading" && u.file === file ? { ...u, ...patch } : u);
    try {
      const result = await uploadInChunks(file, {
        signal: controller.signal,
        endpoint,
        onProgress: (sent) => update({ sent, retrying: undefined }),
        onRetry: (index, chunks, failure) =>
          update({
            retrying: `Part ${index + 1} of ${chunks} failed (${failure.message}); ` +
              `retrying in ${UPLOAD_RETRY_INTERVAL_MS / 1000} s`,
          }),
      });
      setUpload({ phase: "done", file, result });
      onUploaded(result);
    } catch (e) {
      if (!controller.signal.aborted) setUpload({ phase: "failed", file, message: messageOf(e) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = ""; // picking the same file again starts again
    if (!file || running.current) return;
    const refused = refuse?.(file);
    if (refused) setUpload({ phase: "failed", file, message: refused });
    else if (file.size > limit) {
      setUpload({
        phase: "failed",
        file,
        message: `File too large: at most ${formatBytes(limit)}`,
      });
    } else if (file.name.length > UPLOAD_NAME_MAX) {
      setUpload({
        phase: "failed",
        file,
        message: formMessages.maxLength("The file name", UPLOAD_NAME_MAX),
      });
    } else void start(file);
  };

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setUpload({ phase: "idle", note: "Upload cancelled" });
  };

  const file = upload.phase === "idle" ? undefined : upload.file;
  const status = upload.phase === "uploading"
    ? upload.retrying ?? `Uploading ${upload.file.name}…`
    : upload.phase === "done"
    ? `Uploaded ${upload.file.name} (${formatBytes(upload.result.size)})`
    : upload.phase === "idle"
    ? upload.note ?? ""
    : "";

  return (
    <div className="file-upload">
      <Field
        label={label}
        name={name ?? label}
        error={upload.phase === "failed" ? upload.message : undefined}
        hint={`One file, at most ${formatBytes(limit)}`}
      >
        {(p) => (
          <input
            {...p}
            type="file"
            accept={accept}
            disabled={upload.phase === "uploading"}
            onChange={pick}
          />
        )}
      </Field>
      {file && (
        <ul className="upload-list">
          <li>
            <span>{file.name}</span> <small className="muted">{formatBytes(file.size)}</small>
            {upload.phase === "uploading" && (
              <>
                <progress
                  max={file.size || 1}
                  value={upload.sent}
                  aria-label={`Uploading ${file.name}`}
                />
                <button type="button" className="secondary" onClick={cancel}>Cancel</button>
              </>
            )}
          </li>
        </ul>
      )}
      <p role="status" className="upload-status">{status}</p>
    </div>
  );
}
