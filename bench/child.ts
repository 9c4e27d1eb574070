/**
 * Shared by the bench's child server scripts: serve on 127.0.0.1 at a port the OS picks, print
 * `READY {"port":…}` for the parent, and on SIGTERM shut down, release resources and exit.
 */
export function serveForBench(
  handler: Deno.ServeHandler,
  info: Record<string, unknown> = {},
  release: () => Promise<void> = async () => {},
) {
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => console.log(`READY ${JSON.stringify({ ...info, port })}`),
  }, handler);
  Deno.addSignalListener("SIGTERM", async () => {
    await server.shutdown();
    await release();
    Deno.exit(0);
  });
}
