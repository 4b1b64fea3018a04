import { touchOutOfTurn } from '../host/game/testing/touches.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * The game on a hand that touches a piece out of turn over and over (FMJD 3.14, noted each
 * time), every event stepped and every view built as the page gets it
 * (host/game/testing/touches.ts), for n and 2n touches: the time should double, not
 * quadruple. The figure is 2n's time, the baseline n's; a ratio near 2 is linear.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const n = opts.quick ? 2000 : 8000;
  touchOutOfTurn(200); // warm up
  const best = (k: number) => Math.min(...[0, 1, 2].map(() => touchOutOfTurn(k).ms));
  const small = best(n);
  const big = best(2 * n);
  return [{
    name: `game: ${2 * n} touches out of turn, each view built`,
    figure: big,
    unit: 'ms',
    better: 'lower',
    baseline: { name: `${n} touches`, figure: small },
    ratio: big / small,
    note: 'twice the touches: about twice the time (linear); best of 3',
  }];
}
