/**
 * Renders the portal user guide (docs/user-guide.md) to PDF with pdf-lib's standard fonts.
 *
 * Supported Markdown subset: `#`…`######` headings, paragraphs, `- ` bullets and `1. ` numbers
 * (nested by two spaces of indent), pipe tables and `**bold**`. The output is deterministic: the
 * document dates are fixed, so the same input always yields the same bytes.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export const USER_GUIDE_FILE_NAME = "user-guide.pdf";

const GUIDE_TITLE = "Portal user guide";
const DEFAULT_VERSION = "1.0";
const AUTHOR = "Portal operations team";
const SUBJECT =
  "Operations portal for satellite data-tracking and messaging services (Inmarsat C, Iridium, BGAN/FBB, VSAT)";
/** Fixed creation and modification date, so rendering is reproducible. */
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

// ---------------------------------------------------------------------------------------------
// Markdown tokenizer
// ---------------------------------------------------------------------------------------------

/** A run of text in one weight. */
type Span = { text: string; bold: boolean };

type Block =
  | { kind: "heading"; level: number; spans: Span[] }
  | { kind: "paragraph"; spans: Span[] }
  | { kind: "item"; depth: number; marker: string; spans: Span[] }
  | { kind: "table"; header: Span[][]; rows: Span[][][] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

/** Typographic and symbol characters mapped to WinAnsi-safe ASCII. */
const REPLACEMENTS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u2192": "->",
  "\u2190": "<-",
  "\u21d2": "=>",
  "\u2713": "v",
  "\u2714": "v",
  "\u2717": "x",
  "\u00a0": " ",
  "\u200b": "", // zero-width space
  "\u200d": "", // zero-width joiner
  "\ufe0f": "", // emoji variation selector
  "\t": "    ",
};

