//! Fuzz target: the bot side of `tabletop-bot/1` reading any host lines
//! (`botproto::relay::relay_builtin` with the `random` bot; byte 0 picks the game). It must
//! stop with an error naming the line, never panic, and every line it writes must be a JSON
//! `ready` or `action` message.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, lines)) = data.split_first() else {
        return;
    };
    let game = if game & 1 == 0 {
        "thegame"
    } else {
        "powergrid"
    };
    let mut written = Vec::new();
    match botproto::relay::relay_builtin(game, "random", lines, &mut written) {
        Ok(()) => {}
        Err(botproto::relay::RelayError::Host { line, error }) => {
            assert!(line >= 1 && !error.is_empty(), "line {line}: {error:?}");
        }
        Err(botproto::relay::RelayError::Io(_)) => {} // a line that is not UTF-8
        Err(e) => panic!("{e}"),
    }
    for line in written.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let message: serde_json::Value = serde_json::from_slice(line).expect("JSON lines");
        assert!(
            message["type"] == "ready" || message["type"] == "action",
            "{message}"
        );
    }
});
