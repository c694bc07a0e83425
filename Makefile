# The two commands of the README:
#   make run [N=8]   build (Release) and run `nqueens N`
#   make check       install what is missing, build with warnings as errors,
#                    run every test, then the tests again under ASan+UBSan
BUILD      ?= build
ASAN_BUILD ?= build-asan
N          ?= 8
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all build run deps check test asan install clean

all: build

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/nqueens $(N)

deps:
	./scripts/install-deps.sh

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

asan:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DNQ_WERROR=ON \
	  -DNQ_SANITIZE=address,undefined $(CMAKE_FLAGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) -LE slow

check: deps
	$(MAKE) test CMAKE_FLAGS="-DNQ_WERROR=ON $(CMAKE_FLAGS)"
	$(MAKE) asan

install: build
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX))

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
