import { readPdn, variants } from '../rules/index.ts';
import type { Move, Position } from '../rules/index.ts';
import { tournament } from '../host/game/referee/policy.ts';
import { createReferee, step } from '../host/game/referee/referee.ts';
import type { RefereeEvent } from '../host/game/referee/types.ts';
import { eventsOf, parseActionScript } from '../host/script/actions.ts';
import { renderGame } from '../host/script/render.ts';
import { ORACLE_FILES, oracleTexts } from '../test/oracles.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * The referee on real games: every oracle game of the five variants rendered as an action
 * script in seeded hand styles (host/script/render.ts), its events run through `step` one by
 * one. Figures: events per second over all games, and the time `step` takes for the event
 * that completes a move (from the last event of a move to the move output), median and p99.
 * Baseline in the same run: the same games replayed from their PDN text by readPdn (plies per
 * second), against the referee's plies per second. Targets (issue): 200,000 events/s, p99
 * under 1 ms.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const sessions = load(opts.quick ? 2 : 1);
  const events = sessions.reduce((n, s) => n + s.events.length, 0);
  const plies = sessions.reduce((n, s) => n + s.plies, 0);
  const seconds = opts.quick ? 1 : 3;

  const latencies: number[] = [];
  const pass = (timed: boolean): number => {
    for (const s of sessions) {
      let state = createReferee(s.start, tournament);
      for (const e of s.events) {
        const t0 = timed ? process.hrtime.bigint() : 0n;
        const r = step(state, e);
        if (timed && r.outputs.some((o) => o.type === 'move')) latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        state = r.state;
      }
    }
    return events;
  };
  pass(false);
  const ours = measure(() => pass(false), seconds);
  pass(true);
  latencies.sort((a, b) => a - b);
  const eventsPerSecond = ours.units / ours.seconds;
  const pliesPerSecond = (ours.units / events) * plies / ours.seconds;

  const texts = ORACLE_FILES.flatMap(({ file, variant }) => oracleTexts(file).map((text) => ({ text, variant })));
  const base = measure(() => texts.reduce((n, { text, variant }) => n + readPdn(text, { variant: variants[variant] }).games.length, 0), seconds);
  const pdnPlies = (base.units / sessions.length) * plies / base.seconds;
  const median = latencies[Math.floor(latencies.length / 2)];
  const p99 = latencies[Math.floor(latencies.length * 0.99)];
  return [
    {
      name: 'referee: events through step', figure: eventsPerSecond / 1000, unit: 'k events/s', better: 'higher', baseline: null, ratio: null,
      target: { figure: 200, met: eventsPerSecond >= 200_000 },
      note: `${sessions.length} games rendered in hand styles, ${events} events, ${plies} plies a pass`,
    },
    {
      name: 'referee: plies recognised', figure: pliesPerSecond / 1000, unit: 'k plies/s', better: 'higher',
      baseline: { name: 'readPdn on the same games', figure: pdnPlies / 1000 }, ratio: pliesPerSecond / pdnPlies,
    },
    { name: 'referee: last event to move, median', figure: median, unit: 'ms', better: 'lower', baseline: null, ratio: null, note: `${latencies.length} moves timed` },
    { name: 'referee: last event to move, p99', figure: p99, unit: 'ms', better: 'lower', baseline: null, ratio: null, target: { figure: 1, met: p99 < 1 } },
  ];
}

interface Session {
  readonly start: Position;
  readonly events: readonly RefereeEvent[];
  readonly plies: number;
}

/** Every oracle game of the five variants, rendered with seeded hand styles into referee events. */
function load(every: number): Session[] {
  const out: Session[] = [];
  let seed = 1;
  for (const { file, variant } of ORACLE_FILES) {
    const v = variants[variant];
    oracleTexts(file).forEach((text) => {
      for (const g of readPdn(text, { variant: v }).games) {
        if (g.error || seed++ % every !== 0) continue;
        const moves: Move[] = g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : []));
        const script = parseActionScript(renderGame(g.start, moves, { seed }), v);
        if (!script.ok) throw new Error(script.reason);
        out.push({ start: g.start, events: eventsOf(script.actions).map((e) => e.event), plies: moves.length });
      }
    });
  }
  return out;
}

/** Runs `pass` until `seconds` have passed; units are what the passes return. */
function measure(pass: () => number, seconds: number): { units: number; seconds: number } {
  let units = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) units += pass();
  return { units, seconds: (performance.now() - start) / 1000 };
}
