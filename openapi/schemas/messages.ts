/**
 * The form messages of the spec's match, min and max variants (minProcess, maxDnid,
 * maxFrequency, maxProcess, ...), shared by server schemas and browser forms.
 */
/** Login without username or password. */
export const EMPTY_LOGIN = "Error empty login";

export const formMessages = {
  required: (label: string) => `${label} is required`,
  match: (label: string) => `${label} is not in a valid format`,
  min: (label: string, n: number) => `${label} must be at least ${n}`,
  max: (label: string, n: number) => `${label} must be at most ${n}`,
  minLength: (label: string, n: number) => `${label} must have at least ${n} characters`,
  maxLength: (label: string, n: number) => `${label} must have at most ${n} characters`,
  maxItems: (label: string, n: number) => `At most ${n} ${label} can be selected`,
};

/** A form's tgid picker left empty (portal-shell §5). */
export const SELECT_TGID = "Please, select a Tgid";
