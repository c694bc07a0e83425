/*
 * wait.c - waiting for a message without spinning. Open MPI's blocking
 * receive polls at full speed; with more ranks than cores (mpirun
 * --oversubscribe, or rank 0 sharing a node with workers) a spinning rank
 * takes the core a counting rank needs. Probing with short, growing sleeps
 * costs at most a couple of milliseconds of latency, which the workers'
 * requests kept in flight hide.
 */
#include "common/interrupt.h"
#include "mpi_count.h"

bool mpi_wait_message(int source, MPI_Status *status, bool watch_signals)
{
    long ns = LOCAL_NAP_FIRST_NS;
    for (;;) {
        int flag = 0;
        MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, status);
        if (flag)
            return true;
        if (watch_signals && interrupt_signal() != 0)
            return false;
        local_nap(&ns);
    }
}
