import type { ToolCall } from '../db/records';

/**
 * One entry of a streamed `delta.tool_calls`. Looser than the SDK's type on purpose: servers
 * differ from OpenAI (no index, arguments as an object), and we take what they send.
 */
export interface ToolCallDelta {
  index?: number;
  id?: string | null;
  type?: string;
  function?: { name?: string | null; arguments?: unknown } | null;
}

interface Slot {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

export interface ToolCallAssemblerOptions {
  /** Makes an id for a call the server sent without one. Default `call_<index>`. */
  makeId?: (index: number) => string;
}

/**
 * Assembles streamed tool calls. OpenAI sends each call's id and name in its first chunk and the
 * arguments in pieces, all keyed by `index`; some servers send a whole call in one chunk, some omit
 * the id (we make one: a tool result must name the call it answers), and some omit the index
 * (then a chunk with a new id or a name starts the next call, and one without continues the last).
 * Arguments stay the raw text, possibly malformed: the agent parses them and tells the model.
 */
export class ToolCallAssembler {
  private readonly slots = new Map<number, Slot>();
  private lastIndex: number | undefined;
  private readonly makeId: (index: number) => string;

  constructor(options: ToolCallAssemblerOptions = {}) {
    this.makeId = options.makeId ?? ((index) => `call_${index}`);
  }

  /** Adds the `delta.tool_calls` of one chunk (undefined and empty are fine). */
  add(deltas: readonly ToolCallDelta[] | null | undefined): void {
    for (const delta of deltas ?? []) this.addOne(delta);
  }

  private addOne(delta: ToolCallDelta): void {
    const index = this.indexOf(delta);
    let slot = this.slots.get(index);
    if (!slot) {
      slot = { index, id: '', name: '', arguments: '' };
      this.slots.set(index, slot);
    }
    this.lastIndex = index;

    if (delta.id && !slot.id) slot.id = delta.id;
    const name = delta.function?.name;
    // Servers that repeat the name in every chunk send the same text: keep it once.
    if (name && name !== slot.name) slot.name += name;
    const args = delta.function?.arguments;
    if (typeof args === 'string') slot.arguments += args;
    else if (args !== undefined && args !== null) slot.arguments += JSON.stringify(args);
  }

  private indexOf(delta: ToolCallDelta): number {
    if (typeof delta.index === 'number') return delta.index;
    const next = this.slots.size === 0 ? 0 : Math.max(...this.slots.keys()) + 1;
    if (delta.id) {
      for (const slot of this.slots.values()) if (slot.id === delta.id) return slot.index;
      return next;
    }
    if (delta.function?.name || this.lastIndex === undefined) return next;
    return this.lastIndex;
  }

  /** True once any tool call has started. */
  get hasCalls(): boolean {
    return this.slots.size > 0;
  }

  /**
   * The calls, in index order; call it when the stream has ended. Empty slots (no name, no
   * arguments) are dropped. A made-up id is kept, so calling it twice gives the same ids.
   */
  toolCalls(): ToolCall[] {
    return [...this.slots.values()]
      .sort((a, b) => a.index - b.index)
      .filter((slot) => slot.name !== '' || slot.arguments !== '')
      .map((slot) => {
        slot.id ||= this.makeId(slot.index);
        return { id: slot.id, name: slot.name, arguments: slot.arguments };
      });
  }
}

/** Assembles the `delta.tool_calls` of a whole stream at once. */
export function assembleToolCalls(
  chunks: Iterable<readonly ToolCallDelta[] | null | undefined>,
  options?: ToolCallAssemblerOptions,
): ToolCall[] {
  const assembler = new ToolCallAssembler(options);
  for (const deltas of chunks) assembler.add(deltas);
  return assembler.toolCalls();
}
