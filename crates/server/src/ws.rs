//! The WebSocket of one seat or spectator: `GET /api/games/{id}/ws`.
//!
//! The client first says who it is (`{"type":"hello","token":...}`, or without a token as a
//! spectator) and gets the current state; from then on every change arrives as it happens, and
//! the client may send actions (`{"type":"action",...}`), each answered by `accepted` or `error`.
//! A client that reconnects says hello again and gets the current state back.
//!
//! Decisions:
//! - The token travels in the first message, not in the URL, so it stays out of access logs.
//! - The frame limit is four times [`Config::max_message_bytes`](crate::Config); a message over
//!   the configured size but under the frame limit gets a `payload_too_large` error and the
//!   connection stays open. Anything larger closes the connection with 1009.
//! - A violation of RFC 6455 closes the connection with the close code the RFC gives and a
//!   reason ([`violation`]): 1002 for a protocol error (reserved bits or opcodes, an unmasked
//!   frame, a fragmented or oversized control frame, a continuation with nothing to continue, a
//!   malformed close frame), 1007 for text that is not UTF-8, 1009 for a message over the frame
//!   limit. A close frame with a code the RFC does not allow is answered 1002 by tungstenite.
//! - Each client address may hold [`Config::max_websockets_per_address`](crate::Config) open
//!   (module `limit`); the upgrade beyond is refused with `too_many_websockets`.
//! - Every message draws from its client address's budget, shared with that address's other
//!   connections and HTTP requests (module `limit`); a message over the rate is answered with
//!   `rate_limited` and otherwise ignored.
//! - The client has [`Config::hello_timeout`](crate::Config) (10 s) to say hello; it is closed
//!   with 1008 otherwise, so a connection that never says who it is does not hold its slot.
//! - The read buffer is 8 KiB (see [`READ_BUFFER`]); larger messages still arrive whole.
//! - When the game gets a rematch, the connection is told (`{"type":"rematch"}`): a seat's
//!   connection claims that seat of the rematch with the token it said hello with, so the new
//!   link reaches that connection alone (module `rematch`).
//! - When a seat's connection closes, the game notes the time: the creator may replace a
//!   player only after they have been away for the game's limit. A seat's first connection
//!   opening and its last one closing are told to everyone at the table at once (a state
//!   message with the seat's `connected`), so no page has to poll for who is there.

use crate::api::{submit, ActionRequest, GameId};
use crate::error::ApiError;
use crate::limit::Client;
use crate::table::{Outgoing, SeatChange};
use crate::{GameEntry, Server};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use engine::Viewer;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError, ProtocolError};

/// `10 s`, or `200 ms` for a time that is not whole seconds.
fn duration_text(d: std::time::Duration) -> String {
    match d.subsec_millis() {
        0 => format!("{} s", d.as_secs()),
        _ => format!("{} ms", d.as_millis()),
    }
}

/// The longest close reason RFC 6455 allows (a control frame's 125 bytes less the code).
const MAX_REASON: usize = 123;

type Sink = futures_util::stream::SplitSink<WebSocket, Message>;

/// tungstenite zero-fills its whole read buffer before every read; its default of 128 KiB made
/// that memset a third of the server's CPU time under load. Messages here are small.
pub(crate) const READ_BUFFER: usize = 8 * 1024;

