//! The socket under hyper, so that the refusals hyper makes itself carry the protocol's JSON.
//!
//! hyper parses each request head before any handler runs, and when it cannot (bytes that are
//! not HTTP, a negative or conflicting `Content-Length`, a head over [`MAX_HEAD_BYTES`] or
//! [`MAX_HEADERS`] headers) it writes a bare `400`, `414` or `431` with an empty body and closes.
//! It offers no hook for that answer, so each connection's socket is wrapped in an [`Edge`]:
//! it recognises hyper's bare refusal (a 400, 414 or 431 head with `content-length: 0` and no
//! body; every answer of the app carries a JSON body, so nothing else looks like it) and holds
//! it back. When hyper lets go of the socket, the [`Edge`] hands it back to the connection's
//! task ([`Returned`]), which answers with the [`ApiError`] for hyper's reason
//! (`malformed_http`, `uri_too_long`, `headers_too_large`).
//!
//! Decisions:
//! - The socket also comes back when a request head does not arrive within the header
//!   timeout: a connection that sent part of a head is answered `request_timeout`; one idle
//!   between requests is closed without a word, since its client may be sending its next
//!   request at that very moment and would read the refusal as that request's answer.
//! - Every refusal written here ends with a lingering close ([`refuse`]): the write side is
//!   shut, then what the client is still sending is read and dropped for up to [`LINGER`] (at
//!   most [`LINGER_BYTES`]). Closing a socket with unread bytes resets the connection, and a
//!   reset can destroy the answer before the client reads it.
//! - What cannot carry JSON: a connection the server does not accept (over
//!   [`Config::max_connections`](crate::Config) it waits in the backlog), one closed for
//!   silence (above), one that opens with the HTTP/2 preface (hyper closes it unanswered: an
//!   HTTP/1.1 answer would be noise to an HTTP/2 client), and, during a flood, a connection
//!   over its address's cap when [`MAX_REFUSING`] refusals are already lingering. Everything hyper can parse far enough to
//!   refuse is answered in JSON.

use crate::error::ApiError;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

/// The largest request line and headers read (hyper's read buffer, whose minimum is 8 KiB).
pub const MAX_HEAD_BYTES: usize = 64 * 1024;

/// The most headers one request may have (hyper's default, kept so that headers stay on the
/// stack while parsing).
pub const MAX_HEADERS: usize = 100;

/// How long a refused client may go on sending before the socket is closed.
pub const LINGER: Duration = Duration::from_secs(2);

/// How much a refused client may go on sending before the socket is closed.
pub const LINGER_BYTES: usize = 4 * 1024 * 1024;

/// How many connections over their address's cap are answered at once (each for up to
/// [`LINGER`]); beyond it they are closed unanswered. They hold no serving slot.
pub const MAX_REFUSING: usize = 256;

/// The socket of one connection, as hyper reads and writes it. See the module docs.
pub(crate) struct Edge {
    stream: Option<TcpStream>,
    back: Option<oneshot::Sender<Returned>>,
    /// Bytes have arrived since the server last wrote: a request (or part of one) is in.
    reading: bool,
    /// The status of hyper's refusal, held back; nothing more is written.
    held: Option<u16>,
}

/// The socket of a connection hyper let go of, with what the [`Edge`] saw.
pub(crate) struct Returned {
    pub stream: TcpStream,
    /// The status of hyper's bare refusal, which was not sent.
    pub held: Option<u16>,
    /// Part of a request had arrived and was not answered.
    pub partial: bool,
}

impl Edge {
    /// Wraps `stream`; the receiver gets it back once hyper drops the wrapper (unless the
    /// connection was upgraded and the WebSocket dropped it later, when nobody listens).
    pub fn new(stream: TcpStream) -> (Edge, oneshot::Receiver<Returned>) {
        let (tx, rx) = oneshot::channel();
        let edge = Edge {
            stream: Some(stream),
            back: Some(tx),
            reading: false,
            held: None,
        };
        (edge, rx)
    }

    fn stream(&mut self) -> io::Result<Pin<&mut TcpStream>> {
        match self.stream.as_mut() {
            Some(s) => Ok(Pin::new(s)),
            None => Err(io::ErrorKind::NotConnected.into()),
        }
    }

    /// Whether `head` is hyper's bare refusal, and its status.
    fn bare_refusal(head: &[u8]) -> Option<u16> {
        let status = match head.get(..13)? {
            b"HTTP/1.1 400 " => 400,
            b"HTTP/1.1 414 " => 414,
            b"HTTP/1.1 431 " => 431,
            _ => return None,
        };
        let empty_body = head.ends_with(b"\r\n\r\n")
            && contains(head, b"\r\ncontent-length: 0\r\n")
            && !contains(head, b"\r\ncontent-type:");
        empty_body.then_some(status)
    }

