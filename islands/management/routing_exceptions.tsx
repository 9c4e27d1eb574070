/**
 * A dnid member's routing exceptions (administrators; static backdrop): the exceptions listed
 * with Remove, and a form that adds one — a tgid (the kit's TgidPicker) and an ocean (the list
 * comes from the server). Toasts are the spec's: "exception added successfully", "error on
 * exception creation", "Get routing rule list error". Loaded on first use by DnidStatusList.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Dialog } from "../kit/Dialog.tsx";
import { Field, useZodForm } from "../kit/form.tsx";
import { PromiseButton, usePromiseState } from "../kit/PromiseButton.tsx";
import { TgidPicker } from "../kit/TgidPicker.tsx";
import { call, client, messageOf } from "../runtime/api.ts";
import { confirm } from "../runtime/confirm.ts";
import { toast } from "../runtime/toasts.ts";
import {
  type Ocean,
  ROUTING_RULE_MESSAGES,
  type RoutingMemberRule,
} from "../../openapi/schemas/routing_rules.ts";
import type { TgidChoice } from "../../openapi/schemas/tgids.ts";

const loadForm = () =>
  import("../../openapi/schemas/routing_rules.ts").then((m) => m.RoutingRuleFormSchema);

/** The member whose exceptions the dialog shows. */
export interface RoutingMember {
  dnid: number;
  les: number;
  member: number;
}

const memberKey = (m: RoutingMember | null) => m && `${m.dnid}-${m.les}-${m.member}`;

let oceans: Promise<Ocean[]> | undefined;
/** GET /rest/dnids/getOceans, once per page. */
const loadOceans = () =>
  oceans ??= call(client.GET("/rest/dnids/getOceans")).catch((e) => {
    oceans = undefined;
    throw e;
  });

export function RoutingExceptionsDialog(
  { member, onClose, onChanged }: {
    member: RoutingMember | null;
    onClose: () => void;
    /** After an exception was added or removed (the list's counts change). */
    onChanged: () => void;
  },
) {
  const [rules, setRules] = useState<RoutingMemberRule[] | null>(null);
  const [oceanList, setOceanList] = useState<Ocean[]>([]);
  const form = useZodForm(loadForm, { tgid: null as TgidChoice | null, ocean: "" as Ocean });
  const adding = usePromiseState();
  const key = memberKey(member);
  const current = useRef(key);
  current.current = key;

  async function loadRules(m: RoutingMember) {
    try {
      const list = await call(client.GET("/rest/tgid/listRoutingRulesByDnid", {
        params: {
          query: { dnid: String(m.dnid), les: String(m.les), member: String(m.member) },
        },
      }));
      // Another member's dialog may have opened meanwhile.
      if (memberKey(m) === current.current) setRules(list);
    } catch (e) {
      toast("error", `${ROUTING_RULE_MESSAGES.listError}: ${messageOf(e)}`);
      setRules([]);
    }
  }

  // A fresh form and list whenever the dialog opens for another member; never the last one's.
  useLayoutEffect(() => {
    form.reset();
    setRules(null);
  }, [key]);
  useEffect(() => {
    if (!member) return;
    void loadRules(member);
    loadOceans().then(setOceanList, (e) => toast("error", messageOf(e)));
  }, [key]);

  const add = form.onSubmit(async (data) => {
    if (!member) return;
    try {
      await adding.run(() =>
        call(client.POST("/rest/tgid/addDnidRoutingRules", {
          body: {
            tgidid: data.tgid.id,
            dnidid: member.dnid,
            dnidles: member.les,
            member: member.member,
            ocean: data.ocean,
          },
        }))
      );
      toast("success", ROUTING_RULE_MESSAGES.added);
      form.reset();
      await loadRules(member);
      onChanged();
    } catch (e) {
      toast("error", `${ROUTING_RULE_MESSAGES.addError}: ${messageOf(e)}`);
    }
  });

  async function remove(rule: RoutingMemberRule) {
    if (!member) return;
    const ok = await confirm({
      title: "Remove routing exception",
      message: `Stop routing ${rule.ocean} data of member ${rule.member} of dnid ${rule.dnid} ` +
        `to tgid ${rule.tgid.label}?`,
      confirmLabel: "Remove",
      danger: true,
    });
    if (!ok) return;
    try {
      await call(client.POST("/rest/tgid/removeDnidRoutingRules", {
        body: {
          tgidid: rule.tgid.id,
          dnidid: rule.dnid,
          dnidles: rule.les,
          member: rule.member,
          ocean: rule.ocean,
        },
      }));
      toast("success", ROUTING_RULE_MESSAGES.removed);
      await loadRules(member);
      onChanged();
    } catch (e) {
      toast("error", messageOf(e));
    }
  }

  const title = member
    ? `Routing exceptions of dnid ${member.dnid} member ${member.member}`
    : "Routing exceptions";
  return (
    <Dialog
      open={member !== null}
      title={title}
      onClose={onClose}
      wide
      footer={<button type="button" className="secondary" onClick={onClose}>Close</button>}
    >
      <section aria-label="Exceptions" data-routing-exceptions="">
        {rules === null
          ? <p aria-busy="true">Loading…</p>
          : rules.length === 0
          ? <p className="muted">No routing exception for this member.</p>
          : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Tgid</th>
                  <th scope="col">Ocean</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.map((r) => (
                  <tr key={`${r.tgid.id}-${r.ocean}`} data-rule={`${r.tgid.id}-${r.ocean}`}>
                    <td>
                      <a href={`/management/tgid/${r.tgid.id}`}>{r.tgid.label}</a> ({r.tgid.id})
                    </td>
                    <td>{r.ocean}</td>
                    <td>
                      <button
                        type="button"
                        className="secondary outline"
                        aria-label={`Remove the ${r.ocean} exception to tgid ${r.tgid.label}`}
                        onClick={() =>
                          void remove(r)}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
      </section>
      <form
        ref={form.ref}
        noValidate
        onSubmit={add}
        data-dialog-form="routing-exception"
        aria-label="New routing exception"
      >
        <h3>New exception</h3>
        <TgidPicker
          name="routing-tgid"
          value={form.values.tgid}
          onChange={(t) => form.set("tgid", t)}
          error={form.errors.tgid}
        />
        <Field label="Ocean" name="routing-ocean" error={form.errors.ocean}>
          {(p) => (
            <select
              {...p}
              value={form.values.ocean}
              onChange={(e) => form.set("ocean", e.currentTarget.value as Ocean)}
            >
              <option value="">Choose an ocean</option>
              {oceanList.map((o) => <option key={o} value={o}>{o}</option>)}
            </select>
          )}
        </Field>
        <PromiseButton type="submit" state={adding.state}>Add exception</PromiseButton>
      </form>
    </Dialog>
  );
}
