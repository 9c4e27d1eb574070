/**
 * The LES traffic table's query as a POST /rest/station/find body, on the server (the first
 * page) and in the browser: the Created column's filter box takes a day (`2026-11-23`), a range
 * (`2026-11-01..2026-11-23`) or an open one (`2026-11-01..`, `..2026-11-23`), sent as `from`
 * and `to`.
 */
import {
  findBody,
  type TableDefaults,
  type TableState,
  TIME_RANGE_PLACEHOLDER,
  withTimeRange,
} from "../kit/table/table_state.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../openapi/enums.ts";
import { STATION_SORT_FIELDS } from "../../openapi/schemas/station/station_messages.ts";

export const STATION_TRAFFIC_DEFAULTS: TableDefaults = {
  sorting: { field: "createdAt", direction: "desc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export const CREATED_PLACEHOLDER = TIME_RANGE_PLACEHOLDER;

/** `{filter, sorting, count, page}` with the Created filter as from/to. */
export const stationFindBody = (state: TableState) =>
  withTimeRange(findBody(state, STATION_SORT_FIELDS), "createdAt");
