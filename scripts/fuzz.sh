#!/usr/bin/env bash
# Coverage-guided fuzzing with AFL++ (cargo-afl, stable toolchain) of every target in
# `minehint::fuzzing`: board text, a `solve --stream` request line, an image file through the
# whole reading, and the calibration profile.
#
#   scripts/fuzz.sh [SECONDS [TARGET...]]     (default: 60 seconds, every target, all at once)
#
# Each target starts from its checked-in corpus (fuzz/corpus/TARGET) and runs for SECONDS. An
# input taking over 1 s is saved as a hang, one needing over 1 GiB of memory as a crash; they land
# in fuzz/out/TARGET/default/{crashes,hangs}. The script prints each target's figures and exits 1
# on any crash, or on a hang that still takes over 5 s when run alone. A finding becomes a
# regression test by copying the input into fuzz/regressions/TARGET/ (tests/fuzz_corpus.rs
# replays it on every `cargo test`).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(board_text stream_line image_file profile_file)
fi

# cargo-afl builds AFL++ itself (make and a C compiler, which the machine has).
if ! cargo afl --version >/dev/null 2>&1; then
    cargo install cargo-afl --locked --version 0.18.2
fi
if ! out=$(cargo afl config --build 2>&1); then
    grep -q "already built" <<<"$out" || { echo "$out"; exit 1; }
fi

echo "fuzz: building the instrumented targets (about 15 minutes from nothing on 2 cores)"
(cd fuzz && cargo afl build --release --locked)

# No terminal UI, no CPU pinning (more targets than cores), crashes seen without a core
# pattern, and a run that ends after $seconds.
export AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_AUTORESUME=1
pids=()
for target in "${targets[@]}"; do
    mkdir -p "fuzz/out/$target"
    cargo afl fuzz -i "fuzz/corpus/$target" -o "fuzz/out/$target" -t 1000 -m 1024 -V "$seconds" \
        "fuzz/target/release/$target" >"fuzz/out/$target/afl.log" 2>&1 &
    pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
    if ! wait "${pids[$i]}"; then
        echo "fuzz: ${targets[$i]}: afl-fuzz failed; its log:"
        tail -n 30 "fuzz/out/${targets[$i]}/afl.log"
        status=1
    fi
done

# Figures per target, and every finding named.
alone_limit=5
for target in "${targets[@]}"; do
    stats="fuzz/out/$target/default/fuzzer_stats"
    if [ ! -f "$stats" ]; then
        echo "fuzz: $target: no statistics (see fuzz/out/$target/afl.log)"
        status=1
        continue
    fi
    field() { awk -F' *: *' -v k="$1" '$1 == k {print $2}' "$stats"; }
    echo "fuzz: $target: $(field execs_done) executions in $(field run_time) s" \
        "($(field execs_per_sec)/s), corpus $(field corpus_count), edges $(field edges_found)," \
        "crashes $(field saved_crashes), hangs $(field saved_hangs)"
    for finding in "fuzz/out/$target"/default/crashes/id:*; do
        [ -e "$finding" ] || continue
        echo "fuzz: $target: finding (crash) $finding"
        status=1
    done
    # AFL saves every input over 1 s as a hang, but some inputs do bounded work that long: the
    # deep guess's exact endgame search on a small board (up to 8 million layout visits, about
    # 0.35 s in the release build, 1-1.7 s instrumented; `solve --stream` takes the same). And
    # with more fuzzers than cores a third of a second can pass 1 s. So a hang counts only if the
    # input still runs over $alone_limit s alone, after the fuzzers have stopped: work no
    # budget bounds.
    for finding in "fuzz/out/$target"/default/hangs/id:*; do
        [ -e "$finding" ] || continue
        start=$(date +%s%N)
        if timeout "$alone_limit" "fuzz/target/release/$target" <"$finding" >/dev/null 2>&1; then
            ms=$((($(date +%s%N) - start) / 1000000))
            echo "fuzz: $target: slow but bounded ($ms ms alone): $finding"
        else
            echo "fuzz: $target: finding (hang or crash when run alone) $finding"
            status=1
        fi
    done
done
exit $status