/** Splits `**bold**` markers into spans; an unmatched marker is kept as text. */
function parseSpans(text: string): Span[] {
  const parts = text.replace(/`/g, "").split("**");
  if (parts.length % 2 === 0) parts.splice(-2, 2, parts.at(-2) + "**" + parts.at(-1));
  return parts.map((part, i) => ({ text: part, bold: i % 2 === 1 })).filter((s) => s.text);
}

/** Splits a pipe-table row into trimmed cells. */
function tableCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, "|").trim());
}

function parseTable(lines: string[]): Block {
  const hasHeader = lines.length > 1 && TABLE_RULE.test(lines[1].trim());
  const body = lines.filter((_, i) => !(i === 1 && hasHeader)).map(tableCells);
  const columns = Math.max(...body.map((row) => row.length));
  const rows = body.map((row) =>
    Array.from({ length: columns }, (_, i) => parseSpans(row[i] ?? ""))
  );
  return { kind: "table", header: rows[0], rows: rows.slice(1) };
}

/** Turns the Markdown subset into a flat list of blocks. */
function tokenize(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  const counters: number[] = []; // running number per list depth
  let paragraph: string[] = [];

  const flushParagraph = () => {
    if (paragraph.length) {
      blocks.push({ kind: "paragraph", spans: parseSpans(paragraph.join(" ")) });
    }
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heading = HEADING.exec(line);
    const item = LIST_ITEM.exec(line);
    if (!line.trim()) {
      flushParagraph();
    } else if (heading) {
      flushParagraph();
      counters.length = 0;
      blocks.push({ kind: "heading", level: heading[1].length, spans: parseSpans(heading[2]) });
    } else if (line.trim().startsWith("|")) {
      flushParagraph();
      counters.length = 0;
      const start = i;
      while (i + 1 < lines.length && lines[i + 1].trim().startsWith("|")) i++;
      blocks.push(parseTable(lines.slice(start, i + 1)));
    } else if (item) {
      flushParagraph();
      const depth = Math.min(Math.floor(item[1].replace(/\t/g, "  ").length / 2), 4);
      counters.length = depth + 1;
      let marker = "-";
      if (/\d/.test(item[2])) {
        counters[depth] = counters[depth] ? counters[depth] + 1 : parseInt(item[2], 10);
        marker = `${counters[depth]}.`;
      } else counters[depth] = 0;
      blocks.push({ kind: "item", depth, marker, spans: parseSpans(item[3]) });
    } else if (/^\s/.test(line) && blocks.at(-1)?.kind === "item" && !paragraph.length) {
      // Indented continuation of the previous list item.
      const last = blocks.at(-1) as Extract<Block, { kind: "item" }>;
      last.spans.push(...parseSpans(" " + line.trim()));
    } else {
      counters.length = 0;
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Layout engine
// ---------------------------------------------------------------------------------------------

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { left: 64, right: 64, top: 72, bottom: 72 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const BODY = { size: 10.5, leading: 15 };
const TABLE = { size: 9.5, leading: 13, padding: 5 };
const HEADING_SIZES = [20, 15, 12.5, 11, 10.5, 10.5];
const LIST_INDENT = 18;
/** Tolerance for rounding when comparing summed widths. */
const EPSILON = 0.01;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);

const glyphWidths = new WeakMap<PDFFont, Map<string, number>>();

/** Width of text as drawn: pdf-lib's widthOfTextAtSize applies kerning, but drawText does not. */
function measure(font: PDFFont, text: string, size: number): number {
  let widths = glyphWidths.get(font);
  if (!widths) glyphWidths.set(font, widths = new Map());
  let width = 0;
  for (const ch of text) {
    let w = widths.get(ch);
    if (w === undefined) widths.set(ch, w = font.widthOfTextAtSize(ch, 1));
    width += w;
  }
  return width * size;
}

/** A piece of a word in one font; a word is a list of pieces with no space inside. */
type Piece = { text: string; font: PDFFont };
type Word = Piece[];
type Line = Word[];

class Layout {
  page!: PDFPage;
  y = 0;
  private charset: Set<number>;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.charset = new Set(regular.getCharacterSet());
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN.top;
  }

  /** Starts a new page unless `height` still fits above the bottom margin. */
  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  /** Replaces characters the standard fonts cannot encode. */
  clean(text: string): string {
    let out = "";
    for (const ch of text) {
      const mapped = REPLACEMENTS[ch] ?? ch;
      out += [...mapped].every((c) => this.charset.has(c.codePointAt(0)!)) ? mapped : "?";
    }
    return out;
  }

  width(word: Word, size: number): number {
    return word.reduce((sum, p) => sum + measure(p.font, p.text, size), 0);
  }

  /** Splits spans into words; `forceBold` renders everything in the bold face. */
  words(spans: Span[], forceBold = false): Word[] {
    const words: Word[] = [];
    let current: Word = [];
    for (const span of spans) {
      const font = span.bold || forceBold ? this.bold : this.regular;
      for (const [i, part] of this.clean(span.text).split(/\s+/).entries()) {
        if (i > 0 && current.length) {
          words.push(current);
          current = [];
        }
        if (part) current.push({ text: part, font });
      }
    }
    if (current.length) words.push(current);
    return words;
  }

  /** Breaks a word wider than `max` into chunks that fit. */
  private breakWord(word: Word, size: number, max: number): Word[] {
    const chunks: Word[] = [];
    let chunk: Word = [];
    let used = 0;
    for (const piece of word) {
      for (const ch of piece.text) {
        const w = measure(piece.font, ch, size);
        if (used + w > max + EPSILON && used > 0) {
          chunks.push(chunk);
          chunk = [];
          used = 0;
        }
        const last = chunk.at(-1);
        if (last?.font === piece.font) last.text += ch;
        else chunk.push({ text: ch, font: piece.font });
        used += w;
      }
    }
    if (chunk.length) chunks.push(chunk);
    return chunks;
  }

  /** Greedy word wrap into lines no wider than `max`. */
  wrap(words: Word[], size: number, max: number): Line[] {
    const space = measure(this.regular, " ", size);
    const lines: Line[] = [];
    let line: Line = [];
    let used = 0;
    for (const whole of words) {
      const fits = this.width(whole, size) <= max + EPSILON;
      for (const word of fits ? [whole] : this.breakWord(whole, size, max)) {
        const w = this.width(word, size);
        if (line.length && used + space + w > max + EPSILON) {
          lines.push(line);
          line = [];
          used = 0;
        }
        used += (line.length ? space : 0) + w;
        line.push(word);
      }
    }
    if (line.length) lines.push(line);
    return lines;
  }

  /** Draws one line with its baseline `size` below `top`. */
  drawLine(line: Line, x: number, top: number, size: number) {
    const space = measure(this.regular, " ", size);
    const y = top - size;
    for (const word of line) {
      for (const p of word) {
        this.page.drawText(p.text, { x, y, size, font: p.font, color: INK });
        x += measure(p.font, p.text, size);
      }
      x += space;
    }
  }

  /** Flows lines down the page, breaking pages between lines. */
  flow(lines: Line[], x: number, size: number, leading: number) {
    for (const line of lines) {
      this.ensure(leading);
      this.drawLine(line, x, this.y, size);
      this.y -= leading;
    }
  }

  heading(level: number, spans: Span[]) {
    const size = HEADING_SIZES[level - 1];
    const leading = size * 1.3;
    const lines = this.wrap(this.words(spans, true), size, CONTENT_WIDTH);
    if (level === 1 && this.y < A4.height - MARGIN.top) this.newPage();
    else this.y -= size * 0.8;
    // Keep the heading with at least two lines of what follows.
    this.ensure(lines.length * leading + 2 * BODY.leading);
    this.flow(lines, MARGIN.left, size, leading);
    if (level <= 2) {
      const y = this.y + leading - size - 4;
      this.rule(MARGIN.left, A4.width - MARGIN.right, y, level === 1 ? 1 : 0.5);
      this.y -= 6;
    }
    this.y -= 4;
  }

  paragraph(spans: Span[]) {
    this.flow(
      this.wrap(this.words(spans), BODY.size, CONTENT_WIDTH),
      MARGIN.left,
      BODY.size,
      BODY.leading,
    );
    this.y -= 7;
  }

  /** A bullet or numbered item: marker in the gutter, text indented by depth. */
  item(depth: number, marker: string, spans: Span[]) {
    const gutter = MARGIN.left + depth * LIST_INDENT;
    const textX = gutter + LIST_INDENT;
    const lines = this.wrap(this.words(spans), BODY.size, A4.width - MARGIN.right - textX);
    this.ensure(BODY.leading);
    const label = marker === "-" ? "\u2022" : marker;
    const labelX = textX - 6 - measure(this.regular, label, BODY.size);
    this.page.drawText(label, {
      x: labelX,
      y: this.y - BODY.size,
      size: BODY.size,
      font: this.regular,
      color: INK,
    });
    this.flow(lines, textX, BODY.size, BODY.leading);
    this.y -= 3;
  }

  /** Column widths: natural widths if they fit, else shared out between longest word and full text. */
  private columnWidths(cells: Word[][][]): number[] {
    const pad = 2 * TABLE.padding;
    const columns = cells[0].length;
    const min = Array(columns).fill(pad);
    const max = Array(columns).fill(pad);
    const space = measure(this.regular, " ", TABLE.size);
    for (const row of cells) {
      row.forEach((words, c) => {
        const widths = words.map((w) => this.width(w, TABLE.size));
        const full = widths.reduce((a, b) => a + b, 0) + space * Math.max(0, widths.length - 1);
        min[c] = Math.max(min[c], Math.min(Math.max(0, ...widths), CONTENT_WIDTH / 3) + pad);
        max[c] = Math.max(max[c], full + pad);
      });
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    if (sum(max) <= CONTENT_WIDTH) return max;
    if (sum(min) >= CONTENT_WIDTH) return min.map((m) => (m * CONTENT_WIDTH) / sum(min));
    const slack = CONTENT_WIDTH - sum(min);
    const stretch = sum(max) - sum(min);
    return min.map((m, c) => m + (slack * (max[c] - m)) / stretch);
  }

  table(header: Span[][], rows: Span[][][]) {
    const cells = [header, ...rows].map((row, r) => row.map((spans) => this.words(spans, r === 0)));
    const widths = this.columnWidths(cells);
    const right = MARGIN.left + widths.reduce((a, b) => a + b, 0);
    const wrapRow = (row: Word[][]) =>
      row.map((words, c) => this.wrap(words, TABLE.size, widths[c] - 2 * TABLE.padding));
    const heightOf = (wrapped: Line[][]) =>
      Math.max(1, ...wrapped.map((l) => l.length)) * TABLE.leading + TABLE.padding;

    const drawRow = (wrapped: Line[][], isHeader: boolean) => {
      if (isHeader) this.rule(MARGIN.left, right, this.y - 1, 0.9);
      let x = MARGIN.left;
      wrapped.forEach((lines, c) => {
        lines.forEach((line, i) => {
          this.drawLine(line, x + TABLE.padding, this.y - 3 - i * TABLE.leading, TABLE.size);
        });
        x += widths[c];
      });
      this.y -= heightOf(wrapped);
      this.rule(MARGIN.left, right, this.y + 2, isHeader ? 0.9 : 0.3);
    };

    const [head, ...body] = cells.map(wrapRow);
    // Keep a table that fits on one page together; otherwise start it with at least two rows.
    const total = [head, ...body].reduce((sum, row) => sum + heightOf(row), 0);
    this.ensure(total <= A4.height - MARGIN.top - MARGIN.bottom ? total : 3 * heightOf(head));
    drawRow(head, true);
    for (const wrapped of body) {
      if (this.y - heightOf(wrapped) < MARGIN.bottom) {
        this.newPage();
        drawRow(head, true); // repeat the header on the new page
      }
      drawRow(wrapped, false);
    }
    this.y -= 10;
  }

  rule(x1: number, x2: number, y: number, thickness: number) {
    this.page.drawLine({
      start: { x: x1, y },
      end: { x: x2, y },
      thickness,
      color: thickness > 0.5 ? INK : RULE,
    });
  }

  /** Draws wrapped text at a fixed position (outside the flow) and returns the next top. */
  private text(text: string, bold: boolean, size: number, top: number): number {
    const lines = this.wrap(this.words([{ text, bold }]), size, CONTENT_WIDTH);
    for (const line of lines) {
      this.drawLine(line, MARGIN.left, top, size);
      top -= size * 1.3;
    }
    return top;
  }

  /** Title page: title, rule, version and subject. */
  titlePage(title: string, version: string) {
    this.newPage();
    const top = this.text(title, true, 30, A4.height * 0.62);
    this.rule(MARGIN.left, A4.width - MARGIN.right, top + 2, 1.5);
    this.text(SUBJECT, false, 11, this.text(`Version ${version}`, false, 14, top - 14) - 10);
  }

  /** Footer on every page after the title page: title on the left, page number on the right. */
  footers(title: string) {
    const pages = this.doc.getPages();
    const size = 8.5;
    const y = MARGIN.bottom - 30;
    pages.forEach((page, i) => {
      if (i === 0) return;
      const label = `Page ${i + 1} of ${pages.length}`;
      const right = A4.width - MARGIN.right;
      page.drawLine({
        start: { x: MARGIN.left, y: y + 12 },
        end: { x: right, y: y + 12 },
        thickness: 0.3,
        color: RULE,
      });
      page.drawText(this.clean(title), {
        x: MARGIN.left,
        y,
        size,
        font: this.regular,
        color: MUTED,
      });
      const w = measure(this.regular, label, size);
      page.drawText(label, { x: right - w, y, size, font: this.regular, color: MUTED });
    });
  }
}

/** Lays out `markdown` on A4 pages after a title page and returns the PDF bytes. */
export async function renderGuidePdf(
  markdown: string,
  opts: { title?: string; version?: string } = {},
): Promise<Uint8Array> {
  const title = opts.title ?? GUIDE_TITLE;
  const version = opts.version ?? DEFAULT_VERSION;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(AUTHOR);
  doc.setSubject(SUBJECT);
  doc.setCreator(AUTHOR);
  doc.setProducer("pdf-lib");
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  const layout = new Layout(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  layout.titlePage(title, version);
  layout.newPage();
  let previous: Block["kind"] | undefined;
  for (const block of tokenize(markdown)) {
    if (previous === "item" && block.kind !== "item") layout.y -= 5; // space after a list
    previous = block.kind;
    if (block.kind === "heading") layout.heading(block.level, block.spans);
    else if (block.kind === "paragraph") layout.paragraph(block.spans);
    else if (block.kind === "item") layout.item(block.depth, block.marker, block.spans);
    else layout.table(block.header, block.rows);
  }
  layout.footers(title);
  return await doc.save();
}

/** Renders docs/user-guide.md, titled 'Portal user guide'. */
/** The guide's source, docs/user-guide.md. */
export const userGuideMarkdown = () =>
  Deno.readTextFile(new URL("../../docs/user-guide.md", import.meta.url));

export async function userGuidePdf(version?: string): Promise<Uint8Array> {
  return await renderGuidePdf(await userGuideMarkdown(), { title: GUIDE_TITLE, version });
}
