//! Per-connection rate limits: a token bucket for each TCP connection (HTTP) and for each
//! WebSocket.
//!
//! For HTTP the bucket rides on axum's connect info: [`ConnectionLimit`] is made once per
//! accepted connection ([`Server::serve`](crate::Server::serve) puts it on every request; an
//! app served by `axum::serve` gets it from
//! `into_make_service_with_connect_info::<ConnectionLimit>()`), and every request on that
//! connection draws from it. Without connect info (handler tests without a socket) requests are
//! not limited. A WebSocket keeps its own bucket for its messages.

use crate::error::ApiError;
use crate::Server;
use axum::extract::connect_info::{ConnectInfo, Connected, MockConnectInfo};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::serve::IncomingStream;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::net::TcpListener;

/// A token bucket: `burst` tokens, refilled at `rate` per second.
#[derive(Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(burst: u32) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, rate: u32, burst: u32) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * f64::from(rate);
        self.tokens = (self.tokens + refill).min(f64::from(burst));
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One TCP connection's address and request budget.
#[derive(Debug, Clone)]
pub struct ConnectionLimit {
    /// Who is connected.
    pub remote: SocketAddr,
    bucket: Arc<Mutex<Option<Bucket>>>,
}

impl ConnectionLimit {
    /// A fresh budget for a connection from `remote` (for tests that mock connect info).
    pub fn new(remote: SocketAddr) -> ConnectionLimit {
        ConnectionLimit {
            remote,
            bucket: Arc::new(Mutex::new(None)),
        }
    }
}

impl Connected<IncomingStream<'_, TcpListener>> for ConnectionLimit {
    fn connect_info(stream: IncomingStream<'_, TcpListener>) -> Self {
        ConnectionLimit::new(*stream.remote_addr())
    }
}

/// Middleware: refuses a request with `rate_limited` when its connection's bucket is empty.
pub(crate) async fn limit_connection(
    State(server): State<Server>,
    request: Request,
    next: Next,
) -> Response {
    let config = server.config();
    let (rate, burst) = (config.rate_per_second, config.rate_burst);
    let extensions = request.extensions();
    let conn = extensions
        .get::<ConnectInfo<ConnectionLimit>>()
        .map(|c| &c.0)
        .or_else(|| {
            extensions
                .get::<MockConnectInfo<ConnectionLimit>>()
                .map(|m| &m.0)
        });
    if let Some(conn) = conn {
        let mut bucket = conn.bucket.lock().unwrap_or_else(|e| e.into_inner());
        let allowed = bucket
            .get_or_insert_with(|| Bucket::new(burst))
            .take(rate, burst);
        if !allowed {
            return ApiError::RateLimited {
                per_second: rate,
                burst,
            }
            .into_response();
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refuses() {
        let mut b = Bucket::new(3);
        assert!(b.take(1, 3));
        assert!(b.take(1, 3));
        assert!(b.take(1, 3));
        assert!(!b.take(1, 3));
    }

    #[test]
    fn a_bucket_refills_with_time() {
        let mut b = Bucket::new(1);
        assert!(b.take(1000, 1));
        b.last -= std::time::Duration::from_millis(5);
        assert!(b.take(1000, 1));
    }
}
