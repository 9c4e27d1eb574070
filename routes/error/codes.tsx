import type { AnyPageRoute, PageRoute } from "../types.ts";
import { allErrorCodes, errorMessage } from "../../server/services/error/read.ts";
import { Island } from "../../server/pages/island.tsx";
import ErrorCodeList, { ERROR_TABLE_DEFAULTS } from "../../islands/error/ErrorCodeList.tsx";
import { stateFromSearch } from "../../islands/kit/table/table_state.ts";

const list: PageRoute<{ rows: { code: number; message: string }[] }> = {
  pattern: "/error",
  title: "Error codes",
  summary: "Every code the service can answer, with its meaning.",
  parent: "/information",
  load: async ({ deps }) => ({ rows: await allErrorCodes(deps.db) }),
  view: ({ ctx, data }) => (
    <Island
      of={ErrorCodeList}
      props={{
        rows: data.rows,
        initialState: stateFromSearch(ctx.url.searchParams, ERROR_TABLE_DEFAULTS),
      }}
    />
  ),
};

interface ErrorPageData {
  code: number | null;
  message: string | null;
  status: number;
}

/**
 * The HTTP status of /error/{code} (docs/decisions/0003): a known code that is an HTTP error
 * status answers with it (/error/500 is a 500); the list's other codes (-1, 1001, 23000 …) are
 * pages that exist, 200; a code the list does not have is not found, 404.
 */
const errorPageStatus = (code: number | null, known: boolean) =>
  !known ? 404 : code !== null && code >= 400 && code <= 599 ? code : 200;

const page: PageRoute<ErrorPageData> = {
  pattern: "/error/:code",
  title: "Error",
  summary: "What went wrong.",
  parent: "/error",
  // A route change error's message (what was refused or not found) shows under the heading.
  showsFlash: true,
  label: (_ctx, data) => data.code === null ? "Unknown error" : `Error ${data.code}`,
  load: async ({ deps, params }) => {
    const code = /^-?\d{1,9}$/.test(params.code ?? "") ? Number(params.code) : null;
    const message = code === null ? null : await errorMessage(deps.db, code);
    const known = message !== null;
    return { code: known ? code : null, message, status: errorPageStatus(code, known) };
  },
  view: ({ ctx, data }) => (
    <article data-error-code={data.code ?? ""}>
      <p>
        <strong>
          {data.message ?? `No error has the code ${ctx.params.code}.`}
        </strong>
      </p>
      {data.code === 403 && (
        <p>This page needs the administrator permission. Ask your administrator for access.</p>
      )}
      {data.code === 404 && <p>The page or item you asked for does not exist, or is not yours.</p>}
      <p>
        <a href="/">Back to the home page</a> · <a href="/error">All error codes</a>
      </p>
    </article>
  ),
};

export default [list, page] satisfies AnyPageRoute[];
