import { appendFileSync } from 'node:fs';

/**
 * The protocol both ways (`--engine-log FILE`): each line sent to an engine and each line
 * (or NUL-terminated message) received, with the time and the engine's name.
 */
export interface EngineLog {
  sent(engine: string, text: string): void;
  received(engine: string, text: string): void;
  /** Something the host noticed (a start, an exit, a refused move). */
  note(engine: string, text: string): void;
}

/** A log that writes nothing. */
export const NO_LOG: EngineLog = { sent() {}, received() {}, note() {} };

/**
 * A log appended to `file`, one line per message: `2026-11-27T00:00:00.000Z Scan > go think`
 * (`>` to the engine, `<` from it, `#` a note). A failed write (a full disk) is reported once
 * through `onError` and the game goes on without the log.
 */
export function fileEngineLog(file: string, onError: (error: Error) => void = () => {}): EngineLog {
  let broken = false;
  const write = (engine: string, mark: string, text: string) => {
    if (broken) return;
    try {
      appendFileSync(file, `${new Date().toISOString()} ${engine} ${mark} ${text.replace(/\0/g, '\\0')}\n`);
    } catch (error) {
      broken = true;
      onError(error as Error);
    }
  };
  return { sent: (e, t) => write(e, '>', t), received: (e, t) => write(e, '<', t), note: (e, t) => write(e, '#', t) };
}
