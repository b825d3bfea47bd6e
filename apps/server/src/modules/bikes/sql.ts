// Parameterised SQL built in pieces: every value goes through add() and becomes $n, so no
// input is ever spliced into the text (DESIGN §5: no input makes a 500, nor an injection).
export class SqlParams {
  readonly values: unknown[] = [];

  /** the placeholder of a new parameter */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A LIKE pattern that matches `text` anywhere, with the LIKE wildcards of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
