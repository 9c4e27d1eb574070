/**
 * Every enumeration and business constant of the specification, defined once and shared by the
 * database schema, the server, the seed and the islands. Labels are the spec's own words.
 */

/** Team rights → role (portal-shell §6). Admin means rights below {@link CLIENT_RIGHTS}. */
export const RIGHTS = {
  0: "Super Administrator",
  1: "Administrator",
  11: "Tech Sup",
  15: "Customer Care",
  20: "Les",
  30: "Vas",
  100: "Client",
  200: "Billing",
} as const;
export type Rights = keyof typeof RIGHTS;
export const RIGHTS_VALUES = Object.keys(RIGHTS).map(Number) as Rights[];
export const CLIENT_RIGHTS = 100;
export const isAdminRights = (rights: number) => rights < CLIENT_RIGHTS;
/** New teams default to rights 100. */
export const DEFAULT_TEAM_RIGHTS: Rights = 100;

/** New users: web access only, at most 10 e-mails per hour. */
export const DEFAULT_USER_QUOTA = 10;

export const NEWS_LEVELS = ["critical", "medium", "low"] as const;
export type NewsLevel = typeof NEWS_LEVELS[number];
export const DEFAULT_NEWS_LEVEL: NewsLevel = "low";

/** Command status numbers and their display class (portal-shell §4). */
export const COMMAND_STATUS = {
  0: "Unknown",
  1: "In Progress",
  2: "Sent",
  3: "Start time delayed",
  4: "Waiting for transmission",
  5: "Delivered",
  6: "Failed",
  7: "Acknowledged",
  8: "Unacknowledged",
  9: "Sleep delayed",
  10: "Ocean delayed",
  11: "Logout delayed",
  12: "Order delayed",
  13: "Cancelled",
  14: "Ack waiting",
} as const;
export const commandStatusClass = (status: number): "success" | "danger" | "pending" =>
  status === 5 || status === 7 ? "success" : [6, 8, 13].includes(status) ? "danger" : "pending";

/** Messaging C station message statuses (portal-shell §4). Only 0 may be deleted. */
export const STATION_MESSAGE_STATUS = {
  0: "forward in progress",
  1: "poll wait",
  2: "egc wait",
  3: "pdn in progress",
  4: "ndn in progress",
  5: "pdn in mailbox",
  6: "ndn in mailbox",
  7: "in mailbox",
  8: "conf mailbox",
  9: "in dnid",
  10: "cn132",
  11: "wait confirm",
  12: "delivered",
  13: "failed",
  14: "user deleted",
  15: "operator deleted",
  16: "system deleted",
  17: "deleted",
  18: "reroute in progress",
  19: "rerouted",
  100: "missing call data",
} as const;
export const STATION_MESSAGE_DELETABLE_STATUS = 0;

/**
 * The product's name, shown in the page titles and where the spec writes "{product}" in a label
 * ("2 In {product} relay", "2 {product} XML").
 */
export const PRODUCT = "Satellite Portal";

/** Push traffic statuses (management-routing §4). */
export const PUSH_STATUS = {
  0: "Stored",
  1: "In progress",
  2: `In ${PRODUCT} relay`,
  3: "Delivering error",
  4: "Delivered",
  5: "Destinator error",
  6: "FTP delivery corrupted",
  7: "SMTP delivery frozen",
  8: "Delivery Scheduled",
} as const;

export type PushStatus = keyof typeof PUSH_STATUS;

/** Robot traffic statuses (management-routing §4). */
export const ROBOT_STATUS = {
  0: "Processing",
  1: "In progress",
  2: "Successful",
  3: "Failed",
  4: "Fatal error",
  5: "WS Error",
} as const;

/** Robot traffic type filter and robot names. */
export const ROBOT_TYPES = { 0: "SMTP", 1: "FTP" } as const;
export const ROBOT_NAMES = ["EGC", "DNID", "CAPSAT", "EPADR"] as const;
/** Levels of the push and robot event logs. */
export const EVENT_LEVELS = ["INFO", "WARN", "ERROR"] as const;

