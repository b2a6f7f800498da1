#!/usr/bin/env bash
# Builds and runs the libFuzzer targets: `decoder` (GourmetResponseDecoder.decode,
# OverpassDecoder.decode and GooglePlacesDecoder's on any bytes),
# `arguments` (ArgumentParser.parse + SearchCommand, or PickCommand, on NUL-separated argument lists),
# `renderers` (every output format and both maps on shops with fuzzed coordinates and text),
# `osmhours` (OSMOpeningHours on any text, asked at several moments), `googlepaging` (a
# Google Text Search against a server whose answers are the input, at most three requests),
# `foodlog` (the food log's scanner on any bytes cut into any blocks, the store reading them
# from a file, and the copy a change makes keeping every other byte), `mcp` (`foodlogger
# mcp`'s line handling: framing, JSON-RPC reading, tool arguments, errors), `ids` (every
# service's id grammar, the command line's reading of ids, and the Google, HOT PEPPER and
# Overpass request builders: one path segment, no unencoded / ? # or .., no lone %) and
# `redaction` (a key put into any text in every form Redaction promises to take out),
# `foodlogline` (one food-log line read by FoodLogLineReader and by JSONDecoder; any difference
# stops it) and `worldhours` (holidays for any year and place, the sun and zones for any coordinate).
#
#   Tests/Fuzz/run.sh                   every target, 60 s each
#   Tests/Fuzz/run.sh decoder 3600      one target for an hour
#   FUZZ_JOBS=2 Tests/Fuzz/run.sh arguments 600    several processes (libFuzzer -jobs/-workers)
#
# Not a SwiftPM target: swiftc compiles FoodLoggerDomain and FoodLoggerKit into libraries once,
# then each target's entry point against them, so `swift build`/`swift test` never see
# -sanitize=fuzzer. New interesting inputs go to
# .build-fuzz/corpus-TARGET (kept between runs); a crash, leak or slow input is saved as
# .build-fuzz/crash-TARGET-*, and the script exits non-zero. Replay one with:
#   .build-fuzz/fuzz-TARGET .build-fuzz/crash-TARGET-<hash>
set -euo pipefail
cd "$(dirname "$0")/../.."

targets=${1:-"decoder arguments renderers osmhours googlepaging foodlog foodlogline mcp ids redaction worldhours"}
seconds=${2:-60}
out=.build-fuzz
# Let libFuzzer handle a crash and save the input; Swift's own backtracer would get in its way.
export SWIFT_BACKTRACE=enable=no
mkdir -p "$out"
mapfile -t sources < <(find Sources/FoodLoggerKit -name '*.swift' | sort)
mapfile -t domain < <(find Sources/FoodLoggerDomain -name '*.swift' | sort)
flags=(-sanitize=fuzzer,address -parse-as-library -O -g)

echo "== building FoodLoggerDomain for fuzzing"
# -enable-testing: the targets reach a few of its internal helpers through @testable import.
swiftc "${flags[@]}" -enable-testing -module-name FoodLoggerDomain -emit-library -static \
    -emit-module -emit-module-path "$out/modules/FoodLoggerDomain.swiftmodule" \
    "${domain[@]}" -o "$out/libFoodLoggerDomain.a"

echo "== building FoodLoggerKit for fuzzing"
# Once for every target: each target is then its own few files, linked against both libraries.
swiftc "${flags[@]}" -enable-testing -module-name FoodLoggerKit -emit-library -static -I "$out/modules" \
    -emit-module -emit-module-path "$out/modules/FoodLoggerKit.swiftmodule" \
    "${sources[@]}" -o "$out/libFoodLoggerKit.a"

for target in $targets; do
    echo "== building fuzz-$target"
    # lld: gold floods the log with harmless "Cannot export local symbol __asan_*" warnings.
    swiftc "${flags[@]}" -use-ld=lld -module-name FoodLoggerFuzz -I "$out/modules" -L "$out" \
        -lFoodLoggerKit -lFoodLoggerDomain "Tests/Fuzz/$target"/*.swift -o "$out/fuzz-$target"

    corpora=("$out/corpus-$target" "Tests/Fuzz/corpus/$target")
    # The real captured responses, when the shared samples sit beside the project (or where
    # FOODLOGGER_TEST_SAMPLES says, as for the tests).
    samples=${FOODLOGGER_TEST_SAMPLES:-../shared/hotpepper/samples}
    if [[ $target == decoder && -d $samples/gourmet ]]; then
        corpora+=("$samples/gourmet" "$samples/errors")
    fi
    if [[ $target == decoder && -d $samples/overpass ]]; then
        corpora+=("$samples/overpass")
    fi
    mkdir -p "${corpora[0]}"

    # A target's dictionary (Tests/Fuzz/TARGET.dict) of tokens worth splicing in, when it has one.
    dictionary=()
    [[ -f Tests/Fuzz/$target.dict ]] && dictionary=(-dict="Tests/Fuzz/$target.dict")

    echo "== running fuzz-$target for ${seconds}s"
    "$out/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$out/crash-$target-" "${dictionary[@]}" \
        ${FUZZ_JOBS:+-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"} "${corpora[@]}"
done
