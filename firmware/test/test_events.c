/* test_events.c: the event ring buffer (events.h): numbering, wrap, the send cursor, RESEND. */
#include <stddef.h>

#include "events.h"
#include "runner.h"

/* Sends every unsent event; returns how many and checks they are numbered from `first`. */
static int drain(struct event_ring *r, uint16_t first)
{
    int n = 0;
    uint16_t seq;
    const struct event *ev;
    while ((ev = event_ring_unsent(r, &seq)) != 0) {
        CHECK_EQ(seq, first);
        first = event_seq_next(first);
        event_ring_sent(r);
        n++;
    }
    return n;
}

static void t_numbering(void)
{
    struct event_ring r;
    event_ring_init(&r);
    CHECK_EQ(r.last_seq, 0);
    CHECK_EQ(event_ring_oldest(&r), 0);
    CHECK_EQ(event_ring_push(&r, 100, EVENT_LIFT, 32), 1);
    CHECK_EQ(event_ring_push(&r, 101, EVENT_PLACE, 28), 2);
    uint16_t seq = 0;
    const struct event *ev = event_ring_unsent(&r, &seq);
    CHECK(ev != 0);
    CHECK_EQ(seq, 1);
    CHECK_EQ(ev->ms, 100);
    CHECK_EQ(ev->code, EVENT_LIFT << 6 | 32);
    event_ring_sent(&r);
    ev = event_ring_unsent(&r, &seq);
    CHECK_EQ(seq, 2);
    CHECK_EQ(ev->code, EVENT_PLACE << 6 | 28);
    event_ring_sent(&r);
    CHECK(event_ring_unsent(&r, &seq) == 0);
}

static void t_seq_wraps_past_65535_to_1(void)
{
    struct event_ring r;
    event_ring_init(&r);
    CHECK_EQ(event_seq_next(0), 1);
    CHECK_EQ(event_seq_next(65534), 65535);
    CHECK_EQ(event_seq_next(65535), 1);
    for (uint32_t i = 1; i <= 65534; i++) {
        event_ring_push(&r, i, EVENT_PLACE, 1);
        event_ring_sent(&r);
    }
    CHECK_EQ(event_ring_push(&r, 0, EVENT_LIFT, 1), 65535);
    CHECK_EQ(event_ring_push(&r, 0, EVENT_LIFT, 1), 1);
    CHECK_EQ(event_ring_push(&r, 0, EVENT_LIFT, 1), 2);
    CHECK_EQ(drain(&r, 65535), 3);
    /* RESEND across the wrap */
    CHECK_EQ(event_ring_resend(&r, 65530), RESEND_OK);
    CHECK_EQ(drain(&r, 65530), 8);
    CHECK_EQ(event_ring_oldest(&r), 65535 - 61);
    CHECK_EQ(event_ring_resend(&r, (uint16_t)(65535 - 62)), RESEND_GONE);
}

/* RESEND SEQ against a ring holding events 7-70 (70 pushed, 64 kept). */
static const struct {
    uint16_t seq;
    enum resend_status status;
    int resent; /* events sent again */
} resend_rows[] = {
    {7, RESEND_OK, 64},  /* the oldest still held */
    {6, RESEND_GONE, 0}, /* overwritten */
    {1, RESEND_GONE, 0},
    {40, RESEND_OK, 31},
    {70, RESEND_OK, 1},
    {71, RESEND_OK, 0},  /* one past the newest: the host is up to date */
    {72, RESEND_GONE, 0}, /* never issued (a board that restarted, say) */
    {65535, RESEND_GONE, 0},
};

static void t_resend_table(void)
{
    for (size_t i = 0; i < sizeof resend_rows / sizeof resend_rows[0]; i++) {
        struct event_ring r;
        event_ring_init(&r);
        for (uint32_t s = 1; s <= 70; s++)
            event_ring_push(&r, s * 10, EVENT_PLACE, 5);
        CHECK_EQ(r.unsent, 64); /* events 1-6 fell out of the ring before they were sent */
        drain(&r, 7);
        CHECK_EQ(event_ring_oldest(&r), 7);
        CHECK_EQ(event_ring_resend(&r, resend_rows[i].seq), resend_rows[i].status);
        CHECK_EQ(drain(&r, resend_rows[i].seq), resend_rows[i].resent);
    }
}

static void t_resend_empty_ring(void)
{
    struct event_ring r;
    event_ring_init(&r);
    CHECK_EQ(event_ring_resend(&r, 1), RESEND_OK); /* nothing issued, nothing missing */
    CHECK_EQ(event_ring_resend(&r, 2), RESEND_GONE);
    CHECK(event_ring_unsent(&r, &(uint16_t){0}) == 0);
}

const struct test events_tests[] = {
    {"events: numbering from 1, oldest first", t_numbering},
    {"events: sequence numbers wrap from 65535 to 1", t_seq_wraps_past_65535_to_1},
    {"events: RESEND from numbers in, before and after the ring", t_resend_table},
    {"events: RESEND on an empty ring", t_resend_empty_ring},
    {0, 0},
};
