//! Fuzz target: the host side of `tabletop-bot/1` reading any lines from a bot. The bot is
//! `cat` of the fuzzer's bytes (a real process, as `exec:` bots are, so the host's line
//! reader, its JSON parser and its checks of `ready`, `log` and `action` all run), seated in a
//! 2-player game of The Game against the `random` bot. The game must end whatever the bot
//! says; a bot whose lines break the protocol forfeits with a reason; one that does not
//! forfeit answered only legal actions. A few hundred inputs a second (a process each).
//! Run with `-detect_leaks=0` (`fuzz-all.sh` does): the host copies the bot's stderr on a
//! detached thread that ends just after the process, and LeakSanitizer can catch its
//! thread-local bookkeeping still alive between inputs.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| server_fuzz::bot_replies(data));
