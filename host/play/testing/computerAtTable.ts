// A test kit: a game against the computer through the real session on the simulated board (the
// committed firmware in avr8js, the serial link). The engine is a fake whose answers are written
// by hand for the positions it is asked about; the hands lift and place pieces square by square
// and hold the board's buttons for so long, the board's time running meanwhile.

import { expect } from 'vitest';
import { currentPosition, formatMove, parseFen, parseMoveText, variants } from '../../../rules/index.ts';
import type { Game } from '../../../rules/index.ts';
import type { Engine } from '../../engine/engine.ts';
import type { ComputerConfig } from '../../game/computerConfig.ts';
import { casual } from '../../game/referee/policy.ts';
import type { BoardButton } from '../../link/types.ts';
import { startSession } from '../session.ts';
import { simulatedTable } from './simulatedTable.ts';

/** The game's moves so far in PDN, space-separated ('' at the start): the key of a position for {@link byPosition}. */
function movesText(game: Game): string {
  return game.moves.map((m, i) => formatMove(game.positions[i], m)).join(' ');
}

/**
 * An engine whose answers are written for the positions it is asked about: `answers` maps the
 * game's moves so far (PDN, '' at the start) to the move it plays there and its score (the side
 * to move's, in men). `asked` lists the positions asked about, in order, `answered` counts the
 * answers given. Held (`held`), each answer waits for `release()`; a position with no answer
 * written fails the question.
 */
export function byPosition(answers: Readonly<Record<string, readonly [string, number]>>, held = false): Engine & { readonly asked: string[]; readonly answered: number; release(): void } {
  const waiting: (() => void)[] = [];
  const asked: string[] = [];
  const e = {
    name: 'scripted',
    asked,
    answered: 0,
    release: () => waiting.splice(0).forEach((go) => go()),
    async think(game: Game) {
      const key = movesText(game);
      asked.push(key);
      if (held) await new Promise<void>((go) => waiting.push(go));
      const [text, value] = answers[key] ?? ['', 0];
      const parsed = parseMoveText(currentPosition(game), text);
      if (!parsed.ok) throw new Error(`no answer written for "${key}"`);
      e.answered++;
      return { move: parsed.move, score: { kind: 'men' as const, value }, pv: [parsed.move], depth: 1, nodes: 1, ms: 1 };
    },
    async close() {},
  };
  return e;
}

/** The computer playing Black at level 5 with the scripted engine; `more` changes or adds to it. */
export function computerBlack(more: Partial<ComputerConfig> = {}): ComputerConfig {
  return { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false, ...more };
}

/**
 * A game against the computer (`config`) played with `engine` on the simulated board showing the
 * international position `fen` (the start position by default), and what the hands do there.
 */
export function computerAtTable(engine: Engine, config: ComputerConfig = computerBlack(), fen = variants.international.startFen) {
  const start = parseFen(variants.international, fen);
  if (!start.ok) throw new Error(start.error.reason);
  const { board, link, now, every, run } = simulatedTable(start.position);
  const session = startSession({ start: start.position, policy: casual, link, hands: board, now, every, computer: { config, engine } });
  /** Until `done` holds (the engine answers in real time, off the board's events), the board's time running. */
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) {
      await new Promise((r) => setTimeout(r, 10));
      await run(20);
    }
    expect(done()).toBe(true);
  };
  /** A piece lifted or placed on `square` (its name on the board), then `ms` of the board's time. */
  const hand = async (type: 'lift' | 'place', square: string, ms = 300) => {
    expect(await session.command({ type, square })).toEqual({ ok: true });
    await run(ms);
  };
  /** The squares the LEDs ask the hands to clear or to fill now (`clear 19`, `fill 14`). */
  const guiding = () => session.view().squares.filter((s) => s.mark === 'clear' || s.mark === 'fill').map((s) => `${s.mark} ${s.name}`);
  return {
    session,
    board,
    run,
    until,
    hand,
    /** A man's step (`32-28`) made by the hands: lifted, and put down on the square it goes to. */
    async step(text: string) {
      const [from, to] = text.split('-');
      await hand('lift', from);
      await hand('place', to);
    },
    /** `button` held down for `ms` of the board's time, then let go. */
    async hold(button: BoardButton, ms: number) {
      board.press(button);
      await run(ms);
      board.release(button);
      await run(100);
    },
    /** Until the computer shows its move on the board, which must be `text`. */
    async showing(text: string) {
      await until(() => session.view().engine?.state === 'showing');
      expect(session.view().engine?.move?.text).toBe(text);
    },
    /** The moves on the scoresheet. */
    moves: () => session.view().moves.map((m) => m.text),
    /** Everything the log has said. */
    said: () => session.view().log.join('\n'),
    /** The LED of the square named `name` (1..50) in the view, and why it is lit. */
    led: (name: number) => {
      const sq = session.view().squares[name - 1];
      return [sq.led, sq.mark];
    },
    guiding,
    /** Whether the firmware's MAX7219 lights the square named `name` within `ms` of the board's time (a blinking LED is lit half of the time). */
    async litOnBoard(name: number, ms = 1000) {
      for (let left = ms; left > 0; left -= 50) {
        if (board.leds().includes(name)) return true;
        await run(50);
      }
      return false;
    },
    /** The hands following the LEDs, slowly: each square lit for them (a piece to take off, a square to fill) before they go to it. */
    async guided(...steps: readonly (readonly ['lift' | 'place', string])[]) {
      for (const [type, square] of steps) {
        expect(guiding()).toEqual([`${type === 'lift' ? 'clear' : 'fill'} ${square}`]);
        await hand(type, square, 1000);
      }
    },
  };
}

/** A table of {@link computerAtTable}. */
export type ComputerAtTable = ReturnType<typeof computerAtTable>;

/**
 * `play` at a table of {@link computerAtTable} (the computer `config`, the position `fen`) once
 * the board is up (its link connected), the session closed after it whatever happens.
 */
export async function atTable(engine: Engine, play: (t: ComputerAtTable) => Promise<void>, where: { readonly config?: ComputerConfig; readonly fen?: string } = {}): Promise<void> {
  const t = computerAtTable(engine, where.config, where.fen);
  try {
    await t.run(600);
    await play(t);
  } finally {
    await t.session.close();
  }
}
