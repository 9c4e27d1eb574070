/**
 * The transmission progress dialog of Messaging C (portal-shell §4): transmitting 33%, result
 * 50%, retrieving status 75%, done 100%, ending success, danger or warning (a message the
 * station took for some recipients only, listing the refused ones). Its backdrop is
 * static and it cannot be closed until the transmission is done.
 */
import { Dialog } from "../kit/dialog/Dialog.tsx";

export type Outcome = "success" | "danger" | "warning";

export interface Progress {
  percent: number;
  note: string;
  outcome: Outcome | null;
  /** More to say under the outcome (the command's status). */
  detail?: string;
  /** The recipients the station refused (a partly sent message), each with its fault. */
  refused?: string[];
}

export function ProgressDialog(
  { progress, onClose }: { progress: Progress | null; onClose: () => void },
) {
  const done = progress?.outcome != null;
  return (
    <Dialog
      open={progress !== null}
      title="Message transmission"
      dismissible={done}
      onClose={onClose}
      footer={done && <button type="button" onClick={onClose}>Close</button>}
    >
      {progress && (
        <div className="transmission">
          <progress
            max={100}
            value={progress.percent}
            aria-label="Transmission progress"
            data-outcome={progress.outcome ?? undefined}
          />
          <p>
            <strong data-testid="transmission-percent">{progress.percent}%</strong>
          </p>
          <p
            role={done ? "alert" : "status"}
            className={progress.outcome ? `outcome ${progress.outcome}` : undefined}
            data-outcome={progress.outcome ?? undefined}
          >
            {progress.note}
          </p>
          {progress.refused?.length
            ? (
              <ul data-testid="refused-recipients">
                {progress.refused.map((r) => <li key={r}>{r}</li>)}
              </ul>
            )
            : null}
          {progress.detail && <p className="muted">{progress.detail}</p>}
        </div>
      )}
    </Dialog>
  );
}
