/** A command the worker refuses, with the sentence the page shows as the reply's error. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}
