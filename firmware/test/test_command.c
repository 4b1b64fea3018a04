/* test_command.c: the command parser (command.h), every command and every refusal. */
#include <string.h>

#include "command.h"
#include "rig.h"
#include "rom.h"
#include "runner.h"

static void rom_copy(const char *rom, char *out)
{
    if (!rom) {
        *out = 0;
        return;
    }
    while ((*out++ = (char)rom_byte(rom++)) != 0) {
    }
}

/* Body -> status, kind, and what the command carries ("" when nothing). */
static const struct {
    const char *body;
    enum command_status status;
    uint8_t kind;
    const char *detail; /* the ERR text after the code */
} rows[] = {
    {"HELLO", CMD_OK, CMD_HELLO, ""},
    {"  HELLO  ", CMD_OK, CMD_HELLO, ""}, /* spaces around words are read liberally */
    {"HELLO 1", CMD_ERR_ARG, CMD_HELLO, "HELLO takes no argument"},
    {"SNAP", CMD_OK, CMD_SNAP, ""},
    {"SNAP now", CMD_ERR_ARG, CMD_SNAP, "SNAP takes no argument"},
    {"RESEND 1", CMD_OK, CMD_RESEND, ""},
    {"RESEND 65535", CMD_OK, CMD_RESEND, ""},
    {"RESEND 00042", CMD_OK, CMD_RESEND, ""},
    {"RESEND", CMD_ERR_ARG, CMD_RESEND, "RESEND SEQ 1-65535"},
    {"RESEND 0", CMD_ERR_ARG, CMD_RESEND, "RESEND SEQ 1-65535"},
    {"RESEND 65536", CMD_ERR_ARG, CMD_RESEND, "RESEND SEQ 1-65535"},
    {"RESEND 000001", CMD_ERR_ARG, CMD_RESEND, "RESEND SEQ 1-65535"}, /* more than 5 digits */
    {"RESEND -1", CMD_ERR_ARG, CMD_RESEND, "RESEND SEQ 1-65535"},
    {"RESEND 1 2", CMD_ERR_ARG, CMD_RESEND, "RESEND SEQ 1-65535"},
    {"RESEND x", CMD_ERR_ARG, CMD_RESEND, "RESEND SEQ 1-65535"},
    {"LED <>", CMD_OK, CMD_LED, ""},
    {"LED <1-200:1>", CMD_OK, CMD_LED, ""},
    {"LED <1:S 2:F 3:A 4:1>", CMD_OK, CMD_LED, ""},
    {"LED", CMD_ERR_ARG, CMD_LED, "LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A"},
    {"LED 0101", CMD_ERR_ARG, CMD_LED, "LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A"},
    {"LED <>0", CMD_ERR_ARG, CMD_LED, "LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A"},
    {"LED <1:s>", CMD_ERR_ARG, CMD_LED, "LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A"},
    {"LED <3:2>", CMD_ERR_ARG, CMD_LED, "LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A"},
    {"LED <> <>", CMD_ERR_ARG, CMD_LED, "LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A"},
    {"BEEP 440 100", CMD_OK, CMD_BEEP, ""},
    {"BEEP 100 1", CMD_OK, CMD_BEEP, ""},
    {"BEEP 8000 2000", CMD_OK, CMD_BEEP, ""},
    {"BEEP 99 100", CMD_ERR_ARG, CMD_BEEP, "BEEP HZ 100-8000 MS 1-2000"},
    {"BEEP 8001 100", CMD_ERR_ARG, CMD_BEEP, "BEEP HZ 100-8000 MS 1-2000"},
    {"BEEP 440 0", CMD_ERR_ARG, CMD_BEEP, "BEEP HZ 100-8000 MS 1-2000"},
    {"BEEP 440 2001", CMD_ERR_ARG, CMD_BEEP, "BEEP HZ 100-8000 MS 1-2000"},
    {"BEEP 440", CMD_ERR_ARG, CMD_BEEP, "BEEP HZ 100-8000 MS 1-2000"},
    {"BEEP 440 100 1", CMD_ERR_ARG, CMD_BEEP, "BEEP HZ 100-8000 MS 1-2000"},
    {"CFG", CMD_OK, CMD_CFG, ""},
    {"CFG make=0 break=255 snap=0 hb=65535", CMD_OK, CMD_CFG, ""},
    {"CFG snap=1 hb=00100", CMD_OK, CMD_CFG, ""},
    {"CFG make=256", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"CFG snap=65536", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"CFG hb=-1", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"CFG make", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"CFG make=", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"CFG speed=3", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"CFG MAKE=3", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"CFG make=3 =4", CMD_ERR_ARG, CMD_CFG, "CFG make|break=0-255 snap|hb=0-65535"},
    {"", CMD_ERR_SYNTAX, 0, "unknown command"},
    {"hello", CMD_ERR_SYNTAX, 0, "unknown command"}, /* command words are upper case */
    {"HELL", CMD_ERR_SYNTAX, 0, "unknown command"},
    {"HELLOO", CMD_ERR_SYNTAX, 0, "unknown command"},
    {"RESET", CMD_ERR_SYNTAX, 0, "unknown command"},
};

