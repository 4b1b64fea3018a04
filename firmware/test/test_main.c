/* test_main.c: runs every suite of the host-compiled firmware tests (runner.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "rig.h"
#include "runner.h"

extern const struct test frame_tests[], debounce_tests[], events_tests[], leds_tests[],
    command_tests[], core_tests[], congestion_tests[], transcript_tests[];

static const struct test *const suites[] = {frame_tests, debounce_tests, events_tests, leds_tests,
                                            command_tests, core_tests, congestion_tests, transcript_tests};

static const char *current;
static int failed_checks;

void test_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (failed_checks++ == 0)
        printf("FAIL %s\n", current);
    printf("  %s:%d: ", file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--transcript") == 0) {
        /* The session of docs/protocol.md's transcript, line by line (test_transcript.c). */
        transcript_print(stdout);
        return 0;
    }
    const char *only = argc > 1 ? argv[1] : 0;
    int passed = 0, failed = 0;
    for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++) {
        for (const struct test *t = suites[s]; t->name; t++) {
            if (only && !strstr(t->name, only))
                continue;
            current = t->name;
            failed_checks = 0;
            t->fn();
            if (failed_checks)
                failed++;
            else
                passed++;
        }
    }
    printf("firmware-" BOARD_NAME ": %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
