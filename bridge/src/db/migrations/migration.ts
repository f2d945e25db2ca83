/** A numbered, forward-only schema change. `up` is plain SQL run in one transaction. */
export interface Migration {
  version: number;
  name: string;
  up: string;
}
