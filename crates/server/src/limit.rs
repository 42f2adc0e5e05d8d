//! Limits per client address, shared by every connection from that address: a rate of requests
//! and messages, and caps on the connections and WebSockets it holds open.
//!
//! A limit per connection let one client multiply its budget by opening more connections (up to
//! [`Config::max_connections`](crate::Config)); here every HTTP request and every WebSocket
//! message draws from the budget of its client's address. The budget is a GCRA bucket from the
//! `governor` crate, keyed by address: [`Config::rate_per_second`](crate::Config) sustained,
//! [`Config::rate_burst`](crate::Config) at once.
//!
//! Decisions:
//! - The address is the TCP peer's ([`Peer`]), put on every request by
//!   [`Server::serve`](crate::Server::serve) (an app served by `axum::serve` gets it from
//!   `into_make_service_with_connect_info::<Peer>()`). Behind a reverse proxy every peer is the
//!   proxy, so with [`Config::trust_forwarded_for`](crate::Config) the client is the last entry
//!   of `X-Forwarded-For` (the one the proxy appended; the entries before it come from the client
//!   and could be forged). Without that setting the header is ignored, so that clients cannot
//!   choose their own address.
//! - IPv6 clients are keyed by their /64 network: one host usually has a whole /64 to itself,
//!   and could otherwise pick a fresh address for every connection.
//! - Addresses idle long enough to have a full bucket again are forgotten every
//!   [`FORGET_IDLE_EVERY`], so the table does not grow with every address ever seen.
//! - Without connect info (handler tests without a socket) nothing is limited.
//! - A refusal says when to come back: `rate_limited` carries the wait until the bucket holds
//!   one more request (`retry_after_ms`, and `Retry-After` in whole seconds over HTTP).
//! - Open connections are counted per address ([`OpenCounts`]), keyed as the rate is, and capped
//!   by [`Config::max_connections_per_address`](crate::Config): the global
//!   [`Config::max_connections`](crate::Config) alone let one address hold every slot. The
//!   count is of TCP peers, so behind a trusted proxy (where every peer is the proxy) it is not
//!   applied; the proxy caps its clients. WebSockets are counted per client (the forwarded one
//!   behind a proxy) and capped by [`Config::max_websockets_per_address`](crate::Config).
//! - A rate of 0 turns every per-address limit off, the caps included (load benchmarks, whose
//!   thousands of clients all come from 127.0.0.1); a cap of 0 turns that cap off.

use crate::error::ApiError;
use crate::Server;
use axum::extract::connect_info::{ConnectInfo, Connected, MockConnectInfo};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::serve::IncomingStream;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;

/// How often addresses with a full bucket are dropped from the table.
pub const FORGET_IDLE_EVERY: Duration = Duration::from_secs(60);

const FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// The TCP peer of a connection: the address its requests are limited by (unless a trusted
/// proxy says otherwise).
#[derive(Debug, Clone, Copy)]
pub struct Peer {
    /// Who is connected.
    pub remote: SocketAddr,
}

impl Peer {
    /// The peer `remote` (also for tests that mock connect info).
    pub fn new(remote: SocketAddr) -> Peer {
        Peer { remote }
    }
}

impl Connected<IncomingStream<'_, TcpListener>> for Peer {
    fn connect_info(stream: IncomingStream<'_, TcpListener>) -> Self {
        Peer::new(*stream.remote_addr())
    }
}

/// The address whose budget a request or WebSocket draws from, found by [`limit_client`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Client(pub IpAddr);

/// Every client address's budget.
pub(crate) struct AddressLimits {
    limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
    per_second: u32,
    burst: u32,
}

impl AddressLimits {
    /// `per_second` sustained and `burst` at once for each address; a rate of 0 limits nothing.
    pub fn new(per_second: u32, burst: u32) -> AddressLimits {
        let limiter = NonZeroU32::new(per_second).map(|rate| {
            let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
            RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst))
        });
        AddressLimits {
            limiter,
            per_second,
            burst,
        }
    }

    /// Takes one request from `client`'s budget.
    ///
    /// # Errors
    /// `rate_limited` when the budget is spent.
    pub fn check(&self, client: Client) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        limiter.check_key(&client.0).map_err(|not_until| {
            use governor::clock::Clock;
            let wait = not_until.wait_time_from(limiter.clock().now());
            ApiError::RateLimited {
                per_second: self.per_second,
                burst: self.burst,
                retry_after_ms: u64::try_from(wait.as_nanos().div_ceil(1_000_000))
                    .unwrap_or(u64::MAX)
                    .max(1),
            }
        })
    }

    /// Forgets the addresses whose bucket is full again.
    pub fn forget_idle(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// How many addresses are tracked.
    #[cfg(test)]
    pub fn tracked(&self) -> usize {
        self.limiter.as_ref().map_or(0, |l| l.len())
    }
}

