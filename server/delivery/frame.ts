/**
 * The TCP delivery frame: [u32 BE length of what follows][u64 BE message id][payload bytes].
 * The length counts the id and the payload (8 + payload bytes), so a receiver reads 4 bytes,
 * then exactly that many more.
 */

/** The bytes before a frame's payload: its length and its id. */
export const FRAME_HEADER = 12;

export function encodeFrame(id: number, body: Uint8Array): Uint8Array {
  const frame = new Uint8Array(FRAME_HEADER + body.length);
  writeFrame(frame, 0, id, body);
  return frame;
}

/** Writes the frame of `id` and `body` into `bytes` at `offset`; answers the offset after it. */
export function writeFrame(
  bytes: Uint8Array,
  offset: number,
  id: number,
  body: Uint8Array,
): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, FRAME_HEADER);
  view.setUint32(0, 8 + body.length);
  // The id as two 32-bit halves: a BigInt a frame is dearer (ids stay below 2^53).
  view.setUint32(4, Math.floor(id / 0x1_0000_0000));
  view.setUint32(8, id >>> 0);
  bytes.set(body, offset + FRAME_HEADER);
  return offset + FRAME_HEADER + body.length;
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
      frames.push({ id, body: buffer.slice(offset + FRAME_HEADER, offset + 4 + length) });
      offset += 4 + length;
    }
    this.#buffer = buffer.slice(offset);
    return frames;
  }
}
