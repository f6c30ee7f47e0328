/** An action the rules forbid now. Its message goes to the sender only. */
export class RuleError extends Error {
  readonly code: string;
  constructor(message: string, code = 'rule') {
    super(message);
    this.name = 'RuleError';
    this.code = code;
  }
}

export function rule(condition: unknown, message: string): asserts condition {
  if (!condition) throw new RuleError(message);
}
