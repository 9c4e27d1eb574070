/**
 * TCP delivery: each message is one frame (frame.ts) written to host:port. Connections are kept
 * and pooled per destination (at most `perDestination`); a message joins the frames that leave
 * a connection at the end of this turn of the event loop (one send for all: a send is most of
 * what a frame costs), else goes to the open connection with the fewest writes in flight; a new
 * one is opened while all are busy and the pool has room. A message is delivered when its write
 * completed on a connection the peer had not closed. A connection the peer ends, resets or that
 * times out leaves the pool. A batch (`deliverMany`: a claim's messages for one route) is spread
 * over the pool, each connection's share written as one buffer.
 */
import net from "node:net";
import { encodeFrame, FRAME_HEADER, writeFrame } from "../frame.ts";
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

/** Frames a connection's share of a batch is at least made of (a batch of 1,000: 8 shares). */
const FRAMES_A_SHARE = 64;
const DELIVERED: TransportResult = { outcome: "delivered" };

/** The frames of `msgs[from, to)`, one after another in one buffer. */
function frames(msgs: readonly OutgoingMessage[], from: number, to: number): Uint8Array {
  let length = 0;
  for (let i = from; i < to; i++) length += FRAME_HEADER + msgs[i].body.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (let i = from; i < to; i++) offset = writeFrame(bytes, offset, msgs[i].id, msgs[i].body);
  return bytes;
}

/** Where `address` is dialled (ip, port and ip:port), or why it is not: the attempt's result. */
async function admitted(
  address: string,
  ctx: TransportContext,
): Promise<{ ip: string; port: number; where: string } | TransportResult> {
  const target = parseHostPort(address);
  if (!target) return { outcome: "rejected", error: `${address} is not host:port` };
  const admission = await admit(target.host, target.port, ctx.egress);
  if (!admission.ok) return { outcome: "refused", error: admission.error };
  return {
    ip: admission.ip,
    port: target.port,
    where: endpoint(admission.ip, target.port),
  };
}

export class TcpTransport {
  #pools = new Map<string, Connection[]>();

  constructor(private perDestination = 8) {}

  async deliver(
    address: string,
    msg: OutgoingMessage,
    ctx: TransportContext,
  ): Promise<TransportResult> {
    const to = await admitted(address, ctx);
    if ("outcome" in to) return to;
    const connection = this.#acquire(to.ip, to.port, to.where);
    return await this.#send(connection, to.where, encodeFrame(msg.id, msg.body), 1, ctx);
  }

  /**
   * Delivers `msgs` to `address` at once (the engine's batched round: round_batch.ts): the
   * destination parsed and admitted once, the frames spread over the pool's connections, each
   * connection's share written as one buffer with one deadline. Answers each message's result, in
   * order: a share is delivered when its write completed on a connection the peer had not closed,
   * else every message of it failed (some frames may have arrived: at least once).
   */
  async deliverMany(
    address: string,
    msgs: readonly OutgoingMessage[],
    ctx: TransportContext,
  ): Promise<TransportResult[]> {
    if (!msgs.length) return [];
    const to = await admitted(address, ctx);
    if ("outcome" in to) return msgs.map(() => to);
    const results = new Array<TransportResult>(msgs.length);
    const connections = this.#several(
      to.ip,
      to.port,
      to.where,
      Math.ceil(msgs.length / FRAMES_A_SHARE),
    );
    const size = Math.ceil(msgs.length / connections.length);
    await Promise.all(connections.map(async (connection, i) => {
      const from = i * size;
      const end = Math.min(msgs.length, from + size);
      if (from >= end) return;
      const result = await this.#send(
        connection,
        to.where,
        frames(msgs, from, end),
        end - from,
        ctx,
      );
      results.fill(result, from, end);
    }));
    return results;
  }

  /**
   * Up to `wanted` connections to ip:port, all different: the pool's open ones, least busy
   * first, then new ones while the pool has room.
   */
  #several(ip: string, port: number, where: string, wanted: number): Connection[] {
    const open = (this.#pools.get(where) ?? []).filter((c) => !c.closed)
      .sort((a, b) => a.inFlight - b.inFlight)
      .slice(0, wanted);
    while (open.length < Math.min(wanted, this.perDestination)) {
      const pool = this.#pools.get(where);
      if (pool && pool.length >= this.perDestination) break;
      open.push(this.#open(ip, port, where));
    }
    return open;
  }

  /** Writes `bytes` (`count` frames) on `connection`: the result of all of them. */
  async #send(
    connection: Connection,
    where: string,
    bytes: Uint8Array,
    count: number,
    ctx: TransportContext,
  ): Promise<TransportResult> {
    connection.inFlight += count;
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
        connection.write(bytes),
        ctx.timeoutMs,
        `Write to ${where} timed out after ${seconds(ctx.timeoutMs)}`,
        ctx.signal,
        // A frame half written leaves the stream unusable: the connection goes.
        () => connection.drop(),
      );
      return DELIVERED;
    } catch (e) {
      return { outcome: "failed", error: (e as Error).message };
    } finally {
      connection.inFlight -= count;
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
    return this.#open(ip, port, where);
  }

  /** A new connection to ip:port, in its pool until it goes. */
  #open(ip: string, port: number, where: string): Connection {
    const connection: Connection = new Connection(ip, port, where, () => {
      const current = this.#pools.get(where);
      const rest = current?.filter((c) => c !== connection) ?? [];
      if (rest.length) this.#pools.set(where, rest);
      else this.#pools.delete(where);
    });
    let pool = this.#pools.get(where);
    if (!pool) this.#pools.set(where, pool = []);
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
