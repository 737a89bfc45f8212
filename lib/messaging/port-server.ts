import {
  type Command,
  type CommandHandlers,
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
  handlers: CommandHandlers;
  /** Resolves once startup recovery is done; no command is handled before. */
  ready: Promise<unknown>;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Calls the handler named after the command; its reply goes back as the result's value. */
async function dispatch(handlers: CommandHandlers, command: Command): Promise<CommandResult> {
  // The map's type pairs each command with its handler; TypeScript cannot follow that pairing
  // through an indexed access, so the call is widened once, here.
  const handler = handlers[command.type] as (command: Command) => Promise<unknown>;
  return { ok: true, value: await handler(command) } as CommandResult;
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
        result = await dispatch(options.handlers, parsed.command);
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
