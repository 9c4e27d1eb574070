/**
 * The one rule between administrator ranks: rights are ordered, 0 the most powerful, and nobody
 * grants rights more powerful than their own — not as a team's rights (teams/write.ts), not by
 * putting a user into such a team, nor by managing (editing, renaming, deactivating, resetting) a
 * user of one (users/write.ts, users/password_reset.ts). A rank thus never gains another's rights.
 */
import { forbidden } from "../errors.ts";
import { ADMIN_MESSAGES } from "../../openapi/schemas/messages.ts";

export function assertMayGrant(actor: { rights: number }, rights: number): void {
  if (rights < actor.rights) throw forbidden(ADMIN_MESSAGES.rightsAboveOwn);
}