pub(crate) async fn upgrade(
    State(server): State<Server>,
    GameId(id): GameId,
    slot: Option<axum::Extension<crate::ConnectionSlot>>,
    client: Option<axum::Extension<Client>>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let entry = match server.game(&id).await {
        Ok(e) => e,
        Err(e) => return e.into_response(),
    };
    let Ok(upgrade) = upgrade else {
        return ApiError::InvalidRequest("this route needs a WebSocket upgrade request".into())
            .into_response();
    };
    let counts = &server.inner.websockets;
    let opened = match client {
        Some(axum::Extension(Client(key))) => match counts.open(key) {
            Some(opened) => opened,
            None => return ApiError::TooManyWebSockets { max: counts.max() }.into_response(),
        },
        None => None,
    };
    let frame_limit = server.config().max_message_bytes.saturating_mul(4);
    upgrade
        .read_buffer_size(READ_BUFFER)
        .max_message_size(frame_limit)
        .max_frame_size(frame_limit)
        .on_upgrade(move |socket| async move {
            // The socket keeps its connection's slot (see `Server::serve`) and its place in
            // its address's count until it closes.
            let _held = (slot, opened);
            connection(server, id, entry, client.map(|c| c.0), socket).await;
        })
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ClientMessage {
    Hello {
        #[serde(default)]
        token: Option<String>,
    },
    Action {
        version: u64,
        action: Value,
        #[serde(default)]
        seat: Option<u8>,
    },
    Undo {
        version: u64,
    },
    /// Hand one's seat to the stand-in bot.
    Leave {},
    /// Take one's seat back from the bot.
    Back {},
}

pub(crate) fn error_message(error: &ApiError, reference: Option<Value>) -> Utf8Bytes {
    let mut v = serde_json::to_value(error.body()).unwrap_or(Value::Null);
    if let Some(o) = v.as_object_mut() {
        o.insert("type".into(), "error".into());
        if let Some(r) = reference {
            o.insert("ref".into(), r);
        }
    }
    v.to_string().into()
}

fn accepted_message(version: u64, reference: Option<Value>) -> Utf8Bytes {
    let mut v = serde_json::json!({ "type": "accepted", "version": version });
    if let (Some(r), Some(o)) = (reference, v.as_object_mut()) {
        o.insert("ref".into(), r);
    }
    v.to_string().into()
}

/// One parsed client message, or the error to answer it with.
pub(crate) fn read_message(
    text: &str,
    max: usize,
) -> Result<(ClientMessage, Option<Value>), (ApiError, Option<Value>)> {
    if text.len() > max {
        return Err((
            ApiError::PayloadTooLarge {
                size: text.len(),
                max,
            },
            None,
        ));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| (ApiError::MalformedJson(e.to_string()), None))?;
    let reference = value.get("ref").cloned();
    let mut fields = value;
    if let Some(o) = fields.as_object_mut() {
        o.remove("ref");
    }
    match serde_json::from_value(fields) {
        Ok(m) => Ok((m, reference)),
        Err(e) => Err((ApiError::InvalidRequest(e.to_string()), reference)),
    }
}

struct Connection {
    server: Server,
    id: String,
    entry: GameEntry,
    client: Option<Client>,
    viewer: Option<Viewer>,
    /// The token said in hello, to claim this seat of a rematch.
    token: Option<String>,
}

enum Step {
    Reply(Utf8Bytes),
    Joined(Outgoing, mpsc::Receiver<Outgoing>),
}

impl Connection {
    async fn on_text(&mut self, text: &str) -> Step {
        let config = self.server.config();
        if let Some(client) = self.client {
            if let Err(e) = self.server.inner.limits.check(client) {
                return Step::Reply(error_message(&e, None));
            }
        }
        let (message, reference) = match read_message(text, config.max_message_bytes) {
            Ok(m) => m,
            Err((e, r)) => return Step::Reply(error_message(&e, r)),
        };
        match message {
            ClientMessage::Hello { token } => {
                if self.viewer.is_some() {
                    return Step::Reply(error_message(&ApiError::HelloRepeated, reference));
                }
                let viewer = match self.server.viewer(&self.id, token.as_deref()) {
                    Ok(v) => v,
                    Err(e) => return Step::Reply(error_message(&e, reference)),
                };
                match self.entry.handle.watch(viewer).await {
                    Ok((now, rx)) => {
                        self.viewer = Some(viewer);
                        self.token = token;
                        Step::Joined(now, rx)
                    }
                    Err(e) => Step::Reply(error_message(&e, reference)),
                }
            }
            ClientMessage::Action {
                version,
                action,
                seat,
            } => {
                let Some(viewer) = self.viewer else {
                    return Step::Reply(error_message(&ApiError::HelloRequired, reference));
                };
                let request = ActionRequest {
                    version,
                    action,
                    seat,
                };
                match submit(&self.entry, viewer, request).await {
                    Ok(v) => Step::Reply(accepted_message(v, reference)),
                    Err(e) => Step::Reply(error_message(&e, reference)),
                }
            }
            ClientMessage::Undo { .. } | ClientMessage::Leave {} | ClientMessage::Back {} => {
                let result = match self.viewer {
                    None => Err(ApiError::HelloRequired),
                    Some(Viewer::Spectator) => Err(ApiError::SpectatorCannotAct),
                    Some(Viewer::Seat(seat)) => match message {
                        ClientMessage::Undo { version } => {
                            self.entry.handle.undo(seat, version).await
                        }
                        ClientMessage::Leave {} => {
                            self.entry.handle.control(seat, SeatChange::Leave).await
                        }
                        _ => self.entry.handle.control(seat, SeatChange::Back).await,
                    },
                };
                match result {
                    Ok(v) => Step::Reply(accepted_message(v, reference)),
                    Err(e) => Step::Reply(error_message(&e, reference)),
                }
            }
        }
    }

    /// What this connection is told of the game's rematch `game`.
    async fn rematch_message(&self, game: &str) -> Utf8Bytes {
        let answer = match (self.viewer, &self.token) {
            (Some(Viewer::Seat(seat)), Some(token)) => self
                .server
                .claim_rematch(game, seat, token)
                .await
                .and_then(|claimed| {
                    serde_json::to_value(claimed)
                        .map_err(|e| ApiError::Storage(format!("cannot serialise: {e}")))
                }),
            _ => Ok(serde_json::json!({
                "type": "rematch",
                "game": game,
                "link": self.server.link(format!("/games/{game}")),
            })),
        };
        match answer {
            Ok(v) => v.to_string().into(),
            Err(e) => error_message(&e, None),
        }
    }
}

async fn connection(
    server: Server,
    id: String,
    entry: GameEntry,
    client: Option<Client>,
    socket: WebSocket,
) {
    let (mut sink, mut stream) = socket.split();
    let mut rematch = entry.rematch.subscribe();
    let mut conn = Connection {
        server,
        id,
        entry,
        client,
        viewer: None,
        token: None,
    };

    // Until hello: answer messages, no updates to forward.
    let hello_timeout = conn.server.config().hello_timeout;
    let deadline = tokio::time::sleep(hello_timeout);
    tokio::pin!(deadline);
    let mut updates = loop {
        let incoming = tokio::select! {
            m = stream.next() => m,
            _ = &mut deadline => {
                let _ = sink.send(Message::Close(Some(CloseFrame {
                    code: 1008,
                    reason: format!("no hello within {}", duration_text(hello_timeout)).into(),
                }))).await;
                return;
            }
        };
        let text = match next_text(&mut sink, incoming).await {
            Next::Text(t) => t,
            Next::Again => continue,
            Next::Over => return,
        };
        match conn.on_text(text.as_str()).await {
            Step::Joined(now, rx) => {
                if sink.send(outgoing(&now)).await.is_err() {
                    return;
                }
                break rx;
            }
            Step::Reply(r) => {
                if sink.send(Message::Text(r)).await.is_err() {
                    return;
                }
            }
        }
    };

    if rematch.borrow().is_some() {
        rematch.mark_changed();
    }
    serve_updates(
        &mut conn,
        &mut sink,
        &mut stream,
        &mut updates,
        &mut rematch,
    )
    .await;
    // The queue goes first, so that the game counts this connection closed when it hears.
    drop(updates);
    if let Some(Viewer::Seat(seat)) = conn.viewer {
        conn.entry.handle.seen(seat);
    }
}

/// What came of one item of the client's stream.
enum Next {
    /// A text message, to be read as JSON.
    Text(Utf8Bytes),
    /// Something answered already (a binary message, a ping); read on.
    Again,
    /// The connection is over: closed by the client, gone, or closed for a violation.
    Over,
}

/// Handles one item of the client's stream except text: a binary message is answered with
/// `invalid_request`, a close is answered (tungstenite queues the reply; the flush sends it),
/// and a violation of RFC 6455 is closed with its code ([`violation`]).
async fn next_text(sink: &mut Sink, item: Option<Result<Message, axum::Error>>) -> Next {
    match item {
        Some(Ok(Message::Text(t))) => Next::Text(t),
        Some(Ok(Message::Binary(_))) => {
            let e = ApiError::InvalidRequest("send JSON as text messages".into());
            match sink.send(Message::Text(error_message(&e, None))).await {
                Ok(()) => Next::Again,
                Err(_) => Next::Over,
            }
        }
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Next::Again,
        Some(Ok(Message::Close(_))) => {
            let _ = sink.flush().await;
            Next::Over
        }
        Some(Err(e)) => {
            if let Some(close) = violation(e) {
                let _ = sink.send(Message::Close(Some(close))).await;
            }
            Next::Over
        }
        None => Next::Over,
    }
}

/// The close frame RFC 6455 gives for the error that ended a client's stream, or `None` when
/// the client just went away (nothing can be sent then).
fn violation(error: axum::Error) -> Option<CloseFrame> {
    let error = error.into_inner();
    let (code, reason) = close_for(error.downcast_ref::<WsError>()?)?;
    Some(CloseFrame {
        code,
        reason: reason.into(),
    })
}

/// The close code and reason for a WebSocket error: 1002, 1007 or 1009, with a reason that fits
/// a close frame; `None` for an error that is not the client's violation.
pub(crate) fn close_for(error: &WsError) -> Option<(u16, String)> {
    let (code, reason) = match error {
        WsError::Utf8(_) => (
            1007,
            "a text message or close reason is not UTF-8".to_string(),
        ),
        WsError::Capacity(CapacityError::MessageTooLong { size, max_size }) => (
            1009,
            format!("a message of {size} bytes or more; at most {max_size} are read"),
        ),
        WsError::Capacity(e) => (1009, e.to_string()),
        WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake) => return None,
        WsError::Protocol(e) => (1002, protocol_reason(e)),
        _ => return None,
    };
    Some((code, shorten(reason)))
}

