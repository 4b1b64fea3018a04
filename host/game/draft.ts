// A game state being changed within one step, and the effects said so far: the step works on
// a copy and returns it, so that the game stays a value from the outside.

import { entryTime } from './journal/record.ts';
import type { JournalEntry } from './journal/record.ts';
import { LOG_LIMIT } from './game.ts';
import type { GameEffect, GameState } from './game.ts';

/** A state being changed within one step, and the effects said so far. */
export interface Draft {
  readonly s: { -readonly [K in keyof GameState]: GameState[K] };
  readonly effects: GameEffect[];
}

/** A copy of `state` to change. */
export function draft(state: GameState): Draft {
  return { s: { ...state }, effects: [] };
}

/** A message for people, and the log that keeps the last {@link LOG_LIMIT}. */
export function say(d: Draft, text: string): void {
  const log = [...d.s.log, text];
  d.s.log = log.length > LOG_LIMIT ? log.slice(-LOG_LIMIT) : log;
  d.effects.push({ type: 'log', text });
}

/** Entries to write, on disk before what follows them is done. */
export function journal(d: Draft, entries: JournalEntry[]): void {
  if (entries.length === 0) return;
  d.effects.push({ type: 'journal', entries });
  for (const e of entries) d.s.journalT = Math.max(d.s.journalT, entryTime(e));
}

/** `t` as the clock's time: whole ms, never before the last reading. */
export function clockAt(d: Draft, t: number): number {
  d.s.clockT = Math.max(d.s.clockT, Math.floor(t));
  return d.s.clockT;
}
