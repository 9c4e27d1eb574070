/**
 * Routing exceptions (administrators; static backdrop). A dnid member's: the exceptions listed
 * with Remove, and a form that adds one — a tgid (the kit's TgidPicker) and an ocean (the list
 * comes from the server); toasts "exception added successfully", "error on exception creation",
 * "Get routing rule list error"; loaded on first use by DnidStatusList. A tgid's (its page): the
 * create dialog (a dnid member's or an mtl's exception to the tgid; "Member or Mtl routing
 * exception successfully created", "Error: {message}") and the view dialog with Remove.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { PromiseButton, usePromiseState } from "../../kit/form/PromiseButton.tsx";
import { TgidPicker } from "../../kit/form/TgidPicker.tsx";
import { call, client, messageOf } from "../../runtime/api.ts";
import { confirm } from "../../runtime/confirm.ts";
import { toast } from "../../runtime/toasts.ts";
import {
  type Ocean,
  ROUTING_RULE_MESSAGES,
  type RoutingMemberRule,
  TGID_EXCEPTION_MESSAGES,
  type TgidExceptionFormSchema,
} from "../../../openapi/schemas/tgid/routing_rules.ts";
import type { z } from "zod";
import { Fact } from "../../kit/Fact.tsx";
import { ActionsHeading } from "../../kit/table/ActionsHeading.tsx";
import { FormDialog } from "../../kit/dialog/FormDialog.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { dnidHref } from "../dnid/dnid_api.ts";
import {
  type DnidChoice,
  DnidPicker,
  MemberSelect,
  type MtlChoice,
  MtlPicker,
} from "./exception_pickers.tsx";
import { exceptionText, type TgidException } from "./tgid_api.ts";
import type { TgidChoice } from "../../../openapi/schemas/tgid/tgids.ts";

const loadForm = () =>
  import("../../../openapi/schemas/tgid/routing_rules.ts").then((m) => m.RoutingRuleFormSchema);

/** The member whose exceptions the dialog shows. */
interface RoutingMember {
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

/** The ocean select of the exception forms (its choices from GET /rest/dnids/getOceans). */
function OceanField(
  { name, value, onChange, error }: {
    name: string;
    value: Ocean | "";
    onChange: (ocean: Ocean) => void;
    error?: string;
  },
) {
  const [list, setList] = useState<Ocean[]>([]);
  useEffect(() => {
    loadOceans().then(setList, (e) => toast("error", messageOf(e)));
  }, []);
  return (
    <Field label="Ocean" name={name} error={error}>
      {(p) => (
        <select
          {...p}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value as Ocean)}
        >
          <option value="">Choose an ocean</option>
          {list.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      )}
    </Field>
  );
}

const removeMemberRule = (rule: RoutingMemberRule) =>
  call(client.POST("/rest/tgid/removeDnidRoutingRules", {
    body: {
      tgidid: rule.tgid.id,
      dnidid: rule.dnid,
      dnidles: rule.les,
      member: rule.member,
      ocean: rule.ocean,
    },
  }));

