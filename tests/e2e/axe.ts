/**
 * Accessibility checks with axe-core: the library is evaluated in the page (through the
 * DevTools protocol, so the page's Content-Security-Policy does not block it) and run on the
 * whole document; the violations of impact serious or critical are returned.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

const AXE_PATH = new URL("../../node_modules/axe-core/axe.min.js", import.meta.url);
let source: Promise<string> | undefined;
const axeSource = () => source ??= Deno.readTextFile(AXE_PATH);

/** The impacts that fail a test. */
const FAILING_IMPACTS = ["serious", "critical"];

/**
 * Runs axe on the page as it is now (or on the last element matching `within`, such as the open
 * dialog: quicker than the whole document), each table's first `rows` rows only when given;
 * returns the serious and critical violations.
 */
export async function axeViolations(
  page: Page,
  within?: string,
  { rows }: { rows?: number } = {},
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate("typeof window.axe === 'object'");
  if (!loaded) await page.evaluate(await axeSource());
  const violations = await page.evaluate(async ({ within, rows }) => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const node = (within && [...document.querySelectorAll(within)].pop()) || document;
    // A long list's rows past the first `rows` are the same markup again: left out, they spare
    // axe thousands of cells (its contrast rule on a 255-row list takes seconds).
    const context = rows
      ? { include: [node], exclude: [`tbody tr:nth-child(n+${rows + 1})`] }
      : node;
    const result = await axe.run(context, { resultTypes: ["violations"] });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      // deno-lint-ignore no-explicit-any
      nodes: v.nodes.map((n: any) => ({
        target: n.target,
        html: String(n.html).slice(0, 300),
        failureSummary: n.failureSummary,
      })),
    }));
  }, { within, rows }) as AxeViolation[];
  return violations.filter((v) => FAILING_IMPACTS.includes(v.impact ?? ""));
}

/** One line per violation and node, for an assertion message. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}\n` +
    v.nodes.map((n) =>
      `    ${JSON.stringify(n.target)} ${n.html}` +
      (n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, "\n      ")}` : "")
    ).join("\n")
  ).join("\n");
}

/** Fails with the page's serious or critical violations, if any. */
export async function assertAccessible(page: Page, what: string) {
  const violations = await axeViolations(page);
  if (violations.length) {
    assert.fail(
      `${what} (${new URL(page.url()).pathname}): ${violations.length} serious or critical ` +
        `accessibility violation(s):\n${formatViolations(violations)}`,
    );
  }
}
