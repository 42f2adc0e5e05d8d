//! The tree's one HTTP client: JSON over HTTP/1.1 to one server, with hyper's pooled client.
//! The load generator, the server's and the CLI's integration tests, the bot protocol's tests
//! and the browser tests all use it, so that there is one client to keep right.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

/// Why a load run or an HTTP call failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The HTTP request failed.
    #[error("http: {0}")]
    Http(String),
    /// The server answered with an unexpected status.
    #[error("{status} from {path}: {body}")]
    Status {
        status: u16,
        path: String,
        body: String,
    },
    /// The WebSocket failed.
    #[error("websocket: {0}")]
    WebSocket(String),
    /// A message from the server did not have the expected shape.
    #[error("unexpected message: {0}")]
    Protocol(String),
}

/// A small JSON-over-HTTP client for one server. Cheap to clone (clones share the pool); it
/// must be used inside a Tokio runtime.
#[derive(Clone)]
pub struct HttpClient {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
}

impl HttpClient {
    /// A client for the server at `base`, e.g. `http://127.0.0.1:8080`.
    pub fn new(base: &str) -> HttpClient {
        HttpClient {
            client: Client::builder(TokioExecutor::new()).build_http(),
            base: base.trim_end_matches('/').to_owned(),
        }
    }

    /// The server's base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Sends a request with the given headers and optional body (sent as
    /// `application/json`); answers status and body text.
    ///
    /// # Errors
    /// The request cannot be built from these parts, or the connection failed.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<Vec<u8>>,
    ) -> Result<(u16, String), LoadError> {
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request
            .body(Full::new(Bytes::from(body.unwrap_or_default())))
            .map_err(|e| LoadError::Http(e.to_string()))?;
        let response = self
            .client
            .request(request)
            .await
            .map_err(|e| LoadError::Http(e.to_string()))?;
        let status = response.status().as_u16();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map_err(|e| LoadError::Http(e.to_string()))?
            .to_bytes();
        Ok((status, String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// Sends a request with an optional bearer token and body; answers status and body text.
    ///
    /// # Errors
    /// The connection failed.
    pub async fn send(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Vec<u8>>,
    ) -> Result<(u16, String), LoadError> {
        let bearer = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = bearer
            .iter()
            .map(|b| ("authorization", b.as_str()))
            .collect();
        self.request(method, path, &headers, body).await
    }

    /// Sends JSON and parses the JSON answer; any status is returned as is.
    ///
    /// # Errors
    /// The connection failed or the answer is not JSON.
    pub async fn json(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<(u16, Value), LoadError> {
        let (status, text) = self
            .send(
                method,
                path,
                token,
                body.map(|b| b.to_string().into_bytes()),
            )
            .await?;
        let value = serde_json::from_str(&text).map_err(|e| {
            LoadError::Protocol(format!(
                "{method} {path} answered {status} with non-JSON: {e}"
            ))
        })?;
        Ok((status, value))
    }
}