export function RoutingExceptionsDialog(
  { member, onClose, onChanged }: {
    member: RoutingMember | null;
    onClose: () => void;
    /** After an exception was added or removed (the list's counts change). */
    onChanged: () => void;
  },
) {
  const [rules, setRules] = useState<RoutingMemberRule[] | null>(null);
  const form = useZodForm(loadForm, { tgid: null as TgidChoice | null, ocean: "" as Ocean });
  const adding = usePromiseState();
  const key = memberKey(member);
  const current = useRef(key);
  current.current = key;

  async function loadRules(m: RoutingMember) {
    try {
      const list = await call(client.GET("/rest/tgid/listRoutingRulesByDnid", {
        params: {
          query: { dnid: m.dnid, les: m.les, member: m.member },
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
      await removeMemberRule(rule);
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
                  <ActionsHeading />
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
        <OceanField
          name="routing-ocean"
          value={form.values.ocean}
          onChange={(o) => form.set("ocean", o)}
          error={form.errors.ocean}
        />
        <PromiseButton type="submit" state={adding.state}>Add exception</PromiseButton>
      </form>
    </Dialog>
  );
}

// ---- the tgid page's exceptions (member and mtl): create and view ----

const loadTgidForm = () =>
  import("../../../openapi/schemas/tgid/routing_rules.ts").then((m) => m.TgidExceptionFormSchema);

/** The form's values, both kinds' fields at once (the kind chooses which are read). */
interface ExceptionFields {
  kind: "member" | "mtl";
  dnid: DnidChoice | null;
  /** The member select's value: the member number as text, "" for none. */
  member: string;
  ocean: Ocean | "";
  mtl: MtlChoice | null;
}
const blankException: ExceptionFields = {
  kind: "member",
  dnid: null,
  member: "",
  ocean: "",
  mtl: null,
};

/** The tgid whose page it is. */
export interface TgidRef {
  id: number;
  label: string;
}

/** Adds the exception the form describes (POST addDnidRoutingRules or addMtlRoutingRules). */
const addException = (tgid: TgidRef, data: z.output<typeof TgidExceptionFormSchema>) =>
  data.kind === "member"
    ? call(client.POST("/rest/tgid/addDnidRoutingRules", {
      body: {
        tgidid: tgid.id,
        dnidid: data.dnid.id,
        dnidles: data.dnid.les,
        member: data.member,
        ocean: data.ocean,
      },
    }))
    : call(client.POST("/rest/tgid/addMtlRoutingRules", {
      body: { tgidid: tgid.id, mtlid: data.mtl },
    }));

/**
 * A new exception routing data to the tgid: a dnid member's for an ocean (the dnid searched, at
 * most 10 results, then one of its members from a list), or an mtl's (searched). "Member or Mtl routing exception successfully created", else
 * "Error: {message}" (the message also stays in the dialog).
 */
export function TgidExceptionCreateDialog(
  { tgid, onClose, onCreated }: {
    /** The page's tgid while the dialog is open; null when closed. */
    tgid: TgidRef | null;
    onClose: () => void;
    onCreated: () => void;
  },
) {
  const form = useZodForm<typeof TgidExceptionFormSchema, ExceptionFields>(
    loadTgidForm,
    blankException,
  );
  const run = usePromiseState();
  const [error, setError] = useState<string | null>(null);
  const { values: v, set } = form;
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const save = form.onSubmit(async (data) => {
    if (!tgid) return;
    setError(null);
    try {
      await run.run<unknown>(() => addException(tgid, data));
      toast("success", TGID_EXCEPTION_MESSAGES.created);
      close();
      onCreated();
    } catch (e) {
      setError(messageOf(e));
      toast("error", TGID_EXCEPTION_MESSAGES.error(messageOf(e)));
    }
  });
  return (
    <FormDialog
      open={tgid !== null}
      title={tgid ? `New routing exception to tgid ${tgid.label}` : "New routing exception"}
      onClose={close}
      name="tgid-exception"
      submitLabel="Create"
      state={run.state}
      error={error}
      onSubmit={save}
    >
      <Field label="Exception for" name="tgid-exception-kind">
        {(p) => (
          <select
            {...p}
            value={String(v.kind)}
            onChange={(e) => set("kind", e.currentTarget.value as ExceptionFields["kind"])}
          >
            <option value="member">A dnid member</option>
            <option value="mtl">An mtl</option>
          </select>
        )}
      </Field>
      {v.kind === "member"
        ? (
          <>
            <DnidPicker
              name="tgid-exception-dnid"
              value={v.dnid}
              onChange={(d) => {
                set("dnid", d);
                // Another dnid has other members.
                set("member", "");
              }}
              error={form.errors.dnid}
            />
            <MemberSelect
              name="tgid-exception-member"
              dnid={v.dnid}
              value={v.member}
              onChange={(m) => set("member", m)}
              error={form.errors.member}
            />
            <OceanField
              name="tgid-exception-ocean"
              value={v.ocean}
              onChange={(o) => set("ocean", o)}
              error={form.errors.ocean}
            />
          </>
        )
        : (
          <MtlPicker
            name="tgid-exception-mtl"
            value={v.mtl}
            onChange={(m) => set("mtl", m)}
            error={form.errors.mtl}
          />
        )}
    </FormDialog>
  );
}

/** One exception of the tgid, with Remove (asked first). */
export function TgidExceptionViewDialog(
  { exception, onClose, onRemoved }: {
    exception: TgidException | null;
    onClose: () => void;
    onRemoved: () => void;
  },
) {
  const run = usePromiseState();
  async function remove(e: TgidException) {
    const ok = await confirm({
      title: "Remove routing exception",
      message: `Stop routing the data of ${exceptionText(e)} to tgid ${e.rule.tgid.label}?`,
      confirmLabel: "Remove",
      danger: true,
    });
    if (!ok) return;
    try {
      await run.run<unknown>(() =>
        e.kind === "member"
          ? removeMemberRule(e.rule)
          : call(client.POST("/rest/tgid/removeMtlRoutingRule", {
            body: { tgidid: e.rule.tgid.id, mtlid: e.rule.mtl },
          }))
      );
      toast("success", ROUTING_RULE_MESSAGES.removed);
      onRemoved();
    } catch (err) {
      toast("error", TGID_EXCEPTION_MESSAGES.error(messageOf(err)));
    }
  }
  const e = exception;
  return (
    <Dialog
      open={e !== null}
      title="Routing exception"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>Close</button>
          <PromiseButton
            type="button"
            className="contrast"
            state={run.state}
            onClick={() => e && void remove(e)}
          >
            Remove
          </PromiseButton>
        </>
      }
    >
      {e && (
        <dl className="detail-facts">
          <Fact label="Kind">{e.kind === "member" ? "Dnid member" : "Mtl"}</Fact>
          <Fact label="Tgid">{`${e.rule.tgid.label} (${e.rule.tgid.id})`}</Fact>
          {e.kind === "member"
            ? (
              <>
                <Fact label="Dnid">
                  <a href={dnidHref({ id: e.rule.dnid, les: e.rule.les })}>{e.rule.dnid}</a>
                </Fact>
                <Fact label="LES">{e.rule.les}</Fact>
                <Fact label="Member">{e.rule.member}</Fact>
                <Fact label="Ocean">{e.rule.ocean}</Fact>
              </>
            )
            : (
              <>
                <Fact label="Mtl">
                  <a href={`/management/terminal/mtl/${e.rule.mtl}`}>{e.rule.mtl}</a>
                </Fact>
                <Fact label="Created (UTC)">{formatDateTime(e.rule.createdAt)}</Fact>
              </>
            )}
        </dl>
      )}
    </Dialog>
  );
}
