#!/bin/sh
# test_complete.sh on 400 seeded instances instead of 80 (slow label: the
# cost is one process per question, not the search).
INSTANCES=400 SEED=7 exec sh "$NQ_SOURCE_DIR/tests/cli/test_complete.sh"
