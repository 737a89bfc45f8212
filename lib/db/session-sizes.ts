import type { GleanerDatabase } from './database';

/** Roughly how much each session takes: its messages' text and the records around it. */
export async function sessionSizes(
  db: GleanerDatabase,
): Promise<Array<{ id: string; title: string; bytes: number }>> {
  const bytes = new Map<string, number>();
  await db.messages.each((message) => {
    const size =
      message.content.length * 2 +
      JSON.stringify(message.toolCalls ?? []).length +
      JSON.stringify(message.sources ?? []).length;
    bytes.set(message.sessionId, (bytes.get(message.sessionId) ?? 0) + size);
  });
  const sessions = await db.sessions.toArray();
  const byId = new Map(sessions.map((session) => [session.id, session]));
  // A Fetch Analysis is deleted and exported with its parent: count it there.
  const totals = new Map<string, number>();
  for (const [sessionId, size] of bytes) {
    const session = byId.get(sessionId);
    const owner = session?.parentSessionId ?? sessionId;
    totals.set(owner, (totals.get(owner) ?? 0) + size);
  }
  return [...totals]
    .filter(([id]) => byId.has(id))
    .map(([id, size]) => ({ id, title: byId.get(id)!.title, bytes: size }));
}
