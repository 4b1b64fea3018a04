// The options of the commands that a configuration file (--config) may also set: play,
// digitise, event, replay and relay, each as its parser reads them and the file is checked.

import { BOARD_SPEC, BOARD_SWITCHES } from '../boards/registry.ts';
import type { OptionSpec } from './args.ts';
import { LANG_SPEC } from './langOption.ts';
import { SPEECH_SPEC } from './speechOptions.ts';

/** `dambord play`'s options. */
export const PLAY_OPTIONS = {
  variant: 'string', fen: 'string', white: 'string', black: 'string', event: 'string', site: 'string', round: 'string',
  'time-control': 'string', policy: 'string', 'show-jumps': 'boolean', 'http-port': 'string', host: 'string', games: 'string', archive: 'string', resume: 'string', hints: 'boolean',
  ...BOARD_SPEC, clock: 'string', 'second-board': 'string', ...SPEECH_SPEC, ...LANG_SPEC,
  engine: 'string', level: 'string', 'engine-spec': 'string', 'alt-move': 'boolean', 'no-hints': 'boolean', training: 'boolean',
} as const;

/** `dambord digitise`'s options. */
export const DIGITISE_OPTIONS = {
  variant: 'string', fen: 'string', guide: 'string', game: 'string', resume: 'string', ...BOARD_SPEC, event: 'string', site: 'string', date: 'string', round: 'string',
  white: 'string', black: 'string', 'no-ask': 'boolean', games: 'string', archive: 'string', 'http-port': 'string', host: 'string', ...LANG_SPEC,
} as const;

/** `dambord event`'s options. */
export const EVENT_OPTIONS = {
  pairings: 'string', 'sim-games': 'string', speed: 'string', 'sim-board': 'string', ports: 'string', ...BOARD_SWITCHES, boards: 'string',
  event: 'string', round: 'string', site: 'string', variant: 'string', 'time-control': 'string', policy: 'string', archive: 'string',
  'http-port': 'string', host: 'string', delay: 'string', broker: 'string', id: 'string', 'exit-when-done': 'boolean', ...LANG_SPEC,
} as const;

/** `dambord replay`'s options. */
export const REPLAY_OPTIONS = { variant: 'string', fen: 'string', policy: 'string', 'show-jumps': 'boolean', json: 'boolean', pdn: 'string', through: 'string', ...SPEECH_SPEC, ...LANG_SPEC } as const;

/** `dambord relay`'s options. */
export const RELAY_OPTIONS = {
  event: 'string', round: 'string', boards: 'string', pairings: 'string', broker: 'string', 'mqtt-port': 'string', 'mqtt-host': 'string', 'mqtt-user': 'string',
  hosts: 'string', 'mosquitto-config': 'string', 'http-port': 'string', host: 'string', delay: 'string', id: 'string', ...LANG_SPEC,
} as const;

/** The commands a configuration file has a section for, with their options. */
export const CONFIGURABLE: Readonly<Record<string, OptionSpec>> = {
  play: PLAY_OPTIONS,
  digitise: DIGITISE_OPTIONS,
  event: EVENT_OPTIONS,
  replay: REPLAY_OPTIONS,
  relay: RELAY_OPTIONS,
};

/**
 * The options that say what one run does and are given on its command line only, never in a
 * file: the game to resume, its clocks, its position, the output files of one game.
 */
export const RUN_ONLY: readonly string[] = ['config', 'resume', 'clock', 'fen', 'game', 'pdn', 'json', 'transcript', 'wav'];
