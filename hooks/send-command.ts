import { getPortClient } from '../lib/messaging/port-client';
import type { Command, CommandResult } from '../lib/messaging/protocol';

/** Sends a command to the worker; the result is data, never a thrown error. */
export function sendCommand<C extends Command>(command: C): Promise<CommandResult<C['type']>> {
  return getPortClient().send(command);
}
