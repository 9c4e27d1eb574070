/**
 * The statistics chart pages' loader and view (/monitoring/control/message,
 * /routing/statistics/push and /robot): the range the URL asks for, read on the server for the
 * first paint; a range the statistics refuse shows its message over the default range.
 */
import type { PageRoute } from "./types.ts";
import { Island } from "../server/pages/island.tsx";
import StatisticsChart, {
  type StatisticsChartProps,
} from "../islands/monitoring/StatisticsChart.tsx";
import type { ChartSpec } from "../islands/monitoring/chart_data.ts";
import {
  type ChartRange,
  DEFAULT_PRESET,
  presetRange,
  rangeFromSearch,
} from "../islands/monitoring/chart_range.ts";
import { StatisticsQuerySchema } from "../openapi/schemas/monitoring.ts";
import { readStatistics } from "../server/services/monitoring/statistics.ts";
import { ApiError, validationError } from "../server/errors.ts";
import type { Db } from "../db/client.ts";

async function readAll(db: Db, charts: ChartSpec[], range: ChartRange, now: Date) {
  const types = [...new Set(charts.map((c) => c.type))];
  const read = await Promise.all(types.map((type) => {
    const query = StatisticsQuerySchema.safeParse({
      type,
      start: range.start || undefined,
      end: range.end || undefined,
    });
    if (!query.success) throw validationError(query.error.issues);
    return readStatistics(db, query.data, now);
  }));
  return Object.fromEntries(types.map((t, i) => [t, read[i]]));
}

/** A chart page's route: `charts` drawn over the range of the page URL. */
export function statisticsRoute(
  route: Omit<PageRoute<StatisticsChartProps>, "load" | "view">,
  charts: ChartSpec[],
): PageRoute<StatisticsChartProps> {
  return {
    ...route,
    admin: true,
    load: async ({ deps, url }) => {
      const now = new Date();
      const range = rangeFromSearch(url.searchParams, now);
      try {
        return { charts, range, stats: await readAll(deps.db, charts, range, now), error: null };
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 400) throw e;
        const fallback = presetRange(DEFAULT_PRESET, now);
        const stats = await readAll(deps.db, charts, fallback, now);
        return { charts, range: fallback, stats, error: e.message };
      }
    },
    view: ({ data }) => <Island of={StatisticsChart} props={data} />,
  };
}
