/**
 * A page sent in parts, each as soon as it is ready (the frame before the page's data): gzip
 * when the browser takes it, flushed after every part so the browser can decode and paint what
 * has come. The pages' compression middleware leaves a response that already has an encoding.
 */
import { Buffer } from "node:buffer";
import { constants, createGzip } from "node:zlib";

const encoder = new TextEncoder();

async function* gzipParts(parts: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const zip = createGzip();
  const out: Uint8Array[] = [];
  zip.on("data", (chunk: Uint8Array) => out.push(chunk));
  const take = () => new Uint8Array(Buffer.concat(out.splice(0)));
  for await (const part of parts) {
    zip.write(part);
    await new Promise<void>((done) => zip.flush(constants.Z_SYNC_FLUSH, () => done()));
    yield take();
  }
  const ended = new Promise((done) => zip.once("end", done));
  zip.end();
  await ended;
  yield take();
}

async function* plainParts(parts: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  for await (const part of parts) yield encoder.encode(part);
}

/** The response body of `parts`, gzip-encoded if `gzip`. */
export const htmlStream = (parts: AsyncIterable<string>, gzip: boolean) =>
  ReadableStream.from(gzip ? gzipParts(parts) : plainParts(parts));
