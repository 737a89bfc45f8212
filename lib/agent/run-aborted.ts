/** Thrown when the user stopped the run while a tool was working. */
export class RunAborted extends Error {
  override readonly name = 'RunAborted';
  constructor() {
    super('The answer was stopped.');
  }
}
