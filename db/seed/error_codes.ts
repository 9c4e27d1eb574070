/**
 * The portal's error-code list (GET /rest/error/all, the /error and /error/{code} pages).
 *
 * - -1 is the fallback when neither the body nor the HTTP status names a known code.
 * - 400–504 are the HTTP statuses the API answers.
 * - 1xxx session and account, 2xxx administration, 3xxx management, 4xxx commands,
 *   5xxx Messaging C, 6xxx routing and traffic.
 * - 23000 is the database integrity-constraint (unique key) violation.
 *
 * Wording given by the specification is kept verbatim, spelling included.
 */
export const ERROR_CODES: readonly { code: number; message: string }[] = [
  { code: -1, message: "Unknown server error" },

  // HTTP statuses
  { code: 400, message: "Bad request" },
  { code: 401, message: "Unauthorized: please sign in" },
  { code: 403, message: "Forbidden: you are not allowed to access this page" },
  { code: 404, message: "Not found" },
  { code: 405, message: "Method not allowed" },
  { code: 409, message: "Conflict: the item was changed by someone else" },
  { code: 413, message: "Payload too large" },
  { code: 422, message: "Validation failed" },
  { code: 429, message: "Too many requests, please try again later" },
  { code: 500, message: "Internal server error" },
  { code: 501, message: "Not implemented" },
  { code: 502, message: "Bad gateway" },
  { code: 503, message: "Service unavailable, please try again later" },
  { code: 504, message: "Gateway timeout" },

  // Session and account
  { code: 1001, message: "Error empty login" },
  { code: 1002, message: "Invalid username or password" },
  { code: 1003, message: "Too many failed login attempts, account temporarily locked" },
  { code: 1004, message: "This account is inactive" },
  { code: 1005, message: "Your session has expired, please sign in again" },
  { code: 1006, message: "Your password has expired and must be changed" },
  { code: 1007, message: "Web access is not enabled for this account" },
  { code: 1008, message: "Hourly e-mail quota exceeded" },

  // Administration
  { code: 2001, message: "Please select a company" },
  { code: 2002, message: "Please select a company and a team." },
  { code: 2003, message: "Unable to delete team: the team has users" },
  { code: 2004, message: "Unable to delete team: the team has tgids" },
  { code: 2005, message: "Unable to delete company: the company still has teams" },
  { code: 2006, message: "This user id is already taken" },
  { code: 2007, message: "This e-mail alias is already in use" },
  { code: 2008, message: "You cannot deactivate your own account" },

  // Management: dnids, enids, ruls, tgids, terminals
  { code: 3001, message: "DNID Id 4660 is forbidden" },
  { code: 3002, message: "User not authorize to change active staus of this device" },
  { code: 3003, message: "Dnid les must be 21" },
  { code: 3004, message: "Please select a rul" },
  { code: 3005, message: "A Enid must have at least one team" },
  { code: 3006, message: "A Tgid must have at least one team" },
  { code: 3007, message: "Please, select a Tgid" },
  {
    code: 3008,
    message: "Please, delete the listed dnids, terminals and routes (ftp, smtp, tcp, ws) first",
  },
  { code: 3009, message: "Please select a tgid" },
  { code: 3010, message: "This device type cannot be deleted" },
  { code: 3011, message: "This device type has no add form" },
  { code: 3012, message: "Unknown mtl (IMN)" },
  { code: 3013, message: "This terminal is already registered" },
  { code: 3014, message: "Routing exception already exists" },

  // Commands
  { code: 4001, message: "Terminal is not logged in" },
  { code: 4002, message: "Command rejected by the LES" },
  { code: 4003, message: "Command cancelled by user" },
  { code: 4004, message: "No acknowledgement received from the terminal" },
  { code: 4005, message: "This command can no longer be cancelled" },
  { code: 4006, message: "This command list is already terminated" },

  // Messaging C
  {
    code: 5001,
    message:
      "The recipient is not valid. Please select a valid recipient using the autocomplete feature !",
  },
  { code: 5002, message: "Message is too big !" },
  { code: 5003, message: "At most 6 carbon copies can be added" },
  {
    code: 5004,
    message: "Your message content is empty. Cannot transmit empty text and no attachments.",
  },
  { code: 5005, message: "Only a message that is forward in progress can be deleted" },
  { code: 5006, message: "Messaging C access is not enabled for this account" },
  { code: 5007, message: "Unknown Transmission error" },

  // Routing and traffic
  { code: 6001, message: "Retransmit is reserved to administrators" },
  { code: 6002, message: "Push process port already in use on this host" },
  { code: 6003, message: "Destination is locked" },
  { code: 6004, message: "Invalid e-mail address in secondary recipients" },

  // Database
  { code: 23000, message: "An item with this identifier already exists" },
];
