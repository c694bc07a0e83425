/*
 * commands.h - the entry points of the tool's commands, each called by
 * main() with the arguments from the command's name on (argv[0]).
 * Each returns the exit status.
 */
#ifndef NQ_CLI_COMMANDS_H
#define NQ_CLI_COMMANDS_H

/* nqueens [N]: the teaching texts' program (cli/solve/cmd_seeds.c). */
int cmd_seeds(int argc, char **argv);

/* nqueens count N: exact total, unique and symmetric counts
 * (cli/count/cmd_count.c). */
int cmd_count(int argc, char **argv);

/* nqueens trace N: the backtracking search step by step
 * (cli/trace/cmd_trace.c). */
int cmd_trace(int argc, char **argv);

/* nqueens bench [N]: every counting method side by side
 * (cli/bench/cmd_bench.c). */
int cmd_bench(int argc, char **argv);

/* nqueens solve N: the solutions as a stream (cli/solve/cmd_solve.c). */
int cmd_solve(int argc, char **argv);

/* nqueens complete: complete pre-placed queens (cli/complete/cmd_complete.c).
 */
int cmd_complete(int argc, char **argv);

/* nqueens find N: one solution for any N (cli/find/cmd_find.c). */
int cmd_find(int argc, char **argv);

/* nqueens verify [FILE|-]: check a placement (cli/find/cmd_verify.c). */
int cmd_verify(int argc, char **argv);

/* nqueens status FILE: how far a checkpointed count is
 * (cli/count/cmd_status.c). */
int cmd_status(int argc, char **argv);

/* nqueens merge FILE...: one count from the checkpoints of its parts
 * (cli/count/cmd_merge.c). */
int cmd_merge(int argc, char **argv);

/* nqueens audit FILE: re-count a sample of a checkpoint's subproblems
 * (cli/count/cmd_audit.c). */
int cmd_audit(int argc, char **argv);

/* The option tables of the commands (optable.h), for their tests. */
struct optable;
extern const struct optable count_table;
extern const struct optable solve_table;
extern const struct optable find_table;
extern const struct optable complete_table;
extern const struct optable trace_table;
extern const struct optable verify_table;
extern const struct optable status_table;
extern const struct optable merge_table;
extern const struct optable audit_table;
extern const struct optable bench_table;
extern const struct optable seeds_table;

#endif /* NQ_CLI_COMMANDS_H */
