export type ExportFormat = 'markdown' | 'json';

/** Export and import as the sessions list uses them; each resolves to an error sentence or not. */
export interface SessionTransfer {
  exportSession(sessionId: string, format: ExportFormat): Promise<string | undefined>;
  exportAll(): Promise<string | undefined>;
  importFile(file: File): Promise<{ imported: number; alreadyHere?: number } | { error: string }>;
}
