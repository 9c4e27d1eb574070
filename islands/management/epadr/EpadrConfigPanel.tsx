/**
 * The EPADR robot's configuration on /management/epadr (administrators): what it runs with, and
 * "Edit configuration" opening the edit dialog (loaded on first use).
 */
import { lazy, Suspense, useState } from "react";
import { FieldTable } from "../../kit/table/FieldTable.tsx";
import { formatDateTime, yesNo } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { EPADR_REPORT_FORMATS, ROBOT_TYPES } from "../../../openapi/enums.ts";
import {
  dnidsText,
  EPADR_LABELS as L,
  EPADR_MESSAGES,
} from "../../../openapi/schemas/epadr/epadr_messages.ts";
import type { EpadrConfig } from "../../../openapi/schemas/epadr/epadr.ts";

const EditDialog = lazy(() => import("./epadr_dialogs.tsx"));

interface EpadrConfigPanelProps {
  config: EpadrConfig;
}

export default function EpadrConfigPanel(props: EpadrConfigPanelProps) {
  const [config, setConfig] = useState(props.config);
  const [editing, setEditing] = useState(false);
  const mounted = useMounted({ edit: editing });
  const c = config;
  return (
    <section data-epadr-config>
      <h2>{EPADR_MESSAGES.configTitle}</h2>
      {c.updatedAt === null && <p className="muted">{EPADR_MESSAGES.never}</p>}
      <FieldTable
        name="epadr-config"
        rows={[
          [L.enabled, yesNo(c.enabled)],
          [L.sourceType, `${c.sourceType} ${ROBOT_TYPES[c.sourceType]}`],
          [L.sourceAddress, c.sourceAddress || "—"],
          [L.pollMinutes, c.pollMinutes],
          [L.reportFormat, `${c.reportFormat} ${EPADR_REPORT_FORMATS[c.reportFormat]}`],
          [L.dnids, dnidsText(c.dnids)],
          [L.updatedAt, c.updatedAt ? formatDateTime(c.updatedAt) : "—"],
          [L.updatedBy, c.updatedBy ?? "—"],
        ]}
      />
      <div className="admin-actions">
        <button type="button" onClick={() => setEditing(true)}>{EPADR_MESSAGES.edit}</button>
      </div>
      <Suspense fallback={null}>
        {mounted.edit && (
          <EditDialog
            config={editing ? config : null}
            onClose={() => setEditing(false)}
            onSaved={(saved) => {
              setConfig(saved);
              setEditing(false);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
