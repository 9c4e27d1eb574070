/**
 * One tab's event stream (GET /rest/events), in the server-sent events format: a bounded queue
 * the response body pulls from. A reader that falls behind (a stalled network, a suspended tab)
 * never makes the server buffer without bound: past MAX_QUEUED waiting events, the queue is
 * replaced by one `resync`, which tells the tab to read its screens again once; an event only
 * ever asks for a read, so nothing is lost by folding them.
 */

/** Waiting events past which a stream's queue folds into one resync. */
export const MAX_QUEUED = 100;

/** How long a browser waits before reconnecting a dropped stream (the `retry` field), in ms. */
export const RETRY_MS = 3_000;

const encoder = new TextEncoder();

/** One event in the wire format: its id (for Last-Event-ID), its type and its data. */
export const eventText = (id: string, type: string, data: unknown) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** A comment line: keeps proxies from closing an idle stream; browsers ignore it. */
export const HEARTBEAT = ": keep-alive\n\n";

export class EventStream {
  readonly body: ReadableStream<Uint8Array>;
  #queue: string[] = [];
  #wake: (() => void) | undefined;
  #closed = false;
  /** Work done in order for this stream (events wait for their reader check in turn). */
  #chain: Promise<void> = Promise.resolve();
  /** Times the queue folded into a resync (for the bench and the tests). */
  folds = 0;

  constructor(
    /** Called once, when the stream ends for any reason. */
    private readonly onClose: () => void,
    /** The text that replaces an overflowing queue (a resync carrying the latest id). */
    private readonly resync: () => string,
  ) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`)),
      pull: async (controller) => {
        while (!this.#queue.length && !this.#closed) {
          await new Promise<void>((wake) => this.#wake = wake);
        }
        if (this.#queue.length) controller.enqueue(encoder.encode(this.#queue.splice(0).join("")));
        else controller.close();
      },
      cancel: () => this.close(),
    }, { highWaterMark: 0 });
  }

  get closed() {
    return this.#closed;
  }

  /** Queues `text` (folding the queue when the reader is too far behind). */
  send(text: string) {
    if (this.#closed) return;
    if (this.#queue.length >= MAX_QUEUED) {
      this.#queue = [this.resync()];
      this.folds++;
    } else this.#queue.push(text);
    this.#wakeReader();
  }

  /** Runs `work` after the stream's earlier work, in order; a failure ends nothing. */
  after(work: () => Promise<void>) {
    this.#chain = this.#chain.then(work).catch((e) =>
      console.error("an event stream's work failed:", e instanceof Error ? e.message : e)
    );
  }

  /** Ends the stream: what is queued is still sent, then the body closes. */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#wakeReader();
    this.onClose();
  }

  #wakeReader() {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