/** Push traffic delivery filter (routage types). */
export const DELIVERY_TYPES = {
  0: "TCP",
  1: "SMTP",
  2: "DB",
  3: "FTP",
  4: "WS",
  5: "ACK",
  6: "SMS",
} as const;

export type DeliveryType = keyof typeof DELIVERY_TYPES;

/** Push traffic protocol filter. */
export const TRAFFIC_PROTOCOLS = {
  0: "Inmarsat-C",
  1: "Iridium-SBD",
  2: "Iridium-NAL",
  3: "Iridium-Extreme",
  4: "Iridium IriTrack",
  5: "Iridium-ETrack_Delta",
  6: "Iridium-WorldTrack",
  7: "Iridium-ETrack_AlphaC",
  20: "Inmarsat C Maritime",
  21: "Inmarsat C Land",
  22: "Inmarsat C Extended",
  30: "BGAN via SkyFile",
  31: "FBB via SkyFile",
  32: "SBB via SkyFile",
  33: "BGAN via TTP T&T",
  34: "FBB via TTP T&T",
  35: "SBB via TTP T&T",
  36: "BGAN via XChange",
  37: "FBB via XChange",
  38: "SBB via XChange",
  40: "VSAT via DataMiner",
  41: "VSAT via SkyFile",
  42: "VSAT via XChange",
  50: "Isat Datapro",
} as const;

export type TrafficProtocol = keyof typeof TRAFFIC_PROTOCOLS;

/** Command list protocol filter. */
export const COMMAND_PROTOCOLS = {
  0: "HTTP",
  1: "SMTP",
  2: "FTP",
  3: "WS",
  4: "TELNET",
  5: "MESSAGINGC",
} as const;

/** Route conversion (0 none … 5 CSV). */
export const CONVERSIONS = {
  0: "no conversion",
  1: "Textual",
  2: `${PRODUCT} XML`,
  3: "VMS2",
  4: "Standard XML",
  5: "CSV",
} as const;
export const ROUTE_MODES = { 1: "Passive", 0: "Active" } as const;
export const ROUTE_STATUS = { [-1]: "Locked", 0: "Inactive", 1: "Active" } as const;
export const CHECKED = { 0: "Unchecked", 1: "Checked" } as const;
export const ROUTE_TYPES = ["tcp", "ftp", "ws", "smtp"] as const;
export type RouteType = typeof ROUTE_TYPES[number];

/** SMTP format presets: Encoding, Signature, Subject, Body ('other' is free entry). */
export const SMTP_FORMATS = {
  vizada: { encoding: "Uuencode", signature: "DR_Viz", subject: "DR_Viz", body: "DR_Viz" },
  capsat: { encoding: "Mime64", signature: "DR_Cap", subject: "DR_Cap", body: "" },
  text: { encoding: "Txt", signature: "DR_Viz", subject: "DR_Viz", body: "Txt" },
  smii: { encoding: "Uuinline", signature: "DR_Viz", subject: "DR_Viz", body: "DR_Viz" },
} as const;

/** Inmarsat C regions (oceans). */
export const REGIONS = {
  0: "AORW",
  1: "AORE",
  2: "POR",
  3: "IOR",
  4: "CURRENT",
  9: "ALL",
} as const;
export const OCEANS = ["AORW", "AORE", "POR", "IOR", "CURRENT", "ALL"] as const;

/** Push process delivery modes and defaults. */
export const PROCESS_MODES = ["D", "P", "F", "W"] as const;
export type ProcessMode = typeof PROCESS_MODES[number];
export const PROCESS_DEFAULTS = { min: 2, max: 4, hostname: "pushc", mode: "D" } as const;
export const PROCESS_MIN_SPARE_MAX = 19;
export const PROCESS_MAX_SPARE_MAX = 49;

