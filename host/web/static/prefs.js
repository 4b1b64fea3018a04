// What a person chooses on this page and the browser remembers (localStorage): the sounds on or
// off, the computer's analysis shown or not, the theme (light, dark, or auto: the system's) and the page's language (words.js). The sounds are tones made with Web
// Audio, no audio files; no sound is made, and no AudioContext opened, before a user gesture
// (browsers require it, and a page should not speak up by itself).

export const SOUND_KEY = 'dambord.sound';
export const THEME_KEY = 'dambord.theme';
export const THEMES = /** @type {const} */ (['auto', 'light', 'dark']);
/** The evaluation bar and the best line of the computer's moves shown (`on`) or hidden (`off`), computer.js. */
export const ANALYSIS_KEY = 'dambord.analysis';
/** The page's language, a tag of host/words/catalogue.ts LANGUAGES (`nl`); none remembered: the server's. */
export const LANG_KEY = 'dambord.lang';

/**
 * The tones of each sound: [frequency in Hz, start in s, length in s]. A move is one short
 * tone, a capture two rising, an irregularity two low ones, the result a rising chord.
 */
export const TONES = {
  move: [[660, 0, 0.07]],
  capture: [[520, 0, 0.07], [780, 0.09, 0.09]],
  irregularity: [[233, 0, 0.18], [220, 0.26, 0.22]],
  result: [[523, 0, 0.16], [659, 0.16, 0.16], [784, 0.32, 0.32]],
};

/**
 * A remembered value: what `storage` holds under `key` if it is one of `allowed`, else the first
 * of `allowed`. A storage that throws (private browsing, storage off) reads as empty.
 * @template {string} T
 * @param {{getItem(k: string): string | null} | null | undefined} storage
 * @param {string} key
 * @param {readonly T[]} allowed
 * @returns {T}
 */
export function remembered(storage, key, allowed) {
  try {
    const v = storage ? storage.getItem(key) : null;
    return /** @type {T} */ (allowed.find((a) => a === v) ?? allowed[0]);
  } catch {
    return allowed[0];
  }
}

/**
 * Remembers `value` under `key`; a storage that throws keeps the choice for this page only.
 * @param {{setItem(k: string, v: string): void} | null | undefined} storage
 * @param {string} key
 * @param {string} value
 */
export function remember(storage, key, value) {
  try {
    if (storage) storage.setItem(key, value);
  } catch {
    // The choice holds for this page; the browser will not keep it.
  }
}

/**
 * The sounds of the page. `play` is silent while muted and until `unlock` is called from a user
 * gesture (the first click or key), which opens the AudioContext.
 * @param {{storage?: any, AudioContext?: any}} env
 */
export function createSounds(env) {
  let muted = remembered(env.storage, SOUND_KEY, ['on', 'off']) === 'off';
  /** @type {any} */
  let ctx = null;
  return {
    get muted() {
      return muted;
    },
    /** Turns the sounds on or off and remembers it. */
    setMuted(/** @type {boolean} */ m) {
      muted = m;
      remember(env.storage, SOUND_KEY, m ? 'off' : 'on');
    },
    /** Opens the AudioContext: call it from a user gesture. */
    unlock() {
      if (ctx || !env.AudioContext) return;
      try {
        ctx = new env.AudioContext();
      } catch {
        ctx = null;
      }
    },
    /** Whether a user gesture has opened the audio. */
    get unlocked() {
      return ctx !== null;
    },
    /** Plays the tones of `kind` (see TONES), unless muted or not yet unlocked. */
    play(/** @type {keyof typeof TONES} */ kind) {
      if (muted || !ctx || !TONES[kind]) return;
      if (ctx.state === 'suspended' && typeof ctx.resume === 'function') void ctx.resume();
      const t0 = ctx.currentTime + 0.02;
      for (const [freq, start, length] of TONES[kind]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'sine';
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, t0 + start);
        gain.gain.exponentialRampToValueAtTime(0.2, t0 + start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
        osc.connect(gain).connect(ctx.destination);
        osc.start(t0 + start);
        osc.stop(t0 + start + length + 0.02);
      }
    },
  };
}

/**
 * The theme the page shows for a choice: `light` or `dark` as chosen, `auto` the system's.
 * @param {string} choice
 * @param {boolean} systemDark
 * @returns {'light'|'dark'}
 */
export function shownTheme(choice, systemDark) {
  if (choice === 'light' || choice === 'dark') return choice;
  return systemDark ? 'dark' : 'light';
}
