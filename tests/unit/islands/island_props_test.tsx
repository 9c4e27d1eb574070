/**
 * An island's props travel as a JSON script just before its element (server/pages/island.tsx),
 * not as an attribute, where every quote took six bytes: the text is the JSON itself, "<" is
 * escaped so no value can end the script, and the browser reads back exactly what was sent.
 */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { Island } from "../../../server/pages/island.tsx";

function Echo({ items }: { items: string[] }) {
  return <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>;
}

Deno.test("[islands] props are a JSON script before the island, safe and exact", () => {
  const items = ['say "hi"', "</script><script>alert(1)</script>", "a & b"];
  const html = renderToString(<Island of={Echo} props={{ items }} />);
  const m = html.match(
    /^<script type="application\/json" data-island-props="(i\w+-)">(.*?)<\/script><div data-island="Echo" data-id-prefix="(i\w+-)">/s,
  );
  assert.ok(m, html);
  assert.equal(m[1], m[3], "the script names its island's prefix");
  assert.doesNotMatch(m[2], /<|&quot;/, "no markup and no entity in the JSON text");
  assert.deepEqual(JSON.parse(m[2]), { items });
  assert.equal(html.match(/<\/script>/g)?.length, 1, "no value ended the script");
});

Deno.test("[islands] an island without props has no script", () => {
  const html = renderToString(<Island of={() => <p>x</p>} props={{}} />);
  assert.doesNotMatch(html, /<script/);
});
