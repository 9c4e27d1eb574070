/**
 * A promise-style button: idle, then progress while the action runs, then success or error,
 * and back to idle after PROMISE_RESET_MS (2 s).
 */
import { type ButtonHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { PROMISE_RESET_MS } from "../../../openapi/enums.ts";

export type PromiseState = "idle" | "progress" | "success" | "error";

/** The state machine on its own, for a submit button driven by its form. */
export function usePromiseState() {
  const [state, setState] = useState<PromiseState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function run<T>(action: () => Promise<T>): Promise<T> {
    clearTimeout(timer.current);
    setState("progress");
    const settle = (s: PromiseState) => {
      setState(s);
      timer.current = setTimeout(() => setState("idle"), PROMISE_RESET_MS);
    };
    try {
      const result = await action();
      settle("success");
      return result;
    } catch (e) {
      settle("error");
      throw e;
    }
  }
  return { state, run };
}

const MARKS: Record<PromiseState, string> = { idle: "", progress: "", success: " ✓", error: " ✗" };

interface PromiseButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  state: PromiseState;
  children: ReactNode;
}

/** Renders a state from usePromiseState; pico shows a spinner while aria-busy. */
export function PromiseButton({ state, children, disabled, ...rest }: PromiseButtonProps) {
  return (
    <button
      {...rest}
      data-state={state}
      aria-busy={state === "progress" ? "true" : undefined}
      disabled={disabled || state === "progress"}
    >
      {children}
      {MARKS[state]}
    </button>
  );
}
