import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { renderGuidePdf, USER_GUIDE_FILE_NAME, userGuidePdf } from "./user_guide.ts";

const decode = (bytes: Uint8Array, length: number) =>
  new TextDecoder("latin1").decode(bytes.subarray(0, length));

/** Markdown with every supported construct, long words and characters outside WinAnsi. */
const EVERY_CONSTRUCT = `# Heading one

## Heading two

### Heading three

#### Heading four

##### Heading five

###### Heading six

A paragraph with **bold text**, “typographic quotes”, an en dash – an arrow → a check ✓,
emoji 🛰️, Greek αβγ and a very long word:
${"Supercalifragilisticexpialidocious".repeat(12)}.

- First bullet with **bold**
- Second bullet that is long enough to wrap onto a second line of the page, with more words
  continued on an indented line
  - Nested bullet ✓
    - Deeper bullet

1. First step
2. Second step
   1. Nested step
3. Third step with ${"x".repeat(300)}

| Column | Meaning | ✓ |
|---|---|:-:|
| **0** | Super Administrator | → |
| 100 | Client with a long description that needs to wrap inside its cell of the table | “yes” |
| ${"Long".repeat(60)} | short | – |

Closing paragraph with an unmatched ** marker.
`;

Deno.test("[db/seed] user guide", async (t) => {
  const guide = await userGuidePdf("test");

  await t.step("the file name is user-guide.pdf", () => {
    assert.equal(USER_GUIDE_FILE_NAME, "user-guide.pdf");
  });

  await t.step("the bytes start with %PDF-", () => {
    assert.equal(decode(guide, 5), "%PDF-");
  });

  await t.step("pdf-lib loads it back with at least 4 pages and the title metadata", async () => {
    const doc = await PDFDocument.load(guide, { updateMetadata: false });
    assert.ok(doc.getPageCount() >= 4, `only ${doc.getPageCount()} pages`);
    assert.equal(doc.getTitle(), "Portal user guide");
    assert.ok(doc.getAuthor());
    assert.ok(doc.getSubject());
    assert.equal(doc.getCreationDate()?.toISOString(), "2024-01-01T00:00:00.000Z");
    assert.equal(doc.getModificationDate()?.toISOString(), "2024-01-01T00:00:00.000Z");
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    assert.deepEqual([Math.round(width), Math.round(height)], [595, 842]); // A4
  });

  await t.step("rendering is deterministic", async () => {
    assert.deepEqual(await userGuidePdf("test"), guide);
    const markdown = "# Title\n\nSame input, same bytes.";
    assert.deepEqual(await renderGuidePdf(markdown), await renderGuidePdf(markdown));
  });

  await t.step("every construct renders, and longer input gives more pages", async () => {
    const once = await renderGuidePdf(EVERY_CONSTRUCT, {
      title: "Every “construct” ✓",
      version: "0",
    });
    const many = await renderGuidePdf(EVERY_CONSTRUCT.repeat(8), { title: "Long", version: "0" });
    const [short, long] = await Promise.all([once, many].map((b) => PDFDocument.load(b)));
    assert.equal(decode(once, 5), "%PDF-");
    assert.equal(short.getTitle(), "Every “construct” ✓");
    assert.ok(short.getPageCount() >= 2);
    assert.ok(long.getPageCount() > short.getPageCount());
  });

  await t.step("an empty document still has a title page", async () => {
    const doc = await PDFDocument.load(await renderGuidePdf(""));
    assert.ok(doc.getPageCount() >= 1);
    assert.equal(doc.getTitle(), "Portal user guide");
  });
});
