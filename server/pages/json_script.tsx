/**
 * Data for the browser in a `<script type="application/json">` element: never executed (the CSP
 * allows no inline script anyway), read with JSON.parse. The text is the JSON as is — no `&quot;`
 * for every quote, as an attribute would need — with "<" escaped so it cannot end the element.
 */
export function JsonScript(
  { value, ...attrs }: { value: unknown } & Record<`data-${string}`, string>,
) {
  return (
    <script
      type="application/json"
      {...attrs}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(value).replace(/</g, "\\u003c") }}
    />
  );
}
