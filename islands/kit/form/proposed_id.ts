/**
 * A create dialog's proposed id (the last id plus one, say): fetched each time the dialog opens
 * and again after `propose()` (create-and-add-another's reset), and put in the id field unless
 * the user has typed something there meanwhile. A failed fetch proposes nothing: the user types.
 */
import { useEffect, useRef, useState } from "react";

export function useProposedId(
  open: boolean,
  next: () => Promise<number>,
  field: { value: string; set: (id: string) => void },
): () => void {
  const typed = useRef(field.value);
  typed.current = field.value;
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!open) return;
    let current = true;
    next().then((id) => {
      if (current && typed.current === "") field.set(String(id));
    }).catch(() => {});
    return () => {
      current = false;
    };
  }, [open, round]);
  return () => setRound((n) => n + 1);
}