/**
 * Device types. The spec lists "Isat DataPro 40, SkyFile M2M 40, VSAT 40" but also handler code 50
 * and push protocol 50 "Isat Datapro"; ids must be unique, so (docs/decisions/0002-device-types.md)
 * VSAT keeps 40, Isat DataPro is 50 and SkyFile M2M is 41, handled by the default template (-1).
 */
export const DEVICE_TYPES = [
  { id: 0, name: "Inmarsat C", handler: 0, deletable: true, addForm: true },
  { id: 2, name: "Shout", handler: 2, deletable: true, addForm: true },
  { id: 3, name: "Iridium Extreme", handler: 3, deletable: true, addForm: true },
  { id: 4, name: "Iridium IriTrack", handler: 4, deletable: true, addForm: true },
  { id: 6, name: "Iridium Smalltrack", handler: 6, deletable: true, addForm: true },
  { id: 39, name: "BGAN M2M", handler: 39, deletable: true, addForm: true },
  { id: 40, name: "VSAT", handler: 40, deletable: false, addForm: false },
  { id: 41, name: "SkyFile M2M", handler: -1, deletable: false, addForm: true },
  { id: 50, name: "Isat DataPro", handler: 50, deletable: true, addForm: true },
] as const;
export const INMARSAT_C_DEVICE_TYPE = 0;
export const VSAT_DEVICE_TYPE = 40;

export const ITEM_TYPES = ["BOOLEAN", "INTEGER", "DATE", "ARRAY"] as const;
export type ItemType = typeof ITEM_TYPES[number];
/** Item log names always shown as dates. */
export const DATE_ITEM_NAMES = ["ncsUpdateTime", "loginTime", "previousLoginTime", "logoutTime"];

/** Tracking frequency choices, in seconds. */
export const TRACKING_FREQUENCIES = {
  0: "Default",
  300: "5 minutes",
  600: "10 minutes",
  1800: "30 minutes",
  3600: "1 hour",
  7200: "2 hours",
  10800: "3 hours",
  14400: "4 hours",
  18000: "5 hours",
  21600: "6 hours",
  43200: "12 hours",
  86400: "24 hours",
} as const;

/** LES numbers and names; dnids always use les 21, ruls default to 21. */
export const LES = { 15: "LES 15", 21: "LES 21" } as const;
export const DEFAULT_LES = 21;
export const FORBIDDEN_DNID = 4660;

/** Dnid status integer: negative = not authorized, below 3 = active, 3 or more = inactive. */
export const dnidStatusState = (status: number): "unauthorized" | "active" | "inactive" =>
  status < 0 ? "unauthorized" : status < 3 ? "active" : "inactive";

/** Messaging C limits. */
export const MESSAGE_MAX_KB = 32;
export const MINI_C_MESSAGE_MAX_KB = 10;
export const MAX_CARBON_COPIES = 6;
export const PACKET_SIZE_BYTES = 256;

/** Table constants. */
export const PAGE_SIZE = 10;
export const SUB_TABLE_PAGE_SIZE = 5;
/** Rows per protocol of the tgid page's route tables. */ export const TGID_ROUTE_PAGE_SIZE = 15;
export const FILTER_DELAY_MS = 2000;
/** Promise-style buttons return from success or error to idle after this long. */
export const PROMISE_RESET_MS = 2000;
/** Page-size choices: the default set, and the long tables' set (command lists, traffic). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const LONG_PAGE_SIZES = [10, 25, 50, 100, 1000, 2000] as const;
/** The dnid and dnid status tables: 255 rows by default, and their page-size choices. */
export const DNID_PAGE_SIZE = 255;
export const DNID_PAGE_SIZES = [10, 25, 50, 100, 255] as const;
/** Largest page any find call returns. */
export const MAX_PAGE_SIZE = 2000;
/**
 * A find list counts and pages at most this many rows per filter and sort: counts stop here (the
 * answer says so), and a page must start within them, so no page costs more as a table grows.
 */
