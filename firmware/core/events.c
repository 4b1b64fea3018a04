/* events.c: the event ring buffer. Contract in events.h. */
#include "events.h"

/* Sequence number `back` steps before s in the cycle 1-65535. */
static uint16_t seq_back(uint16_t s, uint8_t back)
{
    int32_t v = (int32_t)s - back;
    return (uint16_t)(v < 1 ? v + 65535 : v);
}

uint16_t event_seq_next(uint16_t s)
{
    return s == 65535 ? 1 : (uint16_t)(s + 1);
}

void event_ring_init(struct event_ring *r)
{
    r->last_seq = 0;
    r->head = EVENT_RING - 1;
    r->count = 0;
    r->unsent = 0;
}

uint16_t event_ring_push(struct event_ring *r, uint32_t ms, enum event_kind kind, uint8_t number)
{
    r->head = (uint8_t)((r->head + 1) % EVENT_RING);
    r->ev[r->head].ms = ms;
    r->ev[r->head].code = (uint8_t)(kind << 6 | (number & 63));
    r->last_seq = event_seq_next(r->last_seq);
    if (r->count < EVENT_RING)
        r->count++;
    if (r->unsent < r->count)
        r->unsent++;
    return r->last_seq;
}

const struct event *event_ring_unsent(const struct event_ring *r, uint16_t *seq)
{
    if (!r->unsent)
        return 0;
    uint8_t back = (uint8_t)(r->unsent - 1);
    *seq = seq_back(r->last_seq, back);
    return event_ring_back(r, back);
}

void event_ring_sent(struct event_ring *r)
{
    if (r->unsent)
        r->unsent--;
}

enum resend_status event_ring_resend(struct event_ring *r, uint16_t seq)
{
    if (seq == event_seq_next(r->last_seq))
        return RESEND_OK;
    if (!r->count || seq == 0)
        return RESEND_GONE;
    int32_t back = (int32_t)r->last_seq - seq;
    if (back < 0)
        back += 65535;
    if (back >= r->count)
        return RESEND_GONE;
    r->unsent = (uint8_t)(back + 1);
    return RESEND_OK;
}

uint16_t event_ring_oldest(const struct event_ring *r)
{
    return r->count ? seq_back(r->last_seq, (uint8_t)(r->count - 1)) : 0;
}
