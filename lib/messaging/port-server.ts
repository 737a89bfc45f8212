import type { RunManager } from '../agent/run-manager';
import {
  type Command,
  type CommandResult,
  isTrustedSender,
  PORT_NAME,
  parseCommand,
  type WorkerEvent,
} from './protocol';

/** The part of `runtime.Port` the server uses, so tests can hand in a fake. */
export interface ServerPort {
  name: string;
  sender?: { id?: string; url?: string; tab?: unknown };
  postMessage(message: WorkerEvent): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface PortServerOptions {
  extensionId: string;
  extensionOrigin: string;
  runs: RunManager;
  /** Resolves once startup recovery is done; no command is handled before. */
  ready: Promise<unknown>;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function handle(runs: RunManager, command: Command): Promise<CommandResult> {
  switch (command.type) {
    case 'startRun':
      return { ok: true, value: await runs.start(command) };
    case 'stopRun':
      await runs.stop(command.runId);
      return { ok: true };
    case 'resumeRun':
      return { ok: true, value: await runs.resume(command.runId) };
    case 'renameSession':
      await runs.rename(command.sessionId, command.title);
      return { ok: true };
    case 'deleteSession':
      await runs.deleteSession(command.sessionId);
      return { ok: true };
    case 'importSessions':
      return { ok: true, value: { imported: await runs.importSessions(command.json) } };
    case 'answerConsent':
      await runs.consent.answer(command);
      return { ok: true };
    case 'revokeGrant':
      await runs.consent.revokeGrant(command.grantId);
      return { ok: true };
    case 'exemptPrivateHost':
      await runs.consent.exemptPrivateHost(command.host);
      return { ok: true };
    case 'heartbeat':
      return { ok: true };
  }
}

/**
 * Serves the command Port: checks who connected, validates each command, answers each with a
 * reply, and lets streaming deltas reach every open page.
 */
export function createPortServer(options: PortServerOptions) {
  const ports = new Set<ServerPort>();

  function accept(port: ServerPort): void {
    if (port.name !== PORT_NAME) return;
    if (!isTrustedSender(port.sender, options.extensionId, options.extensionOrigin)) {
      console.warn('Gleaner refused a command port from', port.sender?.url ?? 'an unknown sender');
      port.disconnect();
      return;
    }
    ports.add(port);
    port.onDisconnect.addListener(() => ports.delete(port));
    port.onMessage.addListener((raw) => {
      void respond(port, raw);
    });
  }

  async function respond(port: ServerPort, raw: unknown): Promise<void> {
    const request = raw as { requestId?: unknown; command?: unknown } | undefined;
    const requestId = typeof request?.requestId === 'string' ? request.requestId : '';
    const parsed = parseCommand(request?.command);
    let result: CommandResult;
    if (!parsed.ok) {
      result = { ok: false, error: parsed.error };
    } else {
      try {
        await options.ready;
        result = await handle(options.runs, parsed.command);
      } catch (error) {
        result = { ok: false, error: errorMessage(error) };
      }
    }
    try {
      port.postMessage({ type: 'reply', requestId, result });
    } catch {
      // The page closed before the reply; stored state tells it the outcome when it reopens.
    }
  }

  function broadcast(event: WorkerEvent): void {
    for (const port of ports) {
      try {
        port.postMessage(event);
      } catch {
        ports.delete(port);
      }
    }
  }

  return {
    accept,
    broadcast,
    get connected() {
      return ports.size;
    },
  };
}
