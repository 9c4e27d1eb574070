/**
 * What the tgid page's routing-exception dialog chooses. A member exception: one dnid searched
 * by number (GET /rest/dnids/search, at most ROUTING_DNID_SEARCH_LIMIT (10) shown,
 * management-routing §5), then one of its members in a select (POST /rest/dnids/getDnidStatuses
 * filtered to the dnid: the members the server knows, each with its terminals' mtls and states).
 * An mtl exception: one mtl searched by imn (POST /rest/mtls/findMtl, 10 shown). Forms validate
 * the values ('Please select a dnid', 'Please select a member', 'Please select an mtl').
 */
import { useEffect, useState } from "react";
import { Field } from "../../kit/form/form.tsx";
import type { Option } from "../../kit/form/MultiSelect.tsx";
import { SearchPicker } from "../../kit/form/SearchPicker.tsx";
import { call, client, messageOf } from "../../runtime/api.ts";
import { DEFAULT_LES, MAX_PAGE_SIZE } from "../../../openapi/enums.ts";
import { ROUTING_DNID_SEARCH_LIMIT } from "../../../openapi/schemas/tgid/tgid_messages.ts";
import { DNID_STATUS_STATE_LABELS } from "../../../openapi/schemas/dnids/dnid_status_messages.ts";

/** A chosen dnid: its number and LES. */
export interface DnidChoice {
  id: number;
  les: number;
}

/** "4711", or "4711 (LES 15)" off the usual LES. */
const dnidText = (d: DnidChoice) => d.les === DEFAULT_LES ? String(d.id) : `${d.id} (LES ${d.les})`;

type DnidOption = Option & { dnid: DnidChoice };

/** The dialog's dnids: at most ROUTING_DNID_SEARCH_LIMIT (10) results. */
const searchDnidOptions = async (query: string): Promise<DnidOption[]> =>
  (await call(client.GET("/rest/dnids/search", { params: { query: { query } } })))
    .slice(0, ROUTING_DNID_SEARCH_LIMIT)
    .map((d) => ({
      value: `${d.id}-${d.les}`,
      label: String(d.id),
      detail: `LES ${d.les} · ${d.company.name}`,
      dnid: { id: d.id, les: d.les },
    }));

/** A picker of the dialog: its value (null: nothing chosen), the form's error, its name. */
interface ChoiceProps<V> {
  value: V | null;
  onChange: (value: V | null) => void;
  error?: string;
  name: string;
}

export function DnidPicker({ value, onChange, error, name }: ChoiceProps<DnidChoice>) {
  return (
    <SearchPicker<DnidOption>
      className="dnid-picker"
      label="Dnid"
      name={name}
      placeholder="Search a dnid by number"
      search={searchDnidOptions}
      minChars={1}
      noun="Dnid"
      chosenText={value ? dnidText(value) : null}
      textOf={(o) => dnidText(o.dnid)}
      onChoose={(o) => onChange(o.dnid)}
      onClear={() => onChange(null)}
      error={error}
    />
  );
}

/** One member of a dnid as the select offers it: its number, its terminals' mtls and states. */
interface DnidMemberChoice {
  member: number;
  text: string;
}

/** The dnid's members (every device of a member on one line), by member number. */
export async function dnidMembers(d: DnidChoice): Promise<DnidMemberChoice[]> {
  const r = await call(client.POST("/rest/dnids/getDnidStatuses", {
    body: {
      filter: { dnid: d.id, les: d.les },
      sorting: { field: "member", direction: "asc" },
      count: MAX_PAGE_SIZE,
      page: 1,
    },
  }));
  const byMember = new Map<number, string[]>();
  for (const s of r.data) {
    const device = `${s.terminal?.label ? `${s.terminal.label} ` : ""}${s.device}` +
      ` (${DNID_STATUS_STATE_LABELS[s.state]})`;
    byMember.set(s.member, [...byMember.get(s.member) ?? [], device]);
  }
  return [...byMember].map(([member, devices]) => ({
    member,
    text: `${member} · ${devices.join(", ")}`,
  }));
}

/**
 * The member select of a chosen dnid: disabled until a dnid is chosen, then its members
 * (loaded each time the dnid changes; a failure shows under the field).
 */
export function MemberSelect(
  { dnid, value, onChange, error, name }: {
    dnid: DnidChoice | null;
    /** The member number as the select holds it ("" for none). */
    value: string;
    onChange: (member: string) => void;
    error?: string;
    name: string;
  },
) {
  const [members, setMembers] = useState<DnidMemberChoice[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = dnid && `${dnid.id}-${dnid.les}`;
  useEffect(() => {
    setMembers(null);
    setFailure(null);
    if (!dnid) return;
    let current = true;
    dnidMembers(dnid).then(
      (list) => current && setMembers(list),
      (e) => current && setFailure(messageOf(e)),
    );
    return () => {
      current = false;
    };
  }, [key]);

  // Nothing to say about the member before a dnid is chosen: the dnid's own error says it.
  const shownError = dnid ? error ?? failure ?? undefined : undefined;
  const prompt = !dnid
    ? "Choose a dnid first"
    : failure
    ? "Members could not be loaded"
    : members === null
    ? "Loading members…"
    : members.length
    ? "Choose a member"
    : "This dnid has no member";
  return (
    <Field label="Member" name={name} error={shownError}>
      {(p) => (
        <select
          {...p}
          value={value}
          disabled={!members?.length}
          aria-busy={dnid && members === null && !failure ? "true" : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          <option value="">{prompt}</option>
          {members?.map((m) => <option key={m.member} value={m.member}>{m.text}</option>)}
        </select>
      )}
    </Field>
  );
}

/** A chosen mtl: its imn. */
export interface MtlChoice {
  imn: string;
}

type MtlOption = Option & { mtl: MtlChoice };

/** Mtls whose imn contains the text: the first ROUTING_DNID_SEARCH_LIMIT (10) by imn. */
const searchMtlOptions = async (query: string): Promise<MtlOption[]> =>
  (await call(client.POST("/rest/mtls/findMtl", {
    body: {
      filter: { imn: query },
      sorting: { field: "imn", direction: "asc" },
      count: ROUTING_DNID_SEARCH_LIMIT,
      page: 1,
    },
  }))).results.map((m) => ({
    value: m.imn,
    label: m.imn,
    detail: [m.deviceLabel, m.tgid && `tgid ${m.tgid.label}`].filter(Boolean).join(" · "),
    mtl: { imn: m.imn },
  }));

export function MtlPicker({ value, onChange, error, name }: ChoiceProps<MtlChoice>) {
  return (
    <SearchPicker<MtlOption>
      className="mtl-picker"
      label="Mtl (imn)"
      name={name}
      placeholder="Search an mtl by imn"
      search={searchMtlOptions}
      minChars={1}
      noun="Mtl"
      chosenText={value?.imn ?? null}
      textOf={(o) => o.mtl.imn}
      onChoose={(o) => onChange(o.mtl)}
      onClear={() => onChange(null)}
      error={error}
    />
  );
}
