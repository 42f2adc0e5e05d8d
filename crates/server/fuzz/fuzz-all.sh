#!/bin/sh
# Runs every fuzz target of this crate for SECONDS each (default 120), from the committed
# seeds and the JSON dictionary; new inputs go to corpus/TARGET, crashes to artifacts/TARGET.
# Needs nightly and cargo-fuzz (docs/testing.md). Stops at the first target that fails.
set -eu
seconds=${1:-120}
cd "$(dirname "$0")"
for target in websocket action_json setup_json bot_lines bot_replies; do
    mkdir -p "corpus/$target"
    echo "== $target, $seconds s"
    cargo +nightly fuzz run "$target" "corpus/$target" "seeds/$target" -- \
        -dict=json.dict -max_total_time="$seconds" -timeout=20 -print_final_stats=1
done
