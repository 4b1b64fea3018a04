// The progress of a long run on standard error, as people read it: on a terminal one line that
// redraws itself; in a pipe or a file a few whole lines, never a flood.

/** How a {@link Progress} writes. */
export interface ProgressOptions {
  /** Standard error is a terminal: one line redrawn with a carriage return. */
  readonly tty: boolean;
  /** The clock, in ms (default `performance.now`). */
  readonly now?: () => number;
  /** On a terminal, the shortest time between two redraws (ms). Default 250. */
  readonly redrawMs?: number;
  /** In a pipe, the shortest time between two lines (ms); a line is written only at a new tenth of the total. Default 2000. */
  readonly lineMs?: number;
}

/**
 * `LABEL: DONE/TOTAL UNIT (P%), S s` on `out`, updated with {@link update} and finished with
 * {@link end}. On a terminal the line is redrawn at most every 250 ms and ends with a newline;
 * in a pipe a line is written when the run reaches a new tenth of the total and 2 s have passed
 * since the start or the last line (at most ten lines, none for a run of less than 2 s), and
 * the last one at the end if any was written.
 *
 * @example
 * const p = new Progress(process.stderr, 'dambord replay', 117, 'plies', { tty: process.stderr.isTTY });
 * p.update(31); // dambord replay: 31/117 plies (26%), 12 s
 * p.end();
 */
export class Progress {
  readonly #now: () => number;
  readonly #start: number;
  readonly #redrawMs: number;
  readonly #lineMs: number;
  #done = 0;
  /** When the last line was written or drawn (ms), and the tenth it showed; null before any. */
  #last: { at: number; tenth: number } | null = null;
  #width = 0;

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly label: string,
    private readonly total: number,
    private readonly unit: string,
    private readonly options: ProgressOptions,
  ) {
    this.#now = options.now ?? (() => performance.now());
    this.#start = this.#now();
    this.#redrawMs = options.redrawMs ?? 250;
    this.#lineMs = options.lineMs ?? 2000;
  }

  /** `done` of the total are done. */
  update(done: number): void {
    this.#done = Math.min(done, this.total);
    const now = this.#now();
    const since = now - (this.#last?.at ?? this.#start);
    const tenth = this.total > 0 ? Math.floor((10 * this.#done) / this.total) : 0;
    if (this.options.tty) {
      if (this.#last === null || since >= this.#redrawMs) this.#draw(now, tenth);
    } else if (tenth > (this.#last?.tenth ?? 0) && since >= this.#lineMs) this.#draw(now, tenth);
  }

  /** The run is over: the last state, if anything was shown. */
  end(): void {
    if (this.#last === null) return;
    const now = this.#now();
    if (this.options.tty || this.#last.tenth < 10) this.#draw(now, 10);
    if (this.options.tty) this.out.write('\n');
  }

  #draw(now: number, tenth: number): void {
    const percent = this.total > 0 ? Math.floor((100 * this.#done) / this.total) : 100;
    const text = `${this.label}: ${this.#done}/${this.total} ${this.unit} (${percent}%), ${Math.round((now - this.#start) / 1000)} s`;
    if (this.options.tty) {
      this.out.write(`\r${text.padEnd(this.#width)}`);
      this.#width = text.length;
    } else this.out.write(`${text}\n`);
    this.#last = { at: now, tenth };
  }
}
