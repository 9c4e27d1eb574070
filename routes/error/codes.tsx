import type { AnyPageRoute, PageRoute } from "../types.ts";
import { allErrorCodes, errorMessage } from "../../server/services/error/read.ts";
import { Island } from "../../server/pages/island.tsx";
import ErrorCodeList, { ERROR_TABLE_DEFAULTS } from "../../islands/error/ErrorCodeList.tsx";
import { stateFromSearch } from "../../islands/kit/table_state.ts";

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

const page: PageRoute<ErrorPageData> = {
  pattern: "/error/:code",
  title: "Error",
  summary: "What went wrong.",
  parent: "/error",
  label: (_ctx, data) => data.code === null ? "Unknown error" : `Error ${data.code}`,
  load: async ({ deps, params }) => {
    const code = /^-?\d{1,9}$/.test(params.code ?? "") ? Number(params.code) : null;
    const message = code === null ? null : await errorMessage(deps.db, code);
    const status = code === 403 || code === 404 ? code : message !== null ? 200 : 404;
    return { code: message !== null ? code : null, message, status };
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
