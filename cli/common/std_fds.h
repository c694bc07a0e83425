/*
 * std_fds.h - standard input, output and error kept apart from the files
 * the tool opens (cli/common/std_fds.c).
 */
#ifndef NQ_CLI_STD_FDS_H
#define NQ_CLI_STD_FDS_H

/* Puts /dev/null on each of descriptors 0, 1 and 2 that is closed, before
 * anything else is opened: a file opened later would take the lowest free
 * number, and with standard error closed (`2>&-`) the `-o FILE` being
 * written would become descriptor 2 and take in the tool's messages and
 * progress. The stand-in is opened the other way round (standard input
 * for writing, the outputs for reading), so that using one still fails
 * with EBADF as the closed descriptor did: a closed standard output stays
 * an error, never a silent success. */
void std_fds_keep(void);

#endif /* NQ_CLI_STD_FDS_H */
