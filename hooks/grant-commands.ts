import { sendCommand } from './send-command';

/** Asks the worker (the only writer) to delete a grant; resolves to an error sentence, if any. */
export async function revokeGrant(grantId: string): Promise<string | undefined> {
  const result = await sendCommand({ type: 'revokeGrant', grantId });
  return result.ok ? undefined : result.error;
}

/** Exempts a host from the private-address guard; resolves to an error sentence, if any. */
export async function exemptPrivateHost(host: string): Promise<string | undefined> {
  const result = await sendCommand({ type: 'exemptPrivateHost', host });
  return result.ok ? undefined : result.error;
}