/// A budget of attempts per minute for each key of any kind: sign-ups and logins per client
/// address and per account name (module `account`), which need a far smaller budget than
/// requests.
pub(crate) struct Attempts<K: std::hash::Hash + Eq + Clone> {
    limiter: Option<DefaultKeyedRateLimiter<K>>,
}

impl<K: std::hash::Hash + Eq + Clone> Attempts<K> {
    /// `per_minute` attempts a minute for each key, all of them at once at most; 0 limits
    /// nothing.
    pub fn new(per_minute: u32) -> Attempts<K> {
        Attempts {
            limiter: NonZeroU32::new(per_minute)
                .map(|n| RateLimiter::keyed(Quota::per_minute(n).allow_burst(n))),
        }
    }

    /// Takes one attempt from `key`'s budget.
    ///
    /// # Errors
    /// The milliseconds until `key` has an attempt again, when its budget is spent.
    pub fn check(&self, key: &K) -> Result<(), u64> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        limiter.check_key(key).map_err(|not_until| {
            use governor::clock::Clock;
            let wait = not_until.wait_time_from(limiter.clock().now());
            u64::try_from(wait.as_nanos().div_ceil(1_000_000))
                .unwrap_or(u64::MAX)
                .max(1)
        })
    }

    /// Forgets the keys whose budget is full again.
    pub fn forget_idle(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

/// How many connections (or WebSockets) each address holds open, against a cap.
pub(crate) struct OpenCounts {
    open: Mutex<HashMap<IpAddr, usize>>,
    max: usize,
}

/// One open connection (or WebSocket) of an address, counted until dropped.
pub(crate) struct Opened {
    counts: Arc<OpenCounts>,
    key: IpAddr,
}

impl OpenCounts {
    /// Counts with a cap of `max` per address; 0 counts nothing and refuses nothing.
    pub fn new(max: usize) -> Arc<OpenCounts> {
        Arc::new(OpenCounts {
            open: Mutex::default(),
            max,
        })
    }

    /// Counts one more open for `key` (an [`address_key`]), or answers `None` when `key` is at
    /// the cap already. With no cap there is nothing to count and every open is `Some`.
    pub fn open(self: &Arc<Self>, key: IpAddr) -> Option<Option<Opened>> {
        if self.max == 0 {
            return Some(None);
        }
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(key).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Some(Opened {
            counts: Arc::clone(self),
            key,
        }))
    }

    /// The cap.
    pub fn max(&self) -> usize {
        self.max
    }

    /// How many `key` holds open.
    #[cfg(test)]
    pub fn count(&self, key: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&key).copied().unwrap_or(0)
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// The key of an address: itself for IPv4, its /64 network for IPv6.
pub(crate) fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & (u128::MAX << 64))),
        },
    }
}

/// The address the trusted proxy appended to `X-Forwarded-For` (its last entry), if it parses.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all(FORWARDED_FOR).iter().next_back()?;
    let entry = last.to_str().ok()?.rsplit(',').next()?.trim();
    entry
        .parse::<IpAddr>()
        .or_else(|_| entry.parse::<SocketAddr>().map(|s| s.ip()))
        .ok()
}

/// The client of a request: the peer, or with `trust_forwarded_for` the address the proxy gave.
fn client_of(request: &Request, trust_forwarded_for: bool) -> Option<Client> {
    let extensions = request.extensions();
    let peer = extensions
        .get::<ConnectInfo<Peer>>()
        .map(|c| c.0)
        .or_else(|| extensions.get::<MockConnectInfo<Peer>>().map(|m| m.0))?;
    let forwarded = trust_forwarded_for
        .then(|| forwarded_for(request.headers()))
        .flatten();
    Some(Client(address_key(forwarded.unwrap_or(peer.remote.ip()))))
}

