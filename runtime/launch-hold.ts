/**
 * The launch held back for fusion (launch-fusion.ts): issued before anything can observe the
 * runtime's state — a read, a fence, a solver's sync, any other launch.
 */
let issue: (() => void) | null = null;

/** Records how to issue the held launch (null: none held). */
export function setHeld(f: (() => void) | null): void {
  issue = f;
}

/** Issues the held launch, if any. */
export function issueHeld(): void {
  if (issue === null) return;
  const f = issue;
  issue = null;
  f();
}
