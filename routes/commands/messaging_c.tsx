/**
 * /commands/messagingC: compose and send an Inmarsat C message, and follow the messages sent.
 * The loader gives the sender's recipient history and the first page of its sent messages; a
 * user without Messaging C access sees why, and no form.
 */
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import MessagingC from "../../islands/commands/MessagingC.tsx";
import MessagingCHistory from "../../islands/commands/MessagingCHistory.tsx";
import type { Recipient } from "../../openapi/schemas/inmarsat/messaging_c.ts";
import {
  StationFindRequestSchema,
  type StationFindResponse,
} from "../../openapi/schemas/station/station.ts";
import { hasMessagingC, recipientHistoryOf } from "../../server/services/inmarsat/history.ts";
import { findStationMessages } from "../../server/services/station/read.ts";
import { PAGE_SIZE } from "../../openapi/enums.ts";

interface MessagingCData {
  access: boolean;
  recipients: Recipient[];
  history: StationFindResponse;
}

const messagingC: PageRoute<MessagingCData> = {
  pattern: "/commands/messagingC",
  title: "Messaging C",
  summary: "Compose and send an Inmarsat C message, and follow its transmission.",
  parent: "/commands",
  load: async ({ deps: { db }, scope, user }) => {
    if (!await hasMessagingC(db, user)) {
      return {
        access: false,
        recipients: [],
        history: {
          rows: [],
          totalNumber: 0,
          total: 0,
          filtered: 0,
          totalCapped: false,
          filteredCapped: false,
        },
      };
    }
    const [recipients, history] = await Promise.all([
      recipientHistoryOf(db, scope, user.key),
      findStationMessages(
        db,
        scope,
        user.key,
        StationFindRequestSchema.parse({
          filter: { mine: true },
          sorting: { field: "createdAt", direction: "desc" },
          count: PAGE_SIZE,
          page: 1,
        }),
      ),
    ]);
    return { access: true, recipients, history };
  },
  view: ({ data }) =>
    data.access
      ? (
        <div className="grid messaging-c-page">
          <Island of={MessagingC} props={{ recipients: data.recipients }} />
          <Island of={MessagingCHistory} props={{ initial: data.history }} />
        </div>
      )
      : (
        <p role="alert">
          Messaging C access required: ask an administrator to give your user Messaging C access.
        </p>
      ),
};

export default [messagingC] satisfies AnyPageRoute[];