static void t_parse_table(void)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char body[512], detail[128];
        struct command cmd;
        /* expand the LED shorthand of rig.h */
        const char *lt = strchr(rows[i].body, '<');
        if (lt) {
            const char *gt = strchr(lt, '>');
            char spec[64], pattern[BOARD_SQUARES + 1];
            snprintf(spec, sizeof spec, "%.*s", (int)(gt - lt - 1), lt + 1);
            if (strstr(spec, "1-200")) {
                memset(pattern, '1', BOARD_SQUARES);
                pattern[BOARD_SQUARES] = 0;
            } else {
                led_pattern(spec, pattern);
            }
            snprintf(body, sizeof body, "%.*s%s%s", (int)(lt - rows[i].body), rows[i].body, pattern, gt + 1);
        } else {
            snprintf(body, sizeof body, "%s", rows[i].body);
        }
        enum command_status s = command_parse(body, (uint8_t)strlen(body), &cmd);
        rom_copy(s == CMD_OK ? 0 : cmd.detail, detail);
        if (s != rows[i].status || (s != CMD_ERR_SYNTAX && cmd.kind != rows[i].kind) || strcmp(detail, rows[i].detail) != 0)
            test_fail(__FILE__, __LINE__, "\"%s\": status %d kind %d \"%s\", expected %d %d \"%s\"", rows[i].body, s,
                      cmd.kind, detail, rows[i].status, rows[i].kind, rows[i].detail);
    }
}

static void t_parse_values(void)
{
    struct command cmd;
    CHECK_EQ(command_parse("RESEND 00042", 12, &cmd), CMD_OK);
    CHECK_EQ(cmd.seq, 42);
    CHECK_EQ(command_parse("BEEP 440 100", 12, &cmd), CMD_OK);
    CHECK_EQ(cmd.hz, 440);
    CHECK_EQ(cmd.ms, 100);
    const char *cfg = "CFG hb=2000 make=7 make=9";
    CHECK_EQ(command_parse(cfg, (uint8_t)strlen(cfg), &cmd), CMD_OK);
    CHECK_EQ(cmd.set, CFG_MAKE | CFG_HB);
    CHECK_EQ(cmd.make_ms, 9); /* the last one given counts */
    CHECK_EQ(cmd.hb_ms, 2000);
    CHECK_EQ(command_parse("CFG", 3, &cmd), CMD_OK);
    CHECK_EQ(cmd.set, 0);
    char body[8 + BOARD_SQUARES];
    snprintf(body, sizeof body, "LED ");
    led_pattern("1:S 2:A", body + 4);
    CHECK_EQ(command_parse(body, (uint8_t)strlen(body), &cmd), CMD_OK);
    CHECK(cmd.pattern == body + 4);
}

const struct test command_tests[] = {
    {"command: every command and every bad argument", t_parse_table},
    {"command: values carried", t_parse_values},
    {0, 0},
};
