/* A program outside the project that uses the installed library. */
#include <stdio.h>

#include <nqueens.h>

int main(void)
{
    uint64_t count = 0;
    int rc = nq_classic_solve(NQ_CLASSIC_ARRAYS, 8, NULL, NULL, &count);
    if (rc != NQ_OK) {
        fprintf(stderr, "%s\n", nq_strerror(rc));
        return 1;
    }
    printf("%llu\n", (unsigned long long)count);
    return count == 92 ? 0 : 1;
}
