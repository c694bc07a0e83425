# The two commands of the README:
#   make run [N=8]   install what the build needs (when missing, as root),
#                    build the library and the tool (Release; nqueens-mpi
#                    too with CMAKE_FLAGS=-DNQ_WITH_MPI=ON), run `nqueens N`
#   make check       install what is missing, build with warnings as errors,
#                    run every test, then the tests again under ASan+UBSan,
#                    the threaded ones under TSan, the command-line ones under
#                    valgrind, the static analysers, and each fuzzer a while
# The parts of `make check` on their own:
#   make test        Release build, every test
#   make asan        ASan+UBSan build, every test but the slow ones
#   make tsan        ThreadSanitizer build, the tests labelled `threads`
#   make memcheck    the command-line tests (not slow, not no-memcheck) with
#                    nqueens under valgrind
#   make lint        clang-format, clang-tidy and cppcheck (scripts/lint.sh)
#   make fuzz        clang + libFuzzer + ASan+UBSan: each fuzz target for
#                    FUZZ_SECONDS (default 30), JOBS at a time
BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
MEMCHECK_BUILD ?= build-memcheck
LINT_BUILD ?= build-lint
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 30
N          ?= 8
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all configure build tool run deps deps-build check test asan tsan \
	memcheck lint fuzz install clean

all: build

configure:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

# Everything: the library, the tool, the tests and the benchmarks.
build: configure
	cmake --build $(BUILD) -j $(JOBS)

# Only the library and the tool (and nqueens-mpi when -DNQ_WITH_MPI=ON asks
# for it): nothing that the tests alone need.
tool: configure
	cmake --build $(BUILD) -j $(JOBS) --target nqueens_cli \
	  $(if $(findstring NQ_WITH_MPI=ON,$(CMAKE_FLAGS)),nqueens_mpi)

run: deps-build
	$(MAKE) tool
	./$(BUILD)/nqueens $(N)

# What the build needs (and nqueens-mpi's or the GPU engine's packages
# when it is asked for).
deps-build:
	./scripts/install-deps.sh build $(if $(findstring NQ_WITH_MPI=ON,$(CMAKE_FLAGS)),mpi) \
	  $(if $(findstring NQ_WITH_GPU=ON,$(CMAKE_FLAGS)),gpu)

deps:
	./scripts/install-deps.sh build mpi test

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

asan:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DNQ_WERROR=ON \
	  -DNQ_SANITIZE=address,undefined $(CMAKE_FLAGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) -LE slow

# Threads race only under load: TSan sees the runs that happen, so the
# threaded tests should run real work on several threads.
tsan:
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNQ_WERROR=ON \
	  -DNQ_SANITIZE=thread $(CMAKE_FLAGS)
	cmake --build $(TSAN_BUILD) -j $(JOBS)
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 $(TSAN_OPTIONS)" \
	  ctest --test-dir $(TSAN_BUILD) --output-on-failure -j $(JOBS) -L threads

memcheck:
	cmake -S . -B $(MEMCHECK_BUILD) -DCMAKE_BUILD_TYPE=Debug -DNQ_WERROR=ON \
	  -DNQ_MEMCHECK=ON $(CMAKE_FLAGS)
	cmake --build $(MEMCHECK_BUILD) -j $(JOBS)
	rm -f $(MEMCHECK_BUILD)/memcheck-logs/*.log
	ctest --test-dir $(MEMCHECK_BUILD) --output-on-failure -j $(JOBS) -L cli \
	  -LE 'slow|no-memcheck' --timeout 900
	./tests/memcheck/check-logs.sh $(MEMCHECK_BUILD)/memcheck-logs

lint:
	cmake -S . -B $(LINT_BUILD) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON $(CMAKE_FLAGS) > /dev/null
	./scripts/lint.sh $(LINT_BUILD) $(JOBS)

fuzz:
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNQ_FUZZ=ON -DNQ_SANITIZE=address,undefined
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target nq_fuzzers
	./tests/fuzz/run-fuzzers.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(JOBS)

check: deps
	$(MAKE) test CMAKE_FLAGS="-DNQ_WERROR=ON $(CMAKE_FLAGS)"
	$(MAKE) asan
	$(MAKE) tsan
	$(MAKE) memcheck
	$(MAKE) lint
	$(MAKE) fuzz

install: build
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX))

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(MEMCHECK_BUILD) $(LINT_BUILD) $(FUZZ_BUILD)
