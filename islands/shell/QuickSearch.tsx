/**
 * The header's quick search by category (Company, Team, User, Dnid, Tgid); choosing a result
 * opens its detail page. Only categories whose detail page the user may open are offered.
 */
import { useEffect, useId, useRef, useState } from "react";
import { getJson, messageOf } from "../runtime/fetch_json.ts";
import { navigate } from "../runtime/navigate.ts";
import { useTypedBeforeHydration } from "../kit/form/early_input.ts";

interface Hit {
  label: string;
  detail: string;
  href: string;
}

interface Category {
  name: string;
  admin: boolean;
  path: string;
  /** `admin`: the searching user is an administrator (some pages are theirs alone). */
  // deno-lint-ignore no-explicit-any
  toHit: (row: any, admin: boolean) => Hit;
}

const CATEGORIES: Category[] = [
  {
    name: "Company",
    admin: true,
    path: "/rest/companies/search",
    toHit: (r) => ({
      label: r.name,
      detail: `#${r.id}`,
      href: `/administration/companies/${r.id}`,
    }),
  },
  {
    name: "Team",
    admin: true,
    path: "/rest/teams/search",
    toHit: (r) => ({
      label: r.name,
      detail: r.company.name,
      href: `/administration/teams/${r.id}`,
    }),
  },
  {
    name: "User",
    admin: true,
    path: "/rest/users/search",
    toHit: (r) => ({
      label: r.id,
      detail: `${r.firstName} ${r.lastName}`.trim(),
      href: `/administration/users/${encodeURIComponent(r.id)}`,
    }),
  },
  {
    name: "Dnid",
    admin: false,
    path: "/rest/dnids/search",
    toHit: (r) => ({
      label: String(r.id),
      detail: `LES ${r.les} · ${r.company.name}`,
      href: `/management/dnids/${r.id}/${r.les}`,
    }),
  },
  {
    name: "Tgid",
    admin: false,
    path: "/rest/tgid/search",
    // The tgid page is administrators'; a client lands on the list filtered to the tgid.
    toHit: (r, admin) => ({
      label: r.label,
      detail: `#${r.id} · ${r.team.name}`,
      href: admin ? `/management/tgid/${r.id}` : `/management/tgid?filter.id=${r.id}`,
    }),
  },
];

const DEBOUNCE_MS = 250;

export default function QuickSearch({ admin }: { admin: boolean }) {
  const categories = CATEGORIES.filter((c) => admin || !c.admin);
  const [category, setCategory] = useState(categories[0].name);
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const seq = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (!q) return setHits(null);
    const ticket = ++seq.current;
    const cat = categories.find((c) => c.name === category)!;
    const t = setTimeout(async () => {
      try {
        const rows = await getJson<unknown[]>(`${cat.path}?query=${encodeURIComponent(q)}`);
        if (ticket !== seq.current) return;
        setHits(rows.map((r) => cat.toHit(r, admin)));
        setError(null);
        setActive(0);
      } catch (e) {
        if (ticket === seq.current) setError(messageOf(e));
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [query, category]);

  // A search typed before the header hydrated runs as if typed now.
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => {
    for (const { field, value } of typed) {
      if (field instanceof HTMLSelectElement) setCategory(String(value));
      else setQuery(String(value));
    }
  });

  const open = hits !== null || error !== null;
  const choose = (hit: Hit) => {
    setQuery("");
    setHits(null);
    void navigate(hit.href);
  };

  return (
    <form
      ref={form}
      className="quick-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (hits?.[active]) choose(hits[active]);
      }}
    >
      <select
        aria-label="Search category"
        value={category}
        onChange={(e) => setCategory(e.currentTarget.value)}
      >
        {categories.map((c) => <option key={c.name}>{c.name}</option>)}
      </select>
      <input
        type="search"
        role="combobox"
        aria-label={`Search ${category}`}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={hits?.length ? `${listId}-${active}` : undefined}
        placeholder={`Search ${category.toLowerCase()}…`}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onBlur={() => setTimeout(() => setHits(null), 150)}
        onKeyDown={(e) => {
          if (!hits?.length) return;
          if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, hits.length - 1));
          else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
          else if (e.key === "Escape") setHits(null);
          else return;
          e.preventDefault();
        }}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={`${category} results`}>
          {error && <li role="option" aria-selected="false" aria-disabled="true">{error}</li>}
          {hits?.length === 0 && (
            <li role="option" aria-selected="false" aria-disabled="true">No {category} found</li>
          )}
          {hits?.map((h, i) => (
            <li
              key={h.href}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(h);
              }}
            >
              {h.label} <small className="muted">{h.detail}</small>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
