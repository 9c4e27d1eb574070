/**
 * A robot traffic row's error label, made readable for the details dialog (zod-free): the text
 * without markup, entities, control characters or the carbon-copies section, and the carbon-copy
 * recipients that section lists. The section is a line starting with "CC:" (any case; also
 * "Carbon copies:" or "Cc :"), its recipients separated by commas, semicolons or spaces; it runs
 * to the end of the label.
 */

interface ErrorLabelParts {
  /** The label's readable text ("" when there is none). */
  text: string;
  /** The carbon-copy recipients: null without a carbon-copies section, [] when it is empty. */
  carbonCopies: string[] | null;
}

const CC_SECTION = /(^|\n)[ \t]*(?:cc|carbon[ _-]?cop(?:y|ies))[ \t]*:([\s\S]*)$/i;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Markup, entities and control characters out; runs of spaces and blank lines collapsed. */
export function readableText(raw: string): string {
  return raw
    .replace(/\r\n?/g, "\n")
    .replace(/<br\s*\/?>/gi, "\n")
    // Tags only: an address in angle brackets (<ops@a.example>) stays.
    .replace(/<\/?[a-z][a-z0-9-]*(?:\s[^<>@]*)?\/?>/gi, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X"
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, " ")
    .split("\n")
    .map((line) => line.replace(/ {2,}/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The label's readable text and its carbon-copy recipients. */
export function parseErrorLabel(label: string | null | undefined): ErrorLabelParts {
  if (!label) return { text: "", carbonCopies: null };
  const text = readableText(label);
  const cc = CC_SECTION.exec(text);
  if (!cc) return { text, carbonCopies: null };
  const carbonCopies = cc[2].split(/[,;\s]+/).map((s) => s.replace(/^<|>$/g, "")).filter(Boolean);
  return { text: text.slice(0, cc.index).trim(), carbonCopies };
}
