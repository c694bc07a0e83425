/*
 * print_version.c - a program linked against the shared library that
 * prints the library's nq_version() and the header's NQ_VERSION_STRING,
 * one a line, so that test_version.sh can hold both against CMake's
 * project version.
 */
#include <stdio.h>

#include "nqueens.h"

int main(void)
{
    printf("%s\n%s\n", nq_version(), NQ_VERSION_STRING);
    return 0;
}
