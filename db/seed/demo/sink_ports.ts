/**
 * Where the demo's loopback receivers listen (server/demo/sinks.ts starts them; the seeded routes
 * point at them): DEMO_SINK_PORT (2600 by default) plus an offset per receiver.
 */
export const DEMO_SINK_PORT = 2600;

export const SINK_OFFSETS = {
  tcp: 1,
  tcpBackup: 2,
  smtp: 3,
  ftp: 4,
  http: 5,
  httpBackup: 6,
} as const;
export type SinkName = keyof typeof SINK_OFFSETS;

/** 127.0.0.1:<port> of a demo receiver. */
export const sinkAddress = (base: number, name: SinkName) =>
  `127.0.0.1:${base + SINK_OFFSETS[name]}`;

/** The FTP sink's passive data ports: base + 10 … base + 40. */
export const sinkPassivePorts = (base: number): [number, number] => [base + 10, base + 40];
