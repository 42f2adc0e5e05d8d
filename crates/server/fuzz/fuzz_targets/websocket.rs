//! Fuzz target: bytes as a client sends them after the WebSocket upgrade (frames, masked or
//! not, any opcode, any length), read with the server's limits. Every text message is parsed
//! as a client message and every refusal must be a JSON error with a code a message can get;
//! the error that ends the stream must map to close code 1002, 1007 or 1009 with a reason a
//! close frame holds (`server::fuzzing::websocket_bytes`). Byte 0 picks the mode: when odd,
//! the rest is taken as one text message instead, so the JSON parser is reached without a
//! frame around it.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((mode, rest)) if mode & 1 == 1 => {
            if let Ok(text) = std::str::from_utf8(rest) {
                server::fuzzing::client_message(text);
            }
        }
        Some((_, rest)) => server::fuzzing::websocket_bytes(rest),
        None => {}
    }
});
