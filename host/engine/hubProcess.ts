import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { EngineError } from './engine.ts';
import type { EngineLog } from './engineLog.ts';

/**
 * A Hub engine's process: started from its command line in its folder, lines written to its
 * standard input and read from its standard output ("The engine uses standard I/O", protocol.txt),
 * each logged both ways. What it writes on its standard error is logged as notes.
 */
export class HubProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private partial = '';
  /** The last line the engine wrote. */
  private last: string | null = null;
  private wake: (() => void) | null = null;
  private poked = false;
  /** Why the process is gone (an exit or a failed start), once it is. */
  private gone: EngineError | null = null;
  private readonly exited: Promise<void>;
  name: string;

  constructor(command: string, args: readonly string[], cwd: string, private readonly log: EngineLog) {
    this.name = command;
    this.child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.log.note(this.name, `started ${[command, ...args].join(' ')} in ${cwd}`);
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => this.take(chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.log.note(this.name, `stderr: ${chunk.trimEnd()}`));
    this.child.stdin?.on('error', () => {}); // a closed pipe: the exit says why
    this.exited = new Promise((resolve) => {
      this.child.on('error', (e) => {
        this.end(new EngineError(this.name, 'start', `could not be started: ${e.message}`));
        resolve();
      });
      // 'close', not 'exit': what the engine wrote before it ended is read first.
      this.child.on('close', (code, signal) => {
        this.end(new EngineError(this.name, 'crashed', `the engine's process ended (${signal ? `signal ${signal}` : `exit code ${code}`})`, this.last));
        resolve();
      });
    });
  }

  /** Writes one line to the engine (nothing once it is gone). */
  send(line: string): void {
    if (this.gone) return;
    this.log.sent(this.name, line);
    this.child.stdin?.write(`${line}\n`);
  }

  /**
   * The next non-empty line from the engine, or null when none came within `ms` (null: no
   * limit) or {@link poke} was called. Rejects with the EngineError of the exit ('crashed') or failed start ('start').
   */
  async next(ms: number | null): Promise<string | null> {
    const deadline = ms === null ? null : performance.now() + ms;
    for (;;) {
      const line = this.lines.shift();
      if (line !== undefined) return line;
      if (this.gone) throw this.gone;
      if (this.poked) {
        this.poked = false;
        return null;
      }
      const left = deadline === null ? null : deadline - performance.now();
      if (left !== null && left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = left === null ? null : setTimeout(resolve, left);
        this.wake = () => {
          if (timer) clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Makes the pending (or next) {@link next} answer null at once: something else needs the caller. */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  /** Ends the process: `quit` ("quit" in the command summary), then a kill if it is still there after `ms`. Never throws. */
  async quit(ms: number): Promise<void> {
    this.send('quit');
    this.child.stdin?.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    await this.exited;
    clearTimeout(timer);
  }

  /** Kills the process at once (an engine that broke the protocol). */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  private take(chunk: string): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    for (const raw of parts) {
      const line = raw.replace(/\r$/, '');
      if (line.trim() === '') continue;
      this.log.received(this.name, line);
      this.last = line;
      this.lines.push(line);
    }
    this.wake?.();
  }

  private end(error: EngineError): void {
    if (this.gone) return;
    this.gone = error;
    this.log.note(this.name, error.message);
    this.wake?.();
  }
}
