/* debounce_defer_pk.c: the bank of switches. The algorithm and its contract: debounce_defer_pk.h. */
#include "debounce_defer_pk.h"

/* Inputs that exist in the last byte. */
#define LAST_MASK ((uint8_t)(0xFF >> (8 * BOARD_INPUT_BYTES - BOARD_INPUTS)))

static uint8_t input_mask(uint8_t i)
{
    return i == BOARD_INPUT_BYTES - 1 ? LAST_MASK : 0xFF;
}

void defer_pk_reset(struct defer_pk_bank *b, const uint8_t *raw)
{
    for (uint8_t i = 0; i < BOARD_INPUT_BYTES; i++) {
        b->stable[i] = raw[i] & input_mask(i);
        b->pending[i] = 0;
    }
    for (uint8_t k = 0; k < BOARD_INPUT_BYTES * 8; k++)
        b->counter[k] = 0;
}

void defer_pk_scan(struct defer_pk_bank *b, const uint8_t *raw, uint8_t elapsed_ms,
                   const struct defer_pk_config *cfg, uint8_t *changed)
{
    for (uint8_t i = 0; i < BOARD_INPUT_BYTES; i++) {
        uint8_t stable = b->stable[i];
        uint8_t diff = (uint8_t)((raw[i] ^ stable) & input_mask(i));
        uint8_t flips = 0;
        if (diff | b->pending[i]) {
            uint8_t *counter = &b->counter[i * 8];
            for (uint8_t bit = 1; bit; bit <<= 1, counter++) {
                if (!((diff | b->pending[i]) & bit))
                    continue;
                if (defer_pk_key(counter, (stable & bit) != 0, (uint8_t)(((stable ^ diff) & bit) != 0), elapsed_ms, cfg))
                    flips |= bit;
            }
            b->stable[i] = stable ^ flips;
            b->pending[i] = diff & (uint8_t)~flips;
        }
        changed[i] = flips;
    }
}