/// The reason a protocol error is closed with.
fn protocol_reason(error: &ProtocolError) -> String {
    match error {
        ProtocolError::NonZeroReservedBits => "reserved bits set (no extension was agreed)".into(),
        ProtocolError::UnmaskedFrameFromClient => "a client frame must be masked".into(),
        ProtocolError::FragmentedControlFrame => "a control frame must not be fragmented".into(),
        ProtocolError::ControlFrameTooBig => "a control frame carries at most 125 bytes".into(),
        ProtocolError::UnknownControlFrameType(op) | ProtocolError::UnknownDataFrameType(op) => {
            format!("reserved opcode {op}")
        }
        ProtocolError::InvalidOpcode(op) => format!("reserved opcode {op}"),
        ProtocolError::UnexpectedContinueFrame => {
            "a continuation frame with no message to continue".into()
        }
        ProtocolError::ExpectedFragment(_) => {
            "a new message began before the fragmented one ended".into()
        }
        ProtocolError::InvalidCloseSequence => {
            "a close frame's payload must be empty or a code and a reason".into()
        }
        other => other.to_string(),
    }
}

/// `reason` cut to the [`MAX_REASON`] bytes a close frame holds, on a character boundary.
fn shorten(mut reason: String) -> String {
    if reason.len() > MAX_REASON {
        let mut end = MAX_REASON;
        while !reason.is_char_boundary(end) {
            end -= 1;
        }
        reason.truncate(end);
    }
    reason
}

