//! Fuzz target: the `setup` of a create request, any JSON, for both games (byte 0 picks). A
//! setup that parses survives its JSON form; one the rules refuse says why; one they accept
//! gives every seat a view that serialises and the actor a legal action that applies
//! (`server_fuzz::check_setup`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, json)) = data.split_first() else {
        return;
    };
    if game & 1 == 0 {
        server_fuzz::check_setup::<thegame::State>(json);
    } else {
        server_fuzz::check_setup::<powergrid::State>(json);
    }
});
