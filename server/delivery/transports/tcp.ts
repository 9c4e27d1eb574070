/**
 * TCP delivery: each message is one frame (frame.ts) written to host:port. Connections are kept
 * and pooled per destination (at most `perDestination`); a message joins the frames that leave
 * a connection at the end of this turn of the event loop (one send for all: a send is most of
 * what a frame costs), else goes to the open connection with the fewest writes in flight; a new
 * one is opened while all are busy and the pool has room. A message is delivered when its write completed on a connection the peer had not
 * closed. A connection the peer ends, resets or that times out leaves the pool.
 */
import net from "node:net";
import { encodeFrame } from "../frame.ts";
import type { OutgoingMessage, TransportContext, TransportResult } from "../types.ts";
import {
  admit,
  AttemptError,
  deadline,
  endpoint,
  networkError,
  parseHostPort,
  seconds,
} from "./dial.ts";

class Connection {
  readonly socket: net.Socket;
  readonly ready: Promise<void>;
  inFlight = 0;
  closed = false;
  /** Connected: a write need not wait for `ready` (nor set a timer for it). */
  connected = false;

  constructor(ip: string, port: number, readonly where: string, private onGone: () => void) {
    this.socket = net.connect({ host: ip, port });
    this.socket.setNoDelay(true);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once("connect", () => {
        this.connected = true;
        resolve();
      });
      this.socket.once("error", reject);
    });
    this.ready.catch(() => {}); // observed by every writer
    this.socket.on("error", () => this.drop());
    this.socket.on("end", () => this.drop());
    this.socket.on("close", () => this.drop());
    this.socket.resume(); // a receiver's bytes are not read: discard them
  }

  drop() {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    this.onGone();
  }

  /** Frames written in one turn of the event loop leave together (one send, not one each). */
  #corked = false;

  /** Whether frames wait to leave at the end of this turn (another one joins them for free). */
  get corked(): boolean {
    return this.#corked;
  }

  write(frame: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new AttemptError(`Connection closed by ${this.where}`));
      if (!this.#corked) {
        this.#corked = true;
        this.socket.cork();
        setImmediate(() => {
          this.#corked = false;
          this.socket.uncork();
        });
      }
      this.socket.write(frame, (error) => {
        if (error) reject(new AttemptError(networkError(error, this.where)));
        else if (this.closed) reject(new AttemptError(`Connection closed by ${this.where}`));
        else resolve();
      });
    });
  }
}

export class TcpTransport {
  #pools = new Map<string, Connection[]>();

  constructor(private perDestination = 8) {}

  async deliver(
    address: string,
    msg: OutgoingMessage,
    ctx: TransportContext,
  ): Promise<TransportResult> {
    const target = parseHostPort(address);
    if (!target) return { outcome: "rejected", error: `${address} is not host:port` };
    const admitted = await admit(target.host, target.port, ctx.egress);
    if (!admitted.ok) return { outcome: "refused", error: admitted.error };
    const where = endpoint(admitted.ip, target.port);
    const connection = this.#acquire(admitted.ip, target.port, where);
    connection.inFlight++;
    try {
      if (!connection.connected) {
        await deadline(
          connection.ready,
          ctx.timeoutMs,
          `Connection to ${where} timed out after ${seconds(ctx.timeoutMs)}`,
          ctx.signal,
          () => connection.drop(),
        ).catch((e) => {
          throw e instanceof AttemptError ? e : new AttemptError(networkError(e, where));
        });
      }
      await deadline(
        connection.write(encodeFrame(msg.id, msg.body)),
        ctx.timeoutMs,
        `Write to ${where} timed out after ${seconds(ctx.timeoutMs)}`,
        ctx.signal,
        // A frame half written leaves the stream unusable: the connection goes.
        () => connection.drop(),
      );
      return { outcome: "delivered" };
    } catch (e) {
      return { outcome: "failed", error: (e as Error).message };
    } finally {
      connection.inFlight--;
    }
  }

  /** The least busy open connection to ip:port, or a new one while the pool has room. */
  #acquire(ip: string, port: number, where: string): Connection {
    let pool = this.#pools.get(where);
    if (!pool) this.#pools.set(where, pool = []);
    let best: Connection | undefined;
    for (const c of pool) {
      // A connection whose frames leave at the end of this turn takes this one in the same send.
      if (c.corked && c.connected && !c.closed) return c;
      if (!best || c.inFlight < best.inFlight) best = c;
    }
    if (best && (best.inFlight === 0 || pool.length >= this.perDestination)) return best;
    const connection: Connection = new Connection(ip, port, where, () => {
      const current = this.#pools.get(where);
      const rest = current?.filter((c) => c !== connection) ?? [];
      if (rest.length) this.#pools.set(where, rest);
      else this.#pools.delete(where);
    });
    pool.push(connection);
    return connection;
  }

  /** Closes every pooled connection and waits until the sockets are gone. */
  async close(): Promise<void> {
    const all = [...this.#pools.values()].flat();
    this.#pools.clear();
    await Promise.all(all.map((c) =>
      new Promise<void>((resolve) => {
        if (c.socket.destroyed && c.socket.closed) return resolve();
        c.socket.once("close", () => resolve());
        c.drop();
        c.socket.destroy();
      })
    ));
  }
}
