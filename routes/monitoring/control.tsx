/**
 * The gauge pages (admin): /monitoring/control (a gauge per watched queue, "Edit thresholds", and
 * its child pages), /monitoring/control/services and /monitoring/control/delivery. The figures
 * are read on the server for the first paint; the islands then refresh them on their own.
 */
import type { PageRoute } from "../types.ts";
import { IndexCards } from "../index_view.tsx";
import { Island } from "../../server/pages/island.tsx";
import Gauges from "../../islands/monitoring/Gauges.tsx";
import ServiceStates from "../../islands/monitoring/ServiceStates.tsx";
import DeliveryFigures from "../../islands/monitoring/DeliveryFigures.tsx";
import type { Delivery, Services, Thresholds } from "../../openapi/schemas/monitoring.ts";
import { readThresholds } from "../../server/services/monitoring/thresholds.ts";
import { readServices } from "../../server/services/monitoring/services.ts";
import { readDelivery } from "../../server/services/monitoring/delivery.ts";

const CONTROL = "/monitoring/control";

const controlRoute: PageRoute<Thresholds> = {
  pattern: CONTROL,
  title: "Control",
  summary: "Services, delivery and message flow against their thresholds.",
  admin: true,
  parent: "/monitoring",
  load: ({ deps }) => readThresholds(deps.db),
  view: ({ ctx, data }) => (
    <>
      <Island of={Gauges} props={{ thresholds: data }} />
      <h2>Views</h2>
      <IndexCards ctx={ctx} routes={ctx.map.childrenOf(CONTROL, ctx.user.admin)} />
    </>
  ),
};

const servicesRoute: PageRoute<Services> = {
  pattern: `${CONTROL}/services`,
  title: "Services",
  summary: "State of the platform's services.",
  admin: true,
  parent: CONTROL,
  load: ({ deps }) => readServices(deps.db),
  view: ({ data }) => <Island of={ServiceStates} props={{ services: data }} />,
};

const deliveryRoute: PageRoute<{ delivery: Delivery; thresholds: Thresholds }> = {
  pattern: `${CONTROL}/delivery`,
  title: "Delivery",
  summary: "Delivery backlog and failures against their thresholds.",
  admin: true,
  parent: CONTROL,
  load: async ({ deps }) => {
    const [delivery, thresholds] = await Promise.all([
      readDelivery(deps.db),
      readThresholds(deps.db),
    ]);
    return { delivery, thresholds };
  },
  view: ({ data }) => <Island of={DeliveryFigures} props={data} />,
};

export default [controlRoute, servicesRoute, deliveryRoute];
