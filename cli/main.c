/*
 * main.c - the nqueens tool: picks the command named by the first argument,
 * or runs the teaching texts' program (`nqueens [N]`) when none is named.
 */
#include <string.h>

#include "commands.h"

struct command {
    const char *name;               /* the word after `nqueens` */
    int (*run)(int argc, char **argv); /* argv[0] is the command's name */
};

static const struct command commands[] = {
    {"solve", cmd_solve},
    {"count", cmd_count},
    {"trace", cmd_trace},
    {"bench", cmd_bench},
    {"complete", cmd_complete},
    {"find", cmd_find},
    {"verify", cmd_verify},
    {"status", cmd_status},
    {NULL, NULL}};

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (const struct command *c = commands; c->name != NULL; c++) {
            if (strcmp(argv[1], c->name) == 0)
                return c->run(argc - 1, argv + 1);
        }
    }
    return cmd_seeds(argc, argv);
}
