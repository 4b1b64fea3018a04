/*
 * runner.h: a tiny test runner for the host-compiled firmware tests.
 *
 * Each test file defines `const struct test NAME_tests[]`, ended by {0, 0}, and test_main.c
 * lists the arrays. A test passes when none of its CHECKs failed. The run prints each failure,
 * then `N passed, N failed` alone on a line, and exits 1 if any test failed.
 */
#ifndef DAMBORD_TEST_RUNNER_H
#define DAMBORD_TEST_RUNNER_H

#include <stdarg.h>

struct test {
    const char *name;
    void (*fn)(void);
};

/* Records a failure of the running test: where and what (printf format). */
void test_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        if (!(cond))                                                                         \
            test_fail(__FILE__, __LINE__, "%s", #cond);                                      \
    } while (0)

#define CHECK_EQ(a, b)                                                                       \
    do {                                                                                     \
        long long a_ = (long long)(a), b_ = (long long)(b);                                  \
        if (a_ != b_)                                                                        \
            test_fail(__FILE__, __LINE__, "%s == %lld, expected %s == %lld", #a, a_, #b, b_); \
    } while (0)

#define CHECK_STR(a, b)                                                                      \
    do {                                                                                     \
        const char *a_ = (a), *b_ = (b);                                                     \
        if (strcmp(a_, b_) != 0)                                                             \
            test_fail(__FILE__, __LINE__, "%s is \"%s\", expected \"%s\"", #a, a_, b_);      \
    } while (0)

#endif /* DAMBORD_TEST_RUNNER_H */
