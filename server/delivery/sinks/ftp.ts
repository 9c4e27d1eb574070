/**
 * The FTP sink: a real FTP server (ftp-srv) on 127.0.0.1 serving `root` to any login, passive
 * mode on `pasvPorts` (any free ports by default). Every file that lands (after its rename from
 * the upload's temporary name) is recorded: the id from the file name `<id>.<ext>`, the bytes,
 * meta.path. Files stay in `root`, as a customer's server would keep them.
 */
import { FtpSrv } from "ftp-srv";
import { basename, dirname, join } from "node:path";
import type { Received, Sink } from "./mod.ts";

/** ftp-srv logs through bunyan; the sink keeps quiet. */
const silent = new Proxy({}, {
  get: (_t, name) => name === "child" ? () => silent : () => {},
});

export async function startFtpSink(
  opts: { port?: number; root: string; pasvPorts?: [number, number] },
): Promise<Sink> {
  const received: Received[] = [];
  const port = opts.port || await freePort();
  const [pasvMin, pasvMax] = opts.pasvPorts ?? [0, 0];
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: "127.0.0.1",
    ...(pasvMin ? { pasv_min: pasvMin, pasv_max: pasvMax } : { pasv_min: 1024 }),
    anonymous: true,
    greeting: "Portal FTP sink",
    log: silent,
  });
  server.on("login", (data: { connection: FtpConnection }, resolve: (o: Root) => void) => {
    const { connection } = data;
    // STOR names the file on disk; RNTO the new name as the client sent it, in the folder the
    // upload went to.
    let folder = opts.root;
    connection.on("STOR", (error: unknown, path: string) => {
      if (error) return;
      folder = dirname(path);
      if (!/\.part$/.test(path)) recordFile(received, opts.root, path);
    });
    connection.on("RNTO", (error: unknown, name: string) => {
      if (!error) recordFile(received, opts.root, join(folder, basename(name)));
    });
    resolve({ root: opts.root });
  });
  await Deno.mkdir(opts.root, { recursive: true });
  await server.listen();
  return { kind: "ftp", port, received, close: () => server.close() };
}

interface FtpConnection {
  on(event: string, listener: (error: unknown, path: string) => void): void;
}
type Root = { root: string };

/** Records a landed file (`onDisk`, inside the FTP root). */
function recordFile(received: Received[], root: string, onDisk: string) {
  try {
    received.push({
      id: Number(/^(\d+)\./.exec(basename(onDisk))?.[1] ?? NaN),
      body: Deno.readFileSync(onDisk),
      at: new Date(),
      meta: { path: onDisk.slice(root.length) || "/" },
    });
  } catch {
    // Gone already (a receiver moved it): nothing to record.
  }
}

/** A free port on 127.0.0.1 (ftp-srv needs the number before it listens). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}
