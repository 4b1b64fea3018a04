// An event's simulated boards are the kinds of the registry that say their `--sim-board` name:
// the option's check and help come from them.
import { describe, expect, it } from 'vitest';
import { SIM_BOARDS, simBoardHelp, simBoardNamed } from './registry.ts';

describe('the kinds an event simulates', () => {
  it('are named by --sim-board, the firmware in avr8js by default', () => {
    expect(SIM_BOARDS.map((k) => [k.simulates.name, k.name])).toEqual([['firmware', 'sim'], ['model', 'model']]);
    expect(simBoardNamed(undefined)).toMatchObject({ ok: true, kind: { name: 'sim' } });
    expect(simBoardNamed('model')).toMatchObject({ ok: true, kind: { name: 'model' } });
    expect(simBoardNamed('avr')).toEqual({ ok: false, error: '--sim-board must be firmware or model, not "avr"' });
  });

  it('give the help of --sim-board, one kind after another, the default marked', () => {
    expect(simBoardHelp(22).split('\n')).toEqual([
      '  --sim-board B       firmware (default): the committed firmware in avr8js, about a tenth',
      '                        of a core per board',
      "                      model: the link protocol's model board, for many boards",
    ]);
  });
});
