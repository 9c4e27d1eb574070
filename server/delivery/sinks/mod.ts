/**
 * Loopback receivers for the delivery engine: a TCP listener, an SMTP catcher, an FTP server and
 * an HTTP endpoint. The demo points its routes at them and the tests deliver to them. Each binds
 * 127.0.0.1 only (port 0: any free port, `port` is the real one), records what it received in
 * memory with the message id it carried, and logs nothing per message.
 */
export interface Received {
  id: number;
  body: Uint8Array;
  at: Date;
  meta?: Record<string, string>;
}

export interface Sink {
  kind: "tcp" | "smtp" | "ftp" | "http";
  port: number;
  received: Received[];
  close(): Promise<void>;
}

export { startHangingSink, startTcpSink } from "./tcp.ts";
export { startSmtpSink } from "./smtp.ts";
export { startFtpSink } from "./ftp.ts";
export { startHttpSink } from "./http.ts";
