import type { GleanerDatabase } from '../../db/database';
import { addGrant, revokeGrant } from '../../db/grants';
import type { CommandHandlers } from '../../messaging/protocol';

/** Settings → Permissions: revoke a standing grant, exempt a private host. */
export function grantHandlers(
  db: GleanerDatabase,
): Pick<CommandHandlers, 'revokeGrant' | 'exemptPrivateHost'> {
  return {
    async revokeGrant({ grantId }) {
      await revokeGrant(db, grantId);
      return {};
    },
    async exemptPrivateHost({ host }) {
      await addGrant(db, 'private-host-exempt', host);
      return {};
    },
  };
}
