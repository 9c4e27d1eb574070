/**
 * The dnid status page's details dialog (static backdrop) and its confirmed delete, loaded on
 * first use by DnidStatusList.
 */
import type { ReactNode } from "react";
import { Dialog } from "../../../kit/dialog/Dialog.tsx";
import { confirmDelete } from "../../../kit/dialog/confirm_delete.ts";
import { formatDateTime } from "../../../kit/format.ts";
import { call, client, messageOf } from "../../../runtime/api.ts";
import { toast } from "../../../runtime/toasts.ts";
import { REGIONS } from "../../../../openapi/enums.ts";
import {
  DNID_STATUS_MESSAGES,
  type DnidStatusDetails,
  type DnidStatusRow,
} from "../../../../openapi/schemas/dnids/dnid_status.ts";
import { StateBadge } from "./DnidStatusList.tsx";

/**
 * A member's details, or null after a danger toast 'Get dnid status details error' with the
 * server's message (the dialog then does not open).
 */
export async function loadDetails(r: DnidStatusRow): Promise<DnidStatusDetails | null> {
  try {
    return await call(client.GET("/rest/dnids/getDnidStatusDetails", {
      params: {
        query: {
          dnid: r.dnid,
          les: r.les,
          member: r.member,
          device: r.device,
        },
      },
    }));
  } catch (e) {
    toast("error", `${DNID_STATUS_MESSAGES.detailsError}: ${messageOf(e)}`);
    return null;
  }
}

/** Asks, then deletes the member (administrators). True when it was deleted. */
export function deleteStatus(r: DnidStatusRow): Promise<boolean> {
  return confirmDelete(
    {
      title: "Delete dnid member",
      message: `Delete member ${r.member} (device ${r.device}) of dnid ${r.dnid}? Its default ` +
        "flag goes with it, and its routing exceptions when it is the member's last device.",
    },
    () =>
      call(client.POST("/rest/dnids/deleteDnidStatus", {
        body: { dnid: r.dnid, les: r.les, member: r.member, device: r.device },
      })),
    (gone) => DNID_STATUS_MESSAGES.deleted(gone.dnid, gone.member),
  );
}

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === "" ? "—" : String(v);

export function DnidStatusDetailsDialog(
  { details, onClose }: { details: DnidStatusDetails | null; onClose: () => void },
) {
  const s = details?.status;
  return (
    <Dialog
      open={details !== null}
      title={s ? `Dnid ${s.dnid} member ${s.member}` : "Dnid status details"}
      onClose={onClose}
      wide
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {details && s && (
        <table data-status-details="">
          <tbody>
            <Field label="Dnid">
              <a href={`/management/dnids/${s.dnid}/${s.les}`}>{s.dnid}</a>
            </Field>
            <Field label="LES">{s.les}</Field>
            <Field label="Member">{s.member}</Field>
            <Field label="Device">{s.device}</Field>
            <Field label="Serial">{text(s.serial)}</Field>
            <Field label="Status">
              {s.status} <StateBadge state={s.state} />
            </Field>
            <Field label="Default">{s.isDefault ? "Yes" : "No"}</Field>
            <Field label="Program active">{s.progActive ? "Yes" : "No"}</Field>
            <Field label="Program interval">{text(s.progInterval)}</Field>
            <Field label="Program start frame">{text(s.progStartFrame)}</Field>
            <Field label="Program updated (UTC)">{text(formatDateTime(s.progUpdatedOn))}</Field>
            <Field label="Updated (UTC)">{formatDateTime(s.updatedOn)}</Field>
            <Field label="Company">{details.dnid.company.name}</Field>
            <Field label="Tgid">
              {details.dnid.tgid ? `${details.dnid.tgid.label} (${details.dnid.tgid.id})` : "—"}
            </Field>
            <Field label="Comments">{text(details.dnid.comments)}</Field>
            <Field label="Comments 2">{text(details.dnid.comments2)}</Field>
            <Field label="Routing exceptions">{s.exceptions}</Field>
            <Field label="Terminal">
              {s.terminal
                ? (
                  <a href={`/management/terminal/${s.terminal.deviceId}`}>
                    {s.terminal.label ?? s.terminal.deviceId}
                  </a>
                )
                : "—"}
            </Field>
            {details.mtl && (
              <>
                <Field label="Mtl (imn)">{details.mtl.imn}</Field>
                <Field label="Mtl serial">{text(details.mtl.serial)}</Field>
                <Field label="Model">{text(details.mtl.model)}</Field>
                <Field label="Mtl label">{text(details.mtl.deviceLabel)}</Field>
                <Field label="Region">
                  {details.mtl.region === null
                    ? "—"
                    : REGIONS[details.mtl.region as keyof typeof REGIONS] ??
                      String(details.mtl.region)}
                </Field>
              </>
            )}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}
