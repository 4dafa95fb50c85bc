/** An error caused by the user's input or environment: surfaces print its message alone, never a stack. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}
