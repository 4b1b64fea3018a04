// Real games (lidraughts exports in test/fixtures/oracles) rendered as hands would play them
// (host/script/render.ts), played on the simulated dambord board and on the simulated Firmata
// board (stock StandardFirmata on a Mega in avr8js, johnny-five): both record exactly the moves
// and positions the plain replay records. Skipped, saying why, when StandardFirmata cannot be
// fetched from the npm registry.
import { describe, expect, it } from 'vitest';
import { fetchStandardFirmata } from '../hardware/firmata/fetch.mjs';
import { readPdn, variants, writeFen } from '../rules/index.ts';
import type { Move } from '../rules/index.ts';
import { tournament } from '../host/game/referee/policy.ts';
import { runEvents } from '../host/game/referee/run.ts';
import type { RefereeOutput } from '../host/game/referee/types.ts';
import { eventsOf, parseActionScript } from '../host/script/actions.ts';
import { renderGame } from '../host/script/render.ts';
import { playOnSimulatedBoard } from '../host/sim/throughSim.ts';
import { oracleTexts } from './oracles.ts';
import { SIMULATED_RUN_LIMIT_MS } from './limits.ts';

const fetched = fetchStandardFirmata();

/** The first game of 20-60 plies of each file: a 10x10 and an 8x8 variant, so the run stays near a minute. */
const GAMES = [
  { file: 'standard_random_pdns.json', variant: 'international' as const },
  { file: 'russian_random_pdns.json', variant: 'russian' as const },
].map((f) => {
  const index = oracleTexts(f.file).findIndex((t) => {
    const g = readPdn(t, { variant: variants[f.variant] }).games[0];
    const n = g?.line.filter((p) => p.kind === 'ply').length ?? 0;
    return !g?.error && n >= 20 && n <= 60;
  });
  return { ...f, index };
});

const record = (outputs: readonly RefereeOutput[]) =>
  outputs.flatMap((o) => (o.type === 'move' ? [`${o.text} ${writeFen(o.after)}`] : o.type === 'irregularity' || o.type === 'mismatch' ? [JSON.stringify(o)] : []));

describe.skipIf(!fetched.ok)(`real games through the Firmata board${fetched.ok ? '' : ` — SKIPPED: StandardFirmata could not be fetched: ${fetched.error}`}`, () => {
  for (const { file, variant, index } of GAMES) {
    it(`${variant}: ${file} game ${index + 1}, the same record on the dambord board, the Firmata board and the plain replay`, async () => {
      expect(index).toBeGreaterThanOrEqual(0);
      const v = variants[variant];
      const g = readPdn(oracleTexts(file)[index], { variant: v }).games[0];
      const moves: Move[] = g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : []));
      const script = parseActionScript(renderGame(g.start, moves, { seed: 11 + index, styles: { clockBeforeRemoval: false } }), v);
      if (!script.ok) throw new Error(script.reason);
      const plain = record(runEvents(g.start, tournament, eventsOf(script.actions).map((e) => e.event)).outputs.map((o) => o.output));
      expect(plain.length).toBe(moves.length);
      for (const board of ['dambord', 'firmata'] as const) {
        const played = await playOnSimulatedBoard(g.start, script.actions, { board });
        expect(record(runEvents(g.start, tournament, played.events).outputs.map((o) => o.output)), board).toEqual(plain);
      }
    }, SIMULATED_RUN_LIMIT_MS);
  }
});
