/*
 * consumer.c - a program outside the project that uses the installed
 * library, as a user would: it prints the library's version (nq_version())
 * and the header's (NQ_VERSION_STRING), then the number of solutions of 8
 * queens by the library's count, one a line. test_install.sh builds it
 * through pkg-config and through CMake's find_package and checks all three.
 */
#include <stdio.h>

#include <nqueens.h>

int main(void)
{
    nq_count_result result;
    int rc = nq_count(8, NULL, &result);
    if (rc != NQ_OK) {
        fprintf(stderr, "nq_count: %s\n", nq_strerror(rc));
        return 1;
    }
    printf("%s\n%s\n%llu\n", nq_version(), NQ_VERSION_STRING,
           (unsigned long long)result.total);
    return 0;
}