/// After hello: forwards the game's updates and answers the client, until either side stops.
async fn serve_updates(
    conn: &mut Connection,
    sink: &mut Sink,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    updates: &mut mpsc::Receiver<Outgoing>,
    rematch: &mut tokio::sync::watch::Receiver<Option<String>>,
) {
    loop {
        tokio::select! {
            Ok(()) = rematch.changed() => {
                let game = rematch.borrow_and_update().clone();
                if let Some(game) = game {
                    let message = conn.rematch_message(&game).await;
                    if sink.send(Message::Text(message)).await.is_err() {
                        return;
                    }
                }
            }
            incoming = stream.next() => {
                let text = match next_text(sink, incoming).await {
                    Next::Text(t) => t,
                    Next::Again => continue,
                    Next::Over => return,
                };
                if let Step::Reply(r) = conn.on_text(text.as_str()).await {
                    if !send_with_waiting(sink, Message::Text(r), updates).await {
                        return;
                    }
                }
            }
            update = updates.recv() => match update {
                Some(m) => {
                    if !send_with_waiting(sink, outgoing(&m), updates).await {
                        return;
                    }
                }
                None => {
                    let _ = sink.send(Message::Close(Some(CloseFrame {
                        code: 1013,
                        reason: "too far behind; reconnect for the current state".into(),
                    }))).await;
                    return;
                }
            },
        }
    }
}

/// Sends `first` and every update already waiting behind it, with one flush: an action's
/// `accepted` and the state that follows it (or several states of a busy game) go out in one
/// write to the socket instead of one each. Under `bench serve` the socket writes were a
/// quarter of a server process's CPU. Answers false when the connection is gone.
async fn send_with_waiting(
    sink: &mut Sink,
    first: Message,
    updates: &mut mpsc::Receiver<Outgoing>,
) -> bool {
    if sink.feed(first).await.is_err() {
        return false;
    }
    // A closed channel (the client fell too far behind) is seen by the caller's next `recv`.
    while let Ok(m) = updates.try_recv() {
        if sink.feed(outgoing(&m)).await.is_err() {
            return false;
        }
    }
    sink.flush().await.is_ok()
}

/// A message of the game (a state, a notice) as a WebSocket text frame.
fn outgoing(m: &Outgoing) -> Message {
    Message::Text(m.to_string().into())
}