/// Middleware: refuses a request with `rate_limited` when its client's budget is spent, and
/// leaves the [`Client`] on the request for the WebSocket upgrade.
pub(crate) async fn limit_client(
    State(server): State<Server>,
    mut request: Request,
    next: Next,
) -> Response {
    if let Some(client) = client_of(&request, server.config().trust_forwarded_for) {
        if let Err(e) = server.inner.limits.check(client) {
            return e.into_response();
        }
        request.extensions_mut().insert(client);
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> IpAddr {
        address_key(text.parse().unwrap())
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_network() {
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:bbbb::9"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:192.0.2.7"), key("192.0.2.7"));
        assert_ne!(key("192.0.2.7"), key("192.0.2.8"));
    }

    #[test]
    fn the_forwarded_client_is_the_entry_the_proxy_appended() {
        let mut headers = HeaderMap::new();
        assert_eq!(forwarded_for(&headers), None);
        headers.insert(FORWARDED_FOR, "203.0.113.9, 198.51.100.4".parse().unwrap());
        assert_eq!(
            forwarded_for(&headers),
            Some("198.51.100.4".parse().unwrap())
        );
        headers.append(FORWARDED_FOR, "[2001:db8::5]:443".parse().unwrap());
        assert_eq!(
            forwarded_for(&headers),
            Some("2001:db8::5".parse().unwrap())
        );
        headers.insert(FORWARDED_FOR, "not an address".parse().unwrap());
        assert_eq!(forwarded_for(&headers), None);
    }

    #[test]
    fn a_budget_allows_its_burst_then_refuses_and_other_addresses_keep_theirs() {
        let limits = AddressLimits::new(1, 3);
        let a = Client(key("192.0.2.1"));
        for _ in 0..3 {
            assert!(limits.check(a).is_ok());
        }
        match limits.check(a) {
            Err(ApiError::RateLimited {
                per_second: 1,
                burst: 3,
                retry_after_ms,
            }) => assert!(
                (1..=1000).contains(&retry_after_ms),
                "one token a second comes back within a second, not {retry_after_ms} ms"
            ),
            other => panic!("{other:?}"),
        }
        assert!(limits.check(Client(key("192.0.2.2"))).is_ok());
        assert_eq!(limits.tracked(), 2);
    }

    #[test]
    fn open_counts_cap_each_address_and_free_on_drop() {
        let counts = OpenCounts::new(2);
        let a = key("2001:db8:1:2::1");
        let first = counts.open(a).unwrap();
        let second = counts.open(key("2001:db8:1:2::2")).unwrap();
        assert!(
            counts.open(key("2001:db8:1:2::3")).is_none(),
            "one /64 holds two"
        );
        assert!(
            counts.open(key("192.0.2.1")).is_some(),
            "another address has its own"
        );
        assert_eq!(counts.count(a), 2);
        drop(first);
        assert_eq!(counts.count(a), 1);
        let third = counts.open(a).unwrap();
        drop((second, third));
        assert_eq!(counts.count(a), 0);
        assert!(
            counts.open.lock().unwrap().is_empty(),
            "freed addresses are forgotten"
        );
        let uncapped = OpenCounts::new(0);
        for _ in 0..10 {
            assert!(matches!(uncapped.open(a), Some(None)));
        }
    }

    #[test]
    fn attempts_allow_their_minute_then_say_when_to_come_back() {
        let attempts = Attempts::new(2);
        assert!(attempts.check(&"ann".to_owned()).is_ok());
        assert!(attempts.check(&"ann".to_owned()).is_ok());
        let wait = attempts.check(&"ann".to_owned()).unwrap_err();
        assert!(
            (1..=30_000).contains(&wait),
            "one attempt per 30 s, not {wait} ms"
        );
        assert!(attempts.check(&"bea".to_owned()).is_ok());
        let off = Attempts::new(0);
        for _ in 0..100 {
            assert!(off.check(&1).is_ok());
        }
    }

    #[test]
    fn a_rate_of_zero_limits_nothing() {
        let limits = AddressLimits::new(0, 0);
        for _ in 0..1000 {
            assert!(limits.check(Client(key("192.0.2.1"))).is_ok());
        }
        assert_eq!(limits.tracked(), 0);
    }
}
