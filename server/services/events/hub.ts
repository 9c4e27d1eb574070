/**
 * This instance's live event streams (issue 38, docs/decisions/0022-live-events.md): one LISTEN
 * on the database's change events (db/events.ts), fanned out to every open stream whose user may
 * read each event (readers.ts). Idle streams cost the database nothing: no query runs until an
 * event arrives, and then at most one per company to learn its tgids.
 *
 * Each event gets an id (`<instance>.<sequence>`) and the latest RECENT_EVENTS are kept, so a
 * stream reopened with the last id it saw (Last-Event-ID, or `since` from the page) is sent what
 * it missed; when that cannot be known (another instance, or too long ago) it is sent one
 * `resync`, and the tab reads its screens again once. A stream ends when its session does:
 * at the token's expiry, and when the database says the user's sessions changed (logout,
 * deactivation, another team or rights, a password reset: `session.ended`), checked at once;
 * that event also makes every instance forget those users' cached sessions.
 */
import type { Database } from "../../../db/client.ts";
import { eventBus, type PortalEvent, PUBLIC_EVENT_TYPES } from "../../../db/events.ts";
import type { Sessions, SessionUser } from "../../auth/sessions.ts";
import { CompanyTgids, mayRead } from "./readers.ts";
import { RESYNC_EVENT } from "../../../openapi/events.ts";
import { EventStream, eventText, HEARTBEAT } from "./stream.ts";

/** Events kept for streams that reconnect. */
const RECENT_EVENTS = 1_000;
/** Streams one instance holds at most; past them a tab polls instead. */
const MAX_STREAMS = 10_000;
/** How often an idle stream carries a keep-alive comment, in ms. */
export const HEARTBEAT_MS = 15_000;

const PUBLIC = new Set<string>(PUBLIC_EVENT_TYPES);

interface Numbered {
  seq: number;
  event: PortalEvent;
}

interface Open {
  user: SessionUser;
  token: string;
  /** When the token expires (ms since the epoch): the stream ends then. */
  expiresAtMs: number;
  /** The last event id the tab saw, when it resumes. */
  lastEventId?: string;
}

interface Tab {
  stream: EventStream;
  user: SessionUser;
  token: string;
}

export class EventHub {
  /** This instance's event ids start with it; another instance's ids are not resumable here. */
  readonly #instance = crypto.randomUUID().slice(0, 8);
  #seq = 0;
  /** The first id a stream may resume from (after a gap in the listening, none before it). */
  #resumableAfter = 0;
  #recent: Numbered[] = [];
  readonly #tabs = new Set<Tab>();
  readonly #bus;
  readonly #tgids: CompanyTgids;
  #listening: Promise<() => void> | null = null;
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    database: Database,
    private readonly sessions: Sessions,
  ) {
    this.#bus = eventBus(database, () => this.#gap());
    this.#tgids = new CompanyTgids(database.db);
  }

  /** The id of the latest event: a page rendered now is up to date to it. */
  get lastId(): string {
    return `${this.#instance}.${this.#seq}`;
  }

  /**
   * A new stream for `open.user`. Rejects when this instance cannot listen to the database or
   * holds MAX_STREAMS already (the tab polls instead).
   */
  async open(open: Open): Promise<EventStream | null> {
    if (this.#tabs.size >= MAX_STREAMS) return null;
    await this.listen();
    const tab: Tab = {
      user: open.user,
      token: open.token,
      stream: new EventStream(() => this.#forget(tab, expiry), () => this.#resyncText()),
    };
    const expiry = setTimeout(() => tab.stream.close(), Math.max(0, open.expiresAtMs - Date.now()));
    this.#tabs.add(tab);
    this.#heartbeat ??= setInterval(() => this.#beat(), HEARTBEAT_MS);
    if (open.lastEventId !== undefined) this.#resume(tab, open.lastEventId);
    return tab.stream;
  }

  /**
   * Listens to the database's events, if not yet: with the first stream, or at once (a server
   * does at start, so that other instances' session changes reach its session cache).
   */
  async listen(): Promise<void> {
    this.#listening ??= this.#bus.subscribe((e) => this.#receive(e)).catch((e) => {
      this.#listening = null;
      throw e;
    });
    await this.#listening;
  }

  /** Ends every stream and stops listening (the server stops). */
  async close() {
    for (const tab of [...this.#tabs]) tab.stream.close();
    const listening = this.#listening;
    this.#listening = null;
    if (listening) (await listening.catch(() => () => {}))();
    await this.#bus.close();
  }

  #forget(tab: Tab, expiry: ReturnType<typeof setTimeout>) {
    clearTimeout(expiry);
    this.#tabs.delete(tab);
    if (!this.#tabs.size) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  #beat() {
    for (const tab of this.#tabs) tab.stream.send(HEARTBEAT);
  }

  #resyncText() {
    return eventText(this.lastId, RESYNC_EVENT, {});
  }

  /** Sends what the tab missed since `lastEventId`, or a resync when that is not known. */
  #resume(tab: Tab, lastEventId: string) {
    const [instance, seqText] = lastEventId.split(".");
    const seq = Number(seqText);
    const oldest = this.#recent[0]?.seq ?? this.#seq + 1;
    const known = instance === this.#instance && Number.isInteger(seq) && seq <= this.#seq &&
      seq >= oldest - 1 && seq >= this.#resumableAfter;
    if (!known) return tab.stream.send(this.#resyncText());
    for (const numbered of this.#recent) {
      if (numbered.seq > seq) this.#offer(tab, numbered);
    }
  }

  /**
   * The listening connection was lost and is back: events may have been missed, which no id can
   * replay. Every stream is told to resync, ids from before cannot be resumed, and the companies'
   * tgids and the cached sessions are read again.
   */
  #gap() {
    this.#recent = [];
    this.#resumableAfter = ++this.#seq;
    this.#tgids.clear();
    this.sessions.clear();
    for (const tab of this.#tabs) tab.stream.send(this.#resyncText());
  }

  #receive(event: PortalEvent) {
    if (event.type === "session.ended") return this.#sessionsChanged(event.ids);
    if (event.type === "tenancy.changed") return this.#tgids.clear();
    if (!PUBLIC.has(event.type)) return;
    const numbered = { seq: ++this.#seq, event };
    this.#recent.push(numbered);
    if (this.#recent.length > RECENT_EVENTS) this.#recent.shift();
    for (const tab of this.#tabs) this.#offer(tab, numbered);
  }

  /** Queues `numbered` on the tab's stream when its user may read it, in the stream's order. */
  #offer(tab: Tab, { seq, event }: Numbered) {
    tab.stream.after(async () => {
      if (!await mayRead(tab.user, event.scope, this.#tgids)) return;
      tab.stream.send(eventText(`${this.#instance}.${seq}`, event.type, { ids: event.ids }));
    });
  }

  /**
   * Some users' sessions may have ended or changed: this instance forgets their cached sessions,
   * and their streams end unless their session still resolves to the same company and rights (a
   * stream reopened after a change reads with the new ones).
   */
  #sessionsChanged(userKeys: string[]) {
    const keys = new Set(userKeys.map(Number));
    this.sessions.forgetUsers(keys);
    for (const tab of this.#tabs) {
      if (!keys.has(tab.user.key)) continue;
      tab.stream.after(async () => {
        const now = await this.sessions.recheck(tab.token).catch(() => null);
        if (!now || now.companyId !== tab.user.companyId || now.admin !== tab.user.admin) {
          tab.stream.close();
        }
      });
    }
  }
}