    /// Holds back a write of `total` bytes whose only non-empty part is `only` if it is
    /// hyper's refusal, and anything written after one; answers the bytes taken.
    fn hold(&mut self, only: Option<&[u8]>, total: usize) -> Option<usize> {
        if self.held.is_none() {
            self.held = Some(Self::bare_refusal(only?)?);
        }
        Some(total)
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

impl Drop for Edge {
    fn drop(&mut self) {
        if let (Some(stream), Some(back)) = (self.stream.take(), self.back.take()) {
            let _ = back.send(Returned {
                stream,
                held: self.held,
                partial: self.reading,
            });
        }
    }
}

impl AsyncRead for Edge {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = self.stream()?.poll_read(cx, buf);
        if buf.filled().len() > before {
            self.reading = true;
        }
        read
    }
}

impl AsyncWrite for Edge {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if let Some(n) = self.hold(Some(buf), buf.len()) {
            return Poll::Ready(Ok(n));
        }
        let written = self.stream()?.poll_write(cx, buf);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            self.reading = false;
        }
        written
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let total = bufs.iter().map(|b| b.len()).sum();
        let mut parts = bufs.iter().filter(|b| !b.is_empty());
        let only = match (parts.next(), parts.next()) {
            (Some(one), None) => Some(&**one),
            _ => None,
        };
        if let Some(n) = self.hold(only, total) {
            return Poll::Ready(Ok(n));
        }
        let written = self.stream()?.poll_write_vectored(cx, bufs);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            self.reading = false;
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.as_ref().is_some_and(|s| s.is_write_vectored())
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.held.is_some() {
            return Poll::Ready(Ok(()));
        }
        self.stream()?.poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        // After a held refusal the task answers and closes; the socket must stay open for it.
        if self.held.is_some() {
            return Poll::Ready(Ok(()));
        }
        self.stream()?.poll_shutdown(cx)
    }
}

/// What a connection hyper let go of is answered, if anything: hyper's refusal in JSON, or
/// `request_timeout` for a head that stopped arriving.
pub(crate) fn refusal(
    returned: &Returned,
    error: Option<&hyper::Error>,
    header_timeout: Duration,
) -> Option<ApiError> {
    match returned.held {
        Some(431) => Some(ApiError::HeadersTooLarge {
            max_bytes: MAX_HEAD_BYTES,
            max_headers: MAX_HEADERS,
        }),
        Some(414) => Some(ApiError::UriTooLong),
        Some(_) => Some(ApiError::MalformedHttp(
            error.map_or("unreadable request".into(), reason),
        )),
        None => match error {
            Some(e) if e.is_timeout() && returned.partial => Some(ApiError::RequestTimeout {
                seconds: header_timeout.as_secs().max(1),
            }),
            _ => None,
        },
    }
}

/// hyper's reason for refusing a request head, in the words of the HTTP standard.
fn reason(error: &hyper::Error) -> String {
    let said = error.to_string();
    let plain = match said.as_str() {
        "invalid content-length parsed" => {
            "Content-Length must be one non-negative decimal number; a negative, non-numeric or \
             repeated-and-different value is refused"
        }
        "invalid transfer-encoding parsed" => {
            "Transfer-Encoding must end with chunked, and a request may not carry both \
             Transfer-Encoding and Content-Length"
        }
        "unexpected transfer-encoding parsed" => "HTTP/1.0 requests may not use Transfer-Encoding",
        "invalid HTTP method parsed" => "the method is not a valid token",
        "invalid HTTP version parsed" => "the version must be HTTP/1.0 or HTTP/1.1",
        "invalid HTTP version parsed (found HTTP2 preface)" => {
            "this server speaks HTTP/1.1 only, not HTTP/2 without TLS"
        }
        "invalid URI" => "the request target is not a valid URI",
        "invalid HTTP header parsed" => {
            "the request line or a header line is malformed (a method and a header name are \
             tokens, a value holds no control characters, lines end with CRLF)"
        }
        _ => return said,
    };
    plain.to_string()
}

/// Answers `error` on `stream` and closes it with a lingering close, all within [`LINGER`].
pub(crate) async fn refuse(mut stream: TcpStream, error: &ApiError) {
    let answer = refusal_bytes(error);
    let _ = tokio::time::timeout(LINGER, async {
        stream.write_all(&answer).await?;
        stream.shutdown().await?;
        let mut scratch = [0u8; 8192];
        let mut dropped = 0;
        while dropped < LINGER_BYTES {
            match stream.read(&mut scratch).await? {
                0 => break,
                n => dropped += n,
            }
        }
        io::Result::Ok(())
    })
    .await;
}

/// A whole HTTP/1.1 answer for `error`, closing the connection.
pub(crate) fn refusal_bytes(error: &ApiError) -> Vec<u8> {
    let body = serde_json::to_string(&error.body()).unwrap_or_else(|_| "{}".into());
    let status = error.status();
    let mut head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    );
    if let Some(seconds) = error.retry_after_seconds() {
        head.push_str(&format!("retry-after: {seconds}\r\n"));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_bare_refusals_are_held() {
        let bare = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: Wed, 02 Dec 2026 07:00:00 GMT\r\n\r\n";
        assert_eq!(Edge::bare_refusal(bare), Some(400));
        let large = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(Edge::bare_refusal(large), Some(431));
        let ours = refusal_bytes(&ApiError::MalformedHttp("x".into()));
        assert_eq!(
            Edge::bare_refusal(&ours),
            None,
            "a JSON answer is never held"
        );
        let head_only = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(Edge::bare_refusal(head_only), None);
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(Edge::bare_refusal(ok), None);
    }

    #[test]
    fn a_refusal_is_a_whole_json_answer_that_closes() {
        let bytes = refusal_bytes(&ApiError::RateLimited {
            per_second: 1,
            burst: 1,
            retry_after_ms: 1500,
        });
        let text = String::from_utf8(bytes).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(
            head.starts_with("HTTP/1.1 429 Too Many Requests\r\n"),
            "{head}"
        );
        assert!(head.contains("\r\nretry-after: 2"), "{head}");
        assert!(head.contains("\r\nconnection: close"), "{head}");
        assert!(head.contains(&format!("\r\ncontent-length: {}", body.len())));
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["code"], "rate_limited");
        assert_eq!(json["retry_after_ms"], 1500);
    }
}
