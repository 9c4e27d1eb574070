/**
 * The failures of a `deno test` run in short, for the end of `deno task test`'s output: CI's
 * record keeps only the last lines, and `deno test` prints each failure's error far above its
 * closing list of names. One entry per failure: its name and the first lines of its error.
 */
const LINES_PER_ERROR = 4;
const LINE_CHARS = 300;

/** `output`'s ERRORS section as entries of a few lines each (none when nothing failed). */
export function failureDigest(output: string): string[] {
  const start = output.indexOf("\n ERRORS \n");
  if (start < 0) return [];
  const end = output.indexOf("\n FAILURES \n", start);
  const lines = output.slice(start, end < 0 ? undefined : end).split("\n").slice(2);
  const entries: { name: string; error: string[]; done: boolean }[] = [];
  for (const line of lines) {
    // "<test> ... <step> => ./tests/x_test.ts:12:7" opens a failure's entry.
    if (/ => \S+:\d+:\d+$/.test(line)) {
      entries.push({ name: line, error: [], done: false });
      continue;
    }
    const entry = entries.at(-1);
    if (!entry || entry.done) continue;
    if (!entry.error.length) {
      if (line.startsWith("error: ")) entry.error.push(line);
      continue;
    }
    // The message ends where the source excerpt (the line above a caret) or the stack begins.
    if (/^\s+\^\s*$/.test(line)) entry.error.pop();
    if (/^\s+\^\s*$|^\s+at |^\s*$/.test(line)) entry.done = true;
    else entry.error.push(line);
  }
  return entries.map(({ name, error }) =>
    [`- ${name}`, ...error.slice(0, LINES_PER_ERROR).map((l) => `    ${l.slice(0, LINE_CHARS)}`)]
      .join("\n")
  );
}
