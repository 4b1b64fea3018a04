/*
 * debounce_defer_pk.h: deferred, per-key, asymmetric debounce ("defer_pk", after QMK's names
 * and ZMK's zmk_debounce).
 *
 * Each switch has a stable (debounced) state and a counter of the milliseconds its raw reading
 * has differed from it. The stable state flips only when the raw reading has differed for the
 * whole threshold: make_ms for open -> closed (a piece arrives, a button goes down), break_ms
 * for closed -> open. Any sample that agrees with the stable state resets the counter, so a
 * bounce restarts the wait. The report is deferred by the threshold; nothing is reported for
 * a glitch shorter than it.
 *
 * Time is passed in: each scan says how many milliseconds passed since the previous one, and
 * a sample that differs credits that interval. With 1 ms scans and make_ms = 5 a switch that
 * closes between the scans at t-1 and t is reported at the scan at t+4 (five differing samples);
 * make_ms = 0 reports at the first differing sample.
 *
 * Pure: no clock, no I/O. State per switch is one counter byte and two bits.
 */
#ifndef DAMBORD_DEBOUNCE_DEFER_PK_H
#define DAMBORD_DEBOUNCE_DEFER_PK_H

#include <stdint.h>

#include "board.h"

/* Thresholds in ms, 0-255. */
struct defer_pk_config {
    uint8_t make_ms;
    uint8_t break_ms;
};

/*
 * One switch: the algorithm. `stable` and `raw` are 0 (open) or 1 (closed); `counter` the ms
 * the raw reading has differed (0 when it agrees). Returns 1 when the stable state flips (and
 * then clears the counter). Elapsed time saturates the counter at 255.
 * Example: make_ms 2, elapsed 1, raw stays 1 on a stable 0: counter 1 (0), 2 (returns 1).
 */
static inline uint8_t defer_pk_key(uint8_t *counter, uint8_t stable, uint8_t raw, uint8_t elapsed_ms,
                                   const struct defer_pk_config *cfg)
{
    if (stable == raw) {
        *counter = 0;
        return 0;
    }
    uint16_t c = (uint16_t)*counter + elapsed_ms;
    *counter = c > 255 ? 255 : (uint8_t)c;
    if (*counter >= (stable ? cfg->break_ms : cfg->make_ms)) {
        *counter = 0;
        return 1;
    }
    return 0;
}

/* Every input of the board, packed as in board.h (1 = closed). */
struct defer_pk_bank {
    uint8_t stable[BOARD_INPUT_BYTES];  /* debounced state */
    uint8_t pending[BOARD_INPUT_BYTES]; /* raw differed at the last scan: the counter is live */
    uint8_t counter[BOARD_INPUT_BYTES * 8]; /* inputs past BOARD_INPUTS stay 0 */
};

/* Takes `raw` as the stable state (at start: what is on the board is not an event). */
void defer_pk_reset(struct defer_pk_bank *b, const uint8_t *raw);

/*
 * One scan of every input. Sets `changed` (BOARD_INPUT_BYTES bytes) to the inputs whose stable
 * state flipped; the new state is in b->stable. Bits past BOARD_INPUTS are ignored. A scan in
 * which no input differs and none was pending touches no counter.
 */
void defer_pk_scan(struct defer_pk_bank *b, const uint8_t *raw, uint8_t elapsed_ms,
                   const struct defer_pk_config *cfg, uint8_t *changed);

#endif /* DAMBORD_DEBOUNCE_DEFER_PK_H */
