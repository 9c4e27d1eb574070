/** The error code list (/error): every code with its message, filterable and sortable. */
import { DataTable } from "../kit/table/DataTable.tsx";
import type { TableDefaults, TableState } from "../kit/table/table_state.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../openapi/enums.ts";

interface ErrorCode {
  code: number;
  message: string;
}

export const ERROR_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "code", direction: "asc" },
  count: PAGE_SIZE, // the spec's default table page size (portal-shell §9)
  pageSizes: PAGE_SIZES,
};

export default function ErrorCodeList(
  { rows, initialState }: { rows: ErrorCode[]; initialState: TableState },
) {
  return (
    <DataTable<ErrorCode>
      id="error-codes"
      caption="Error codes"
      columns={[
        {
          key: "code",
          label: "Code",
          sortable: true,
          filter: { kind: "text" },
          render: (r) => <a href={`/error/${r.code}`}>{r.code}</a>,
        },
        { key: "message", label: "Message", sortable: true, filter: { kind: "text" } },
      ]}
      rowKey={(r) => String(r.code)}
      source={{ kind: "local", rows }}
      defaults={ERROR_TABLE_DEFAULTS}
      initialState={initialState}
      urlState
      exportName="error-codes"
    />
  );
}
