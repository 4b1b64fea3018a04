/**
 * A broadcast queue behind `BoardLink.events()`: every iterator gets every event pushed after
 * it was created, in order; the first iterator also gets what was pushed before any iterator
 * existed. `end()` finishes every iterator once its queue is read.
 */
export class EventChannel<T> {
  private readonly subscribers = new Set<{ push(v: T): void; end(): void }>();
  private backlog: T[] | null = [];
  private ended = false;

  push(value: T): void {
    if (this.ended) return;
    if (this.backlog !== null) this.backlog.push(value);
    for (const s of this.subscribers) s.push(value);
  }

  end(): void {
    this.ended = true;
    for (const s of this.subscribers) s.end();
    this.subscribers.clear();
  }

  iterate(): AsyncIterableIterator<T> {
    const queue: T[] = this.backlog ?? [];
    this.backlog = null;
    let done = this.ended;
    let wake: ((r: IteratorResult<T>) => void) | null = null;
    const sub = {
      push(v: T) {
        if (wake !== null) {
          const w = wake;
          wake = null;
          w({ value: v, done: false });
        } else queue.push(v);
      },
      end() {
        done = true;
        if (wake !== null) {
          const w = wake;
          wake = null;
          w({ value: undefined, done: true });
        }
      },
    };
    if (!done) this.subscribers.add(sub);
    const finish = (): Promise<IteratorResult<T>> => {
      this.subscribers.delete(sub);
      sub.end();
      queue.length = 0;
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next: () => {
        if (queue.length > 0) return Promise.resolve({ value: queue.shift() as T, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (wake = resolve));
      },
      return: finish,
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}