export const COUNT_CAP = 10_000;
/** Tgid label search starts at this many characters. */
export const TGID_SEARCH_MIN_CHARS = 3;
/** File upload: one file at a time, one chunk retry after 5 s; these statuses are permanent. */
export const UPLOAD_CHUNK_RETRIES = 1;
export const UPLOAD_RETRY_INTERVAL_MS = 5000;
export const UPLOAD_PERMANENT_ERRORS = [404, 500, 501] as const;
export const MULTISELECT_SEARCH_LIMIT = 25;

/** Irext, poll and on-demand command constants. */
export const POLL_COMMAND_TYPES = [0, 1, 2, 3, 4] as const;
export const ON_DEMAND_COMMAND_CODES = [9, 0, 128, 130, 131, 5, 6] as const;

// --- The simulated LES ---
/**
 * The land earth station's errors, by the command status they come with ([errorCode, errorLabel]):
 * 6 Failed, 8 Unacknowledged, 13 Cancelled. The demo seed and the simulated station share them.
 */
export const LES_ERRORS: Record<6 | 8 | 13, readonly (readonly [number, string])[]> = {
  6: [
    [4001, "Terminal is not logged in"],
    [4002, "Command rejected by the LES: terminal not in ocean region"],
    [4002, "Command rejected by the LES: invalid member number"],
  ],
  8: [[4004, "No acknowledgement received from the terminal within 30 minutes"]],
  13: [[4003, "Command cancelled by user"]],
};

// --- Messaging C ---
/**
 * Inmarsat C terminal models that are mini-C (their messages are limited to MINI_C_MESSAGE_MAX_KB):
 * a message is limited to 10 KB when its recipient or a carbon copy is one of these models, or an
 * mtl flagged miniC.
 */
export const MINI_C_MODELS = [
  "TT-3026L",
  "TT-3026M",
  "TT-3026D",
  "TT-3026LM",
  "TT-3000SSA",
  "TT-3000LRIT",
  "TT-3022D",
  "TT-3024A",
  "SAILOR 6110 mini-C",
  "SAILOR 6120 mini-C SSAS",
  "SAILOR 6130 mini-C LRIT",
  "SAILOR 6140 mini-C Maritime",
  "SAILOR 6150 mini-C Distress",
  "Skywave DMR-800L",
  "Skywave DMR-800D",
  "Skywave DMR-800OC",
  "Skywave DMR-800LRIT",
  "Kongsberg MiniC",
  "Addvalue Wideye MiniC",
  "Thrane MiniC-M",
  "Thrane MiniC-LT",
  "CLS Triton mini-C",
  "Pole Star PurpleFinder",
  "Transas TransGuard mini-C",
  "Furuno Felcom 16 mini-C",
] as const;
/** Messaging C text formats: ita2 is 5 bits a character on the air, the others 8. */
export const MESSAGING_C_FORMATS = ["text", "ita2", "binary"] as const;
/** Bits a character takes on the air, by format. */
export const MESSAGING_C_BITS = { text: 8, ita2: 5, binary: 8 } as const;
/** Messaging C attachments: at most this many bytes, of these media types. */
export const ATTACHMENT_MAX_BYTES = MESSAGE_MAX_KB * 1024;
export const ATTACHMENT_TYPES = [
  "text/plain",
  "text/csv",
  "application/pdf",
  "application/octet-stream",
  "application/zip",
  "application/json",
  "application/xml",
  "text/xml",
  "image/png",
  "image/jpeg",
  "image/gif",
] as const;
/** Messaging C: the history panel refreshes every 5 s; the status is read 1 s after sending. */
export const MESSAGING_C_HISTORY_REFRESH_MS = 5000;
export const MESSAGING_C_STATUS_DELAY_MS = 1000;
/** How many recipients the recipient history keeps per user. */
export const RECIPIENT_HISTORY_MAX = 50;

