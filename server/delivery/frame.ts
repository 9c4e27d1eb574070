/**
 * The TCP delivery frame: [u32 BE length of what follows][u64 BE message id][payload bytes].
 * The length counts the id and the payload (8 + payload bytes), so a receiver reads 4 bytes,
 * then exactly that many more.
 */

const HEADER = 12;

export function encodeFrame(id: number, body: Uint8Array): Uint8Array {
  const frame = new Uint8Array(HEADER + body.length);
  const view = new DataView(frame.buffer);
  view.setUint32(0, 8 + body.length);
  view.setBigUint64(4, BigInt(id));
  frame.set(body, HEADER);
  return frame;
}

/** Streaming decoder: push chunks as they arrive, get back every frame they completed. */
export class FrameDecoder {
  #buffer = new Uint8Array(0);

  push(chunk: Uint8Array): { id: number; body: Uint8Array }[] {
    const buffer = new Uint8Array(this.#buffer.length + chunk.length);
    buffer.set(this.#buffer);
    buffer.set(chunk, this.#buffer.length);
    const frames: { id: number; body: Uint8Array }[] = [];
    let offset = 0;
    while (buffer.length - offset >= 4) {
      const view = new DataView(buffer.buffer, buffer.byteOffset + offset);
      const length = view.getUint32(0);
      if (length < 8) throw new Error(`Invalid frame length ${length} (at least 8)`);
      if (buffer.length - offset < 4 + length) break;
      const id = Number(view.getBigUint64(4));
      frames.push({ id, body: buffer.slice(offset + HEADER, offset + 4 + length) });
      offset += 4 + length;
    }
    this.#buffer = buffer.slice(offset);
    return frames;
  }
}
