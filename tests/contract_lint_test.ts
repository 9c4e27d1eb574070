/**
 * The served OpenAPI document passes the two linters its consumers run on it, in-process from
 * pinned packages (offline once `deno install` has run):
 * - Redocly's `recommended` ruleset: what `npx @redocly/cli lint openapi.json` reports without a
 *   redocly.yaml. @redocly/cli bundles its own copy of @redocly/openapi-core; the pinned
 *   openapi-core is the newest published one, whose `recommended` rules are those of the CLI.
 * - Spectral's `spectral:oas`: what `npx @stoplight/spectral-cli lint openapi.json` reports with a
 *   `.spectral.yaml` of `extends: ["spectral:oas"]` (same core, rulesets and YAML parser as the CLI).
 * Any error or warning fails, listing every problem (rule, JSON pointer and line, message).
 */
import assert from "node:assert/strict";
import { createConfig, getLineColLocation, lintFromString } from "@redocly/openapi-core";
import { Document, type RulesetDefinition, Spectral } from "@stoplight/spectral-core";
import * as Parsers from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import { generatedDocument } from "../openapi/generate.ts";

type Problem = {
  severity: "error" | "warning";
  rule: string;
  pointer: string;
  line: number;
  message: string;
};

/** Spectral's DiagnosticSeverity: 0 error, 1 warning (2 information and 3 hint do not fail). */
const SPECTRAL_SEVERITY: Record<number, Problem["severity"] | undefined> = {
  0: "error",
  1: "warning",
};

function jsonPointer(path: readonly (string | number)[]): string {
  return "#" +
    path.map((p) => "/" + String(p).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/** The assertion message: counts by rule, then one line per problem, errors first. */
function report(linter: string, problems: Problem[]): string {
  const counts = new Map<string, number>();
  for (const p of problems) {
    const key = `${p.severity} ${p.rule}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const errors = problems.filter((p) => p.severity === "error").length;
  const sorted = problems.toSorted((a, b) =>
    a.severity.localeCompare(b.severity) || a.rule.localeCompare(b.rule) || a.line - b.line
  );
  return [
    `${linter}: ${errors} error(s), ${problems.length - errors} warning(s) ` +
    "(lines are those of openapi/openapi.json, the generated document)",
    ...[...counts].map(([key, n]) => `  ${n} × ${key}`),
    ...sorted.map((p) => `  ${p.severity} ${p.rule} ${p.pointer} (line ${p.line}): ${p.message}`),
  ].join("\n");
}

Deno.test("[contract/lint] the OpenAPI document passes Redocly's and Spectral's linters", async (t) => {
  const source = generatedDocument();

  await t.step("[contract/lint] redocly recommended reports no problems", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const found = await lintFromString({ source, absoluteRef: "openapi.json", config });
    const problems = found.filter((p) => !p.ignored).map((p): Problem => ({
      severity: p.severity === "error" ? "error" : "warning",
      rule: p.ruleId,
      pointer: p.location[0]?.pointer ?? "#",
      line: p.location[0] ? getLineColLocation(p.location[0]).start.line : 0,
      message: p.message,
    }));
    assert.equal(problems.length, 0, report("redocly lint (recommended)", problems));
  });

  await t.step("[contract/lint] spectral:oas reports no problems", async () => {
    const spectral = new Spectral();
    // The CLI turns `extends: ["spectral:oas"]` into this; the cast only quiets the typings.
    spectral.setRuleset({ extends: [oas as RulesetDefinition] });
    // The CLI parses every document, JSON included, with the YAML parser: so do we.
    const results = await spectral.run(new Document(source, Parsers.Yaml, "openapi.json"));
    const problems = results.flatMap((r): Problem[] => {
      const severity = SPECTRAL_SEVERITY[r.severity];
      return severity
        ? [{
          severity,
          rule: String(r.code),
          pointer: jsonPointer(r.path),
          line: r.range.start.line + 1,
          message: r.message,
        }]
        : [];
    });
    assert.equal(problems.length, 0, report("spectral lint (spectral:oas)", problems));
  });
});