// ---- Terminal commands (poll, on-demand, programs, EGC, irext, tracking) ----
/** Poll command types (POLL_COMMAND_TYPES), named (decision 0013, "Commands"). */
export const POLL_TYPE_NAMES = {
  0: "Position report",
  1: "Send unreserved data report",
  2: "Start data reporting",
  3: "Stop data reporting",
  4: "Acknowledgement request",
} as const;
/** Manual on-demand command codes (ON_DEMAND_COMMAND_CODES: 9 with 0, 128, 130, 131, 5, 6). */
export const ON_DEMAND_CODE_NAMES = {
  9: "On-demand position report",
  0: "Send unreserved data report",
  128: "Last stored position",
  130: "Terminal status",
  131: "GNSS status",
  5: "Start data reporting",
  6: "Stop data reporting",
} as const;
/** Irext message types (0–11) of sendFreeTextMessage. */
export const IREXT_MESSAGE_TYPE_NAMES = {
  0: "Free text",
  1: "Canned message 1",
  2: "Canned message 2",
  3: "Canned message 3",
  4: "Canned message 4",
  5: "Canned message 5",
  6: "Canned message 6",
  7: "Canned message 7",
  8: "Canned message 8",
  9: "Canned message 9",
  10: "Canned message 10",
  11: "Free text, acknowledgement requested",
} as const;
/** The nine irext commands; the index is the command's commandSubType (as the seed stores it). */
export const IREXT_COMMANDS = [
  "emergencyAckowledgement",
  "cancelEmergencyStatus",
  "sendLocationRequest",
  "sendDiagnosticRequest",
  "requestDeviceIdentifier",
  "synchronisation",
  "sendFreeTextMessage",
  "geofenceActivate",
  "geofenceCancel",
] as const;
export type IrextCommand = typeof IREXT_COMMANDS[number];
/** Irext commands take Iridium Extreme terminals only. */
export const IREXT_DEVICE_TYPES = [3] as const;
/** Tracking on/off takes Shout and Iridium trackers. */
export const TRACKER_DEVICE_TYPES = [2, 3, 4, 6] as const;
export const isTrackerType = (deviceTypeId: number) =>
  (TRACKER_DEVICE_TYPES as readonly number[]).includes(deviceTypeId);
/** Shout trackers' shoutMtType on their commands. */
export const SHOUT_DEVICE_TYPE = 2;
/** Irext geofences: points P1..P{GEOFENCE_MAX_POINTS}; unit 0 meters, otherwise kilometers. */
export const GEOFENCE_MAX_POINTS = 10;
export const GEOFENCE_UNITS = { 0: "meters", 1: "kilometers" } as const;
export const GEOFENCE_ID_MAX = 255;
export const IREXT_TEXT_MAX = 160;
/** Data reporting programs: interval in minutes, start frame 0–2879 (30 s frames of a day). */
export const PROGRAM_INTERVAL_MIN = 1;
export const PROGRAM_INTERVAL_MAX = 1440;
export const PROGRAM_START_FRAME_MAX = 2879;
/** EGC (FleetNET) priorities and repetitions. */
export const EGC_PRIORITIES = { 0: "Routine", 1: "Safety", 2: "Urgency" } as const;
export const EGC_REPETITIONS_MAX = 5;
export const EGC_TEXT_MAX = 8000;

// ---- EPADR robot configuration ----
/** The EPADR robot's poll interval, in minutes. */
export const EPADR_POLL_MIN = 1;
export const EPADR_POLL_MAX = 1440;
export const EPADR_DEFAULT_POLL_MINUTES = 5;
/** What the EPADR robot hands to the customers' routing. */
export const EPADR_REPORT_FORMATS = { 0: "Raw", 1: "CSV", 2: "XML" } as const;
/** At most this many dnids in the EPADR robot's list (none: every dnid). */
export const EPADR_MAX_DNIDS = 100;
/** Rows of recent EPADR traffic on /management/epadr. */
export const EPADR_RECENT_TRAFFIC = 20;
