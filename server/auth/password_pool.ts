/**
 * The password pool: every password the portal checks or sets for a request is derived here, at
 * most `threads` at a time, with at most `queue` more waiting. A request reserves its place
 * before it does anything else (before the lockout records its attempt); past the queue it is
 * refused at once (`passwordsBusy`: 503 with Retry-After), so a crowd signing in can neither
 * take every core nor make sign-ins wait without end, and a refused attempt is not counted as a
 * failed login. The derivation itself (WebCrypto PBKDF2, ./password.ts) runs on Deno's blocking
 * threads, never on the event loop that serves the other requests.
 */
import { hashPassword, verifyPassword } from "./password.ts";
import { ApiError } from "../errors.ts";
import { passwordsBusyMessage } from "../../openapi/schemas/messages.ts";

/** The default threads: half the cores, at least one (the other half serves everything else). */
const defaultHashThreads = () => Math.max(1, Math.floor((navigator.hardwareConcurrency ?? 2) / 2));

/** The 503 of a full pool, with the seconds after which a place is likely free. */
const passwordsBusy = (retryAfter: number) =>
  new ApiError(503, passwordsBusyMessage(retryAfter), { retryAfter }, {
    "Retry-After": String(retryAfter),
  });

interface Derivations {
  hash: typeof hashPassword;
  verify: typeof verifyPassword;
}

/** A place in the pool: derive with it (in turn), then release it. */
export interface PasswordSlot {
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
  hash(password: string): Promise<string>;
  release(): void;
}

export class PasswordPool {
  /** Places taken: derivations running and waiting, and reservations between them. */
  #reserved = 0;
  #running = 0;
  readonly #turns: (() => void)[] = [];
  /** A moving average of one derivation's time, for Retry-After (a first guess until measured). */
  #averageMs = 250;

  constructor(
    readonly iterations: number,
    readonly threads = defaultHashThreads(),
    readonly queue = 16,
    /** The derivations (tests pass their own, to see how many run at once). */
    readonly work: Derivations = { hash: hashPassword, verify: verifyPassword },
  ) {}

  /** Reserves a place, or throws the 503 at once when every thread and queue place is taken. */
  reserve(): PasswordSlot {
    if (this.#reserved >= this.threads + this.queue) throw passwordsBusy(this.retryAfter());
    this.#reserved++;
    let released = false;
    return {
      verify: (password, stored) =>
        this.#inTurn(() => this.work.verify(password, stored, this.iterations)),
      hash: (password) => this.#inTurn(() => this.work.hash(password, this.iterations)),
      release: () => {
        if (released) return;
        released = true;
        this.#reserved--;
      },
    };
  }

  /** Reserves, runs `work` with the place and releases it, whatever happens. */
  async with<T>(work: (slot: PasswordSlot) => Promise<T>): Promise<T> {
    const slot = this.reserve();
    try {
      return await work(slot);
    } finally {
      slot.release();
    }
  }

  /** Seconds until the places ahead of a new request have likely been worked off. */
  retryAfter(): number {
    return Math.max(1, Math.ceil(this.#reserved * this.#averageMs / this.threads / 1000));
  }

  /** Places taken now (running, waiting or reserved), for tests and the benchmark. */
  get reserved() {
    return this.#reserved;
  }

  async #inTurn<T>(work: () => Promise<T>): Promise<T> {
    // A thread is free, or one is handed over (still counted as running) when a derivation ends.
    if (this.#running < this.threads) this.#running++;
    else await new Promise<void>((go) => this.#turns.push(go));
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - started);
      const next = this.#turns.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
