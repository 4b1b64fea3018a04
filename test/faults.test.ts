// The issue: "Fault injection in the link ... over rendered real games with 1% of lines
// corrupted or lost and a board reset mid-game, the recorded games are identical to the clean
// run, with every fault counted in link health." Real firmware in avr8js, real serial link.
import { describe, expect, it } from 'vitest';
import { readPdn, variants, writeFen } from '../rules/index.ts';
import type { Move } from '../rules/index.ts';
import type { SerialLinkHealth } from '../host/link/types.ts';
import { createFaultInjector } from '../host/link/testing/fault.ts';
import { tournament } from '../host/game/referee/policy.ts';
import { runEvents } from '../host/game/referee/run.ts';
import { eventsOf, parseActionScript } from '../host/script/actions.ts';
import { renderGame } from '../host/script/render.ts';
import { playOnSimulatedBoard } from '../host/sim/throughSim.ts';
import { oracleTexts } from './oracles.ts';
import { SIMULATED_RUN_LIMIT_MS } from './limits.ts';

/** The first two games of 30-80 plies of three files of real games (lidraughts): a few minutes of CPU for the five of them. */
const GAMES = [
  { file: 'standard_random_pdns.json', variant: 'international' as const },
  { file: 'russian_random_pdns.json', variant: 'russian' as const },
  { file: 'brazilian_random_pdns.json', variant: 'brazilian' as const },
].flatMap((f) => {
  const fit = oracleTexts(f.file).flatMap((t, index) => {
    const g = readPdn(t, { variant: variants[f.variant] }).games[0];
    const n = g?.line.filter((p) => p.kind === 'ply').length ?? 0;
    return !g?.error && n >= 30 && n <= 80 ? [index] : [];
  });
  return fit.slice(0, 2).map((index) => ({ ...f, index }));
});

/** Faults injected and faults the link counted, over all the games. */
const total = { flipped: 0, dropped: 0, refused: 0, repaired: 0, reboots: 0 };

describe('the link repairs faults: recorded games identical to the clean run', () => {
  for (const { file, variant, index } of GAMES) {
    it(`${variant}: ${file} game ${index + 1}, 1% of lines corrupted or lost each way, a board reset mid-game`, async () => {
      const v = variants[variant];
      const g = readPdn(oracleTexts(file)[index], { variant: v }).games[0];
      expect(g.error).toBeNull();
      const moves: Move[] = g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : []));
      const script = parseActionScript(renderGame(g.start, moves, { seed: 7 + index, styles: { clockBeforeRemoval: false } }), v);
      if (!script.ok) throw new Error(script.reason);
      const clean = runEvents(g.start, tournament, eventsOf(script.actions).map((e) => e.event)).outputs.map((o) => o.output);
      const record = (outputs: typeof clean) => outputs.flatMap((o) => (o.type === 'move' ? [`${o.text} ${writeFen(o.after)}`] : o.type === 'irregularity' || o.type === 'mismatch' ? [JSON.stringify(o)] : []));
      expect(record(clean).length).toBe(moves.length);

      const faults = createFaultInjector({ seed: 1000 + index, read: { flip: 0.005, drop: 0.005 }, write: { flip: 0.005, drop: 0.005 } });
      const scriptMs = eventsOf(script.actions).at(-1)!.event.t; // script time, long waits included
      const played = await playOnSimulatedBoard(g.start, script.actions, { wrap: faults.wrap, resetsAt: [Math.round(scriptMs / 2) + 100] });
      const faulty = runEvents(g.start, tournament, played.events).outputs.map((o) => o.output);
      expect(record(faulty)).toEqual(record(clean));

      const h = played.health as SerialLinkHealth; // the serial link's: every counter there
      const injected = faults.stats.read;
      expect(injected.lines).toBeGreaterThan(100);
      // Every corrupted line is refused and counted (a CRC error, or a frame or syntax error when
      // the flip hit the `*` or a CRC digit); every gap is repaired.
      const refused = h.crcErrors + h.syntaxErrors + h.longLines + h.unknownLines;
      expect(refused).toBeGreaterThanOrEqual(injected.flipped);
      expect(h.reboots).toBeGreaterThanOrEqual(1);
      expect(h.gaps).toBe(h.gapsRepaired);
      total.flipped += injected.flipped + faults.stats.write.flipped;
      total.dropped += injected.dropped + faults.stats.write.dropped;
      total.refused += refused + h.errorReplies;
      total.repaired += h.gapsRepaired + h.snapshotsUsed + h.retries;
      total.reboots += h.reboots;
    }, SIMULATED_RUN_LIMIT_MS);
  }

  it('faults of every kind were injected, and each was counted in the link health', () => {
    expect(total.flipped).toBeGreaterThanOrEqual(3);
    expect(total.dropped).toBeGreaterThanOrEqual(3);
    expect(total.refused).toBeGreaterThanOrEqual(total.flipped);
    expect(total.repaired).toBeGreaterThanOrEqual(total.dropped);
    expect(total.reboots).toBe(GAMES.length);
  });
});
