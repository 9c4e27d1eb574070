/**
 * The form messages of the spec's match, min and max variants (minProcess, maxDnid,
 * maxFrequency, maxProcess, ...), shared by server schemas and browser forms.
 */
import { DEFAULT_LES, FORBIDDEN_DNID } from "../enums.ts";
/** Login without username or password. */
export const EMPTY_LOGIN = "Error empty login";

export const formMessages = {
  required: (label: string) => `${label} is required`,
  match: (label: string) => `${label} is not in a valid format`,
  /** A number filter's box holding anything but a whole number (or one too large). */
  wholeNumber: (label: string) => `${label} must be a whole number`,
  /** A filter box that takes the leading digits of a number. */
  digits: (label: string) => `${label} must be digits only`,
  min: (label: string, n: number) => `${label} must be at least ${n}`,
  max: (label: string, n: number) => `${label} must be at most ${n}`,
  minLength: (label: string, n: number) => `${label} must have at least ${n} characters`,
  maxLength: (label: string, n: number) => `${label} must have at most ${n} characters`,
  maxItems: (label: string, n: number) => `At most ${n} ${label} can be selected`,
  controlCharacters: (label: string) => `${label} must not contain control characters`,
  /** Nothing chosen where a choice is needed, worded as the spec's "Please select a rul". */
  select: (what: string) => `Please select ${what}`,
};

/** A form's tgid picker left empty (portal-shell §5). */
export const SELECT_TGID = "Please, select a Tgid";
/** A dnid's tgid must belong to a team of the dnid's company. */
export const SELECT_COMPANY_TGID = `${SELECT_TGID} of one of the company's teams`;
/** A team id in a list of teams (an enid's, a tgid's) that names no team the caller may use. */
export const unknownTeam = (id: number | string) => `Team ${id} not found`;
/** Sign-in: a wrong username or password (one message for both: no user enumeration). */
export const SIGN_IN_INVALID = "Invalid username or password";
/** Sign-in lockout, per username and per client address. */
export const lockedMessage = (scope: "username" | "address", limit: number) =>
  `Too many failed logins ${
    scope === "username" ? "for this user" : "from this address"
  }: at most ${limit} attempts are allowed`;
/** Sign-in and passwords: every place of the password pool is taken (503, with Retry-After). */
export const passwordsBusyMessage = (retryAfter: number) =>
  `Too many sign-ins at once: please try again in ${retryAfter} second${
    retryAfter === 1 ? "" : "s"
  }`;
/** A terminal's add or edit form without a tgid (management-routing §5). */
export const SELECT_TERMINAL_TGID = "Please select a tgid";

/** Administration (portal-shell §5 and §8): the spec's own words, used by server and browser. */
export const ADMIN_MESSAGES = {
  selectCompany: "Please select a company",
  selectCompanyAndTeam: "Please select a company and a team.",
  teamHasUsers: "Unable to delete team: the team has users",
  teamHasTgids: "Unable to delete team: the team has tgids",
  teamListUpdated: "Team list successfully updated",
  teamListUpdateError: "Team list update error",
  teamUpdateError: "Team update error",
  aliasDeleteError: "Error on alias deletion",
  /** Nobody grants rights more powerful than their own (server/services/rights.ts): 403. */
  rightsAboveOwn: "You cannot grant rights above your own",
} as const;

/** News toasts (portal-shell §8); a failure shows a danger toast with the server's message. */
export const NEWS_MESSAGES = {
  created: "News successfully created",
  edited: "News successfully edited",
  deleted: "News successfully deleted",
} as const;

/** The spec's messages and toasts for dnids. */
export const DNID_MESSAGES = {
  forbidden: `DNID Id ${FORBIDDEN_DNID} is forbidden`,
  selectTeam: "Please select a team",
  lesFixed: `A dnid's LES is always ${DEFAULT_LES}`,
  tgidLabel: "Please enter the new tgid's label",
  rulMissing: (id: number, les: number) => `Rul ${id} does not exist on LES ${les}`,
  deleteError: "Delete dnid error",
  deleted: (id: number) => `Dnid ${id} deleted`,
  exists: (id: number) => `Dnid ${id} already exists`,
  lesDetailsError: "Get station details error",
} as const;
