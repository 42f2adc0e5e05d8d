//! Fuzz target: actions as they arrive over HTTP and WebSocket, JSON (or the text form) from
//! any seat, for both games. Byte 0 picks the game and player count, bytes 1..=8 the seed; the
//! rest is lines, each a seat byte then an action: a quarter of the lines take a legal action
//! instead, so games get deep. Checked after each (`server_fuzz::apply_lines`): no panic, a
//! refusal leaves every view and the outcome as they were, the actor's action is accepted
//! exactly when `is_legal` says so, and an accepted action survives its JSON and text forms.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let seed = u64::from_le_bytes(data[1..9].try_into().unwrap_or([0; 8]));
    let rest = &data[9..];
    if data[0] & 1 == 0 {
        let setup = thegame::Setup {
            players: 1 + (data[0] >> 1) % 5,
            seed,
            first: 0,
            deal: None,
        };
        if let Ok(state) = <thegame::State as engine::Game>::new(setup) {
            server_fuzz::apply_lines(state, rest);
        }
    } else {
        let setup = serde_json::json!({
            "players": 2 + (data[0] >> 1) % 5,
            "map": if data[0] & 2 == 0 { "germany" } else { "usa" },
            "seed": seed,
        });
        let Ok(setup) = serde_json::from_value::<powergrid::Setup>(setup) else {
            return;
        };
        if let Ok(state) = <powergrid::State as engine::Game>::new(setup) {
            server_fuzz::apply_lines(state, rest);
        }
    }
});
