/**
 * uuencoding (POSIX `uuencode`), for the SMTP routes' Uuencode and Uuinline encodings: a
 * `begin 644 <name>` line, lines of at most 45 bytes (a length character, then four characters
 * per three bytes, a zero byte written as a grave accent), a "`" line and `end`.
 */
const char = (n: number) => String.fromCharCode(n === 0 ? 96 : n + 32);

export function uuencode(bytes: Uint8Array, name: string): string {
  const lines = [`begin 644 ${name.replace(/[\r\n]/g, "")}`];
  for (let start = 0; start < bytes.length; start += 45) {
    const chunk = bytes.subarray(start, Math.min(start + 45, bytes.length));
    let line = char(chunk.length);
    for (let i = 0; i < chunk.length; i += 3) {
      const [a, b = 0, c = 0] = [chunk[i], chunk[i + 1], chunk[i + 2]];
      line += char(a >> 2) + char(((a << 4) | (b >> 4)) & 63) +
        char(((b << 2) | (c >> 6)) & 63) + char(c & 63);
    }
    lines.push(line);
  }
  lines.push("`", "end");
  return lines.join("\n") + "\n";
}
