/**
 * The rul list (/management/rul, administrators): server-paged, sorted and filtered (the query
 * kept in the URL), "New rul" (create dialog, both variants) and a row menu with Open, Edit and
 * Delete. The password is masked here, as on the rul's page (where Show reveals it).
 */
import { createElement, lazy } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import type { TableDefaults } from "../../kit/table/table_state.ts";
import { formatDateTime, optionsOf } from "../../kit/format.ts";
import { LES, PAGE_SIZE, PAGE_SIZES } from "../../../openapi/enums.ts";
import type { Rul } from "../../../openapi/schemas/ruls/ruls.ts";
import { findRuls, MASKED_PASSWORD, rulHref } from "./rul_api.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./rul_dialogs.tsx");
const RulCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.RulCreateDialog })));
const RulEditDialog = lazy(() => dialogs().then((m) => ({ default: m.RulEditDialog })));

export const RUL_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

const link = (r: Rul, text: string) => createElement("a", { href: rulHref(r) }, text);

export type RulListProps = ListProps<Rul>;

export default function RulList(props: RulListProps) {
  return (
    <EditableList<Rul>
      {...props}
      id="ruls"
      caption="Ruls"
      noun="rul"
      rowKey={(r) => `${r.id}-${r.les}`}
      rowLabel={(r) => `rul ${r.id}`}
      find={findRuls}
      defaults={RUL_TABLE_DEFAULTS}
      href={rulHref}
      remove={async (rul) => (await dialogs()).deleteRul(rul)}
      columns={[
        {
          key: "id",
          label: "Id",
          sortable: true,
          filter: { kind: "text" },
          render: (r) => link(r, String(r.id)),
        },
        {
          key: "les",
          label: "LES",
          sortable: true,
          filter: { kind: "select", options: optionsOf(LES) },
        },
        { key: "customerName", label: "Customer name", sortable: true, filter: { kind: "text" } },
        { key: "companyName", label: "Company name", sortable: true, filter: { kind: "text" } },
        { key: "requesterName", label: "Requester", filter: { kind: "text" } },
        {
          key: "password",
          label: "Password",
          render: () => MASKED_PASSWORD,
          text: () => MASKED_PASSWORD,
        },
        {
          key: "company",
          label: "Customer company",
          render: (r) =>
            r.company
              ? createElement(
                "a",
                { href: `/administration/companies/${r.company.id}` },
                r.company.name,
              )
              : "",
          text: (r) => r.company?.name ?? "",
        },
        {
          key: "updated",
          label: "Updated",
          sortable: true,
          render: (r) => formatDateTime(r.updated),
          text: (r) => formatDateTime(r.updated),
        },
      ]}
      createDialog={(p) => <RulCreateDialog {...p} />}
      editDialog={({ row, ...p }) => <RulEditDialog rul={row} {...p} />}
    />
  );
}
