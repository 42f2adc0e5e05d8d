//! Entry points for the fuzz targets of `crates/server/fuzz`: bytes as they arrive from the
//! network, read the way a connection reads them, with every answer checked against the
//! protocol. Hidden from the docs; not part of the API.

use crate::ws;
use crate::Config;
use std::io::{self, Read, Write};
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Message, WebSocket};

/// The client's side of a connection: reads come from the bytes, writes go nowhere.
struct Wire<'a> {
    input: &'a [u8],
}

impl Read for Wire<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.input.read(buf)
    }
}

impl Write for Wire<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Reads `bytes` as what a client sends after the WebSocket upgrade, with the server's frame
/// limits: each text message is parsed as a client message, and the error that ends the
/// stream is mapped to its close frame.
///
/// # Panics
/// When an answer breaks the protocol: a refusal whose code is not one a message can get, an
/// error message that is not a JSON `{"type":"error"}` with that code, a close code other than
/// 1002, 1007 or 1009, or a reason longer than a close frame holds.
pub fn websocket_bytes(bytes: &[u8]) {
    let max = Config::default().max_message_bytes;
    let config = WebSocketConfig::default()
        .read_buffer_size(ws::READ_BUFFER)
        .max_message_size(Some(max * 4))
        .max_frame_size(Some(max * 4));
    let mut socket = WebSocket::from_raw_socket(Wire { input: bytes }, Role::Server, Some(config));
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => client_message(text.as_str()),
            Ok(_) => {}
            Err(e) => {
                if let Some((code, reason)) = ws::close_for(&e) {
                    assert!(matches!(code, 1002 | 1007 | 1009), "{code} for {e}");
                    assert!(!reason.is_empty() && reason.len() <= 123, "{reason:?}");
                }
                return;
            }
        }
    }
}

/// Parses `text` as a client's WebSocket message, as a connection does.
///
/// # Panics
/// As [`websocket_bytes`], for a refusal.
pub fn client_message(text: &str) {
    let max = Config::default().max_message_bytes;
    if let Err((error, reference)) = ws::read_message(text, max) {
        let code = error.code();
        assert!(
            matches!(
                code,
                "malformed_json" | "invalid_request" | "payload_too_large"
            ),
            "{code}"
        );
        let sent = ws::error_message(&error, reference.clone());
        let sent: serde_json::Value = serde_json::from_str(sent.as_str()).expect("JSON");
        assert_eq!(sent["type"], "error");
        assert_eq!(sent["code"], code);
        assert_eq!(sent.get("ref"), reference.as_ref());
    }
}
