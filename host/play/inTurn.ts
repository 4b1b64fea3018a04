// Tasks taken one at a time, in the order they come: a session's commands, so that two button
// presses posted together (two viewers, a double click) are each pressed and released in turn.

/**
 * A queue of asynchronous tasks: each call runs `task` once every task given before it has
 * settled, and resolves or rejects as `task` does (a task that fails does not stop the next).
 * At most `waiting` tasks wait: a call beyond them returns null at once, `task` not run.
 *
 * @example
 * const turn = inTurn(64);
 * await Promise.all([turn(() => press('jadoube')), turn(() => press('jadoube'))]); // one after the other
 */
export function inTurn(waiting: number): <T>(task: () => Promise<T>) => Promise<T> | null {
  let last: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return <T>(task: () => Promise<T>): Promise<T> | null => {
    if (queued >= waiting) return null;
    queued++;
    const run = last.then(() => {
      queued--;
      return task();
    });
    last = run.catch(() => undefined);
    return run;
  };
}
