import type { PageRoute } from "../types.ts";
import { USER_GUIDE_FILE_NAME } from "../../db/seed/user_guide.ts";

const I = "/information";
export const USER_GUIDE_URL = `/rest/file/get?name=${USER_GUIDE_FILE_NAME}`;

const help: PageRoute<void> = {
  pattern: I,
  title: "Help",
  summary: "How to use the portal: the user guide, news and the API reference.",
  parent: "/",
  view: ({ ctx }) => (
    <>
      <p>
        The user guide describes every screen of the portal: the areas in the menu, the tables
        (filters apply two seconds after you stop typing; right-click a row, or use its ⋮ button,
        for its actions) and the dialogs.
      </p>
      <div className="index-grid">
        <article>
          <h2>User guide</h2>
          <p className="muted">The complete guide as a PDF.</p>
          <a href={USER_GUIDE_URL} download data-native>Download the user guide (PDF)</a>
        </article>
        <article>
          <h2>
            <a href="/information/news">News</a>
          </h2>
          <p className="muted">Service announcements, newest first.</p>
        </article>
        <article>
          <h2>
            <a href="/error">Error codes</a>
          </h2>
          <p className="muted">Every code the service can answer, with its meaning.</p>
        </article>
        <article>
          <h2>
            <a href="/information/about">About</a>
          </h2>
          <p className="muted">Version, build and the API reference for integrators.</p>
        </article>
      </div>
      {ctx.user.admin && (
        <p className="muted">
          As an administrator you also see the Administration and Monitoring areas.
        </p>
      )}
    </>
  ),
};

export default [help];
