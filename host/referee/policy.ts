import type { IrregularityCode, Policy } from './types.ts';

const none = new Set<IrregularityCode>();

/** Every irregularity waits for the opponent's decision (FMJD 5.4). */
export const tournament: Policy = { name: 'tournament', noted: none, feelMs: 0, settleMs: 1000 };

/** Touch-move and the order of removal are noted; play goes on. */
export const casual: Policy = {
  name: 'casual',
  noted: new Set<IrregularityCode>(['touch-move', 'removal-order', 'early-removal', 'touch-out-of-turn']),
  feelMs: 0,
  settleMs: 1000,
};

/** As tournament, but a piece felt (lifted and put back within 1.5 s) is not touched. */
export const blind: Policy = { name: 'blind', noted: none, feelMs: 1500, settleMs: 1000 };

export const policies = { tournament, casual, blind } as const;
