/**
 * A gauge: a semicircle whose background bands split at 25, 50 and 75% of the maximum (grey,
 * green, amber, red — `gaugeBand`, the server's function), a needle at the value (held at the
 * maximum above it), a mark at the alert value, and the same in words: the value "of" the
 * maximum, the band ("high (amber)"), "over maximum" and an "Alert" badge. The colours are never
 * the only signal; the box is a meter for assistive technology.
 */
import { useId } from "react";
import type { Threshold } from "../../openapi/schemas/monitoring.ts";
import { GAUGE_BAND_LABELS, type GaugeBand, gaugeBand } from "../../openapi/monitoring.ts";

/** The semicircle's centre and radius in the SVG's user units (viewBox 0 0 200 112). */
const CX = 100;
const CY = 100;
const R = 78;
/** Where the bands split, as shares of the maximum. */
const SPLITS = [0, 0.25, 0.5, 0.75, 1] as const;
const BANDS: GaugeBand[] = ["grey", "green", "amber", "red"];

/** The value's share of the maximum, held to 0–1 (a maximum of 0 shows any value as full). */
export function gaugeShare(value: number, maximum: number): number {
  if (maximum <= 0) return value > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, value / maximum));
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The point at `share` along the semicircle of radius `r`: 0 at the left end, 1 at the right. */
export function gaugePoint(share: number, r = R): { x: number; y: number } {
  const angle = Math.PI * (1 - share);
  return { x: round(CX + r * Math.cos(angle)), y: round(CY - r * Math.sin(angle)) };
}

/** The SVG path of the arc from one share to another (clockwise, left to right). */
export function gaugeArc(from: number, to: number, r = R): string {
  const a = gaugePoint(from, r);
  const b = gaugePoint(to, r);
  return `M ${a.x} ${a.y} A ${r} ${r} 0 0 1 ${b.x} ${b.y}`;
}

/** What the gauge says in words: "high (amber)", and whether the value is over the maximum. */
export function gaugeWords(value: number, maximum: number) {
  const band = gaugeBand(value, maximum);
  return {
    band,
    bandText: `${GAUGE_BAND_LABELS[band]} (${band})`,
    over: value > maximum,
  };
}

interface GaugeProps {
  label: string;
  value: number;
  maximum: number;
  alert: number;
  description?: string;
  /** Marks the gauge (data-gauge="<name>") for tests and anchors. */
  name: string;
}

export function Gauge({ label, value, maximum, alert, description, name }: GaugeProps) {
  const id = useId();
  const { band, bandText, over } = gaugeWords(value, maximum);
  const alerting = value >= alert;
  const needle = gaugePoint(gaugeShare(value, maximum), R - 22);
  const alertShare = gaugeShare(alert, maximum);
  const alertIn = gaugePoint(alertShare, R - 14);
  const alertOut = gaugePoint(alertShare, R + 14);
  const words = `${value} of ${maximum}, ${bandText}${over ? ", over maximum" : ""}${
    alerting ? ", alert" : ""
  }`;
  return (
    <article
      className={`gauge band-${band}`}
      data-gauge={name}
      data-band={band}
      data-alerting={alerting ? "" : undefined}
    >
      <h3 id={`${id}-label`}>{label}</h3>
      <div
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={maximum}
        aria-valuenow={Math.min(value, maximum)}
        aria-valuetext={words}
      >
        <svg viewBox="0 0 200 112" aria-hidden="true" focusable="false">
          {BANDS.map((b, i) => (
            <path key={b} className={`gauge-arc arc-${b}`} d={gaugeArc(SPLITS[i], SPLITS[i + 1])} />
          ))}
          <line
            className="gauge-alert-mark"
            x1={alertIn.x}
            y1={alertIn.y}
            x2={alertOut.x}
            y2={alertOut.y}
          />
          <line className="gauge-needle" x1={CX} y1={CY} x2={needle.x} y2={needle.y} />
          <circle className="gauge-hub" cx={CX} cy={CY} r={5} />
        </svg>
        <p className="gauge-figure">
          <strong data-gauge-value="">{value}</strong> of{" "}
          <span data-gauge-maximum="">{maximum}</span>
        </p>
      </div>
      <p className="gauge-words">
        <span className={`gauge-chip chip-${band}`} aria-hidden="true" />{" "}
        <span data-gauge-band="">{bandText}</span>
        {over && <strong className="gauge-over">over maximum</strong>}
        {alerting && <span className="badge gauge-alert-badge">Alert</span>}
      </p>
      <p className="muted gauge-alert-at">
        Alert at <span data-gauge-alert="">{alert}</span>
        {description && (
          <>
            <br />
            {description}
          </>
        )}
      </p>
    </article>
  );
}

/** A gauge per queue. */
export function GaugeGrid({ queues }: { queues: Threshold[] }) {
  return (
    <div className="gauges">
      {queues.map((q) => (
        <Gauge
          key={q.queue}
          name={q.queue}
          label={q.label}
          value={q.value}
          maximum={q.maximum}
          alert={q.alert}
          description={q.description}
        />
      ))}
    </div>
  );
}
