/** The administration area's base path. */
export const A = "/administration";
