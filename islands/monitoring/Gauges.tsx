/**
 * The monitoring overview's gauges (/monitoring/control): one per watched queue against its
 * thresholds, refreshed on their own; "Edit thresholds" opens the dialog (loaded on first use)
 * and the gauges show what was saved at once.
 */
import { lazy, Suspense, useState } from "react";
import { mutate } from "swr";
import type { Thresholds } from "../../openapi/schemas/monitoring.ts";
import { useMounted } from "../kit/lazy.ts";
import { GaugeGrid } from "./gauge.tsx";
import { LiveNote, useFigures } from "./live.tsx";
import { fetchThresholds, THRESHOLDS_KEY } from "./monitoring_api.ts";

const ThresholdDialog = lazy(() =>
  import("./threshold_dialog.tsx").then((m) => ({ default: m.ThresholdDialog }))
);

export default function Gauges({ thresholds }: { thresholds: Thresholds }) {
  const { data, error } = useFigures(THRESHOLDS_KEY, fetchThresholds, thresholds);
  const [editing, setEditing] = useState(false);
  const mounted = useMounted({ editing });
  const close = () => setEditing(false);
  return (
    <section aria-label="Gauges" data-gauges="">
      <div className="table-tools">
        <button type="button" onClick={() => setEditing(true)}>Edit thresholds</button>
      </div>
      <GaugeGrid queues={data.queues} />
      <LiveNote measuredAt={data.measuredAt} error={error} />
      {mounted.editing && (
        <Suspense fallback={null}>
          <ThresholdDialog
            queues={editing ? data.queues : null}
            onClose={close}
            onSaved={(saved) => {
              close();
              void mutate(THRESHOLDS_KEY, saved, { revalidate: false });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
