#!/bin/sh
# Runs every fuzz target of this crate for SECONDS each (default 120), from the committed
# seeds and the JSON dictionary; new inputs go to corpus/TARGET, crashes to artifacts/TARGET.
# Needs nightly and cargo-fuzz (docs/testing.md). Stops at the first target that fails.
set -eu
seconds=${1:-120}
cd "$(dirname "$0")"
for target in websocket action_json setup_json bot_lines bot_replies; do
    mkdir -p "corpus/$target"
    # bot_replies: botproto copies each bot's stderr on a detached thread that ends just after
    # its process; LeakSanitizer, checking between inputs, can catch that thread's
    # thread-local bookkeeping (32 bytes from __cxa_thread_atexit_impl) still alive.
    leaks=1
    [ "$target" = bot_replies ] && leaks=0
    echo "== $target, $seconds s"
    cargo +nightly fuzz run "$target" "corpus/$target" "seeds/$target" -- \
        -dict=json.dict -max_total_time="$seconds" -timeout=20 -detect_leaks="$leaks" \
        -print_final_stats=1
done
