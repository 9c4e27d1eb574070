/** A news item's level as a coloured badge: critical as danger, medium as warning, low as info. */
import type { NewsLevel } from "../../openapi/enums.ts";

export const LEVEL_LABELS: Record<NewsLevel, string> = {
  critical: "Critical",
  medium: "Medium",
  low: "Low",
};

export function LevelBadge({ level }: { level: NewsLevel }) {
  return <span className={`news-level ${level}`} data-level={level}>{LEVEL_LABELS[level]}</span>;
}
