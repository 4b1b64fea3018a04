// Tasks taken one at a time, in the order they come: a session's commands, so that two button
// presses posted together (two viewers, a double click) are each pressed and released in turn.

/**
 * A queue of asynchronous tasks: each call runs `task` once every task given before it has
 * settled, and resolves or rejects as `task` does (a task that fails does not stop the next).
 *
 * @example
 * const turn = inTurn();
 * await Promise.all([turn(() => press('jadoube')), turn(() => press('jadoube'))]); // one after the other
 */
export function inTurn(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}
