//! The web pages: whatever files are in `crates/server/assets/`, embedded at compile time.
//!
//! `/` and `/games/{id}` serve `index.html` (the page reads the game id from its path and the
//! seat token from the URL fragment, which browsers never send to the server); `/assets/{path}`
//! serves any embedded file. The pages themselves are built separately.
//!
//! Two kinds of files are made here rather than stored: `/assets/locales/<lang>.json`, a
//! message catalog compiled from its `.ftl` file (module [`crate::catalog`]), with
//! `/assets/locales/index.json` listing the languages for the picker; and
//! `/assets/rules/<game>.<lang>.md`, the rules pages, embedded from `docs/rules/` so the
//! repository keeps one copy of them. `/rules/{game}` is the page that shows them.

use crate::error::ApiError;
use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

static ASSETS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/assets");
static RULES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../docs/rules");

fn content_type(path: &str) -> &'static str {
    match path
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .as_deref()
    {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("wasm") => "application/wasm",
        Some("txt") => "text/plain; charset=utf-8",
        Some("md") => "text/markdown; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn reply(path: &str, body: &'static [u8]) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type(path)),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

fn serve(path: &str) -> Response {
    if let Some(name) = path.strip_prefix("locales/") {
        if let Some(lang) = name.strip_suffix(".json") {
            return serve_catalog(path, lang);
        }
    }
    let file = match path.strip_prefix("rules/") {
        Some(name) => RULES.get_file(name),
        None => ASSETS.get_file(path),
    };
    match file {
        Some(file) => reply(path, file.contents()),
        None => ApiError::NotFound(format!("/assets/{path}")).into_response(),
    }
}

/// A compiled catalog, or the index of languages.
fn serve_catalog(path: &str, lang: &str) -> Response {
    let catalogs = match crate::catalog::catalogs() {
        Ok(c) => c,
        Err(errors) => {
            // The catalog tests keep this from happening; say what is wrong if it does.
            let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
            tracing::error!("the message catalogs do not compile: {}", why.join("; "));
            return ApiError::Unavailable.into_response();
        }
    };
    if lang == "index" {
        return reply(path, catalogs.index.as_bytes());
    }
    match catalogs.catalogs.iter().find(|c| c.lang == lang) {
        Some(c) => reply(path, c.json.as_bytes()),
        None => ApiError::NotFound(format!("/assets/{path}")).into_response(),
    }
}

/// `GET /`, `GET /games/{id}` and `GET /rules/{game}`: the page.
pub(crate) async fn index() -> Response {
    serve("index.html")
}

/// `GET /assets/{*path}`: one embedded file.
pub(crate) async fn asset(path: Result<Path<String>, PathRejection>) -> Response {
    // A path that cannot be decoded names no embedded file.
    let Ok(Path(path)) = path else {
        return ApiError::NotFound("/assets/ (an undecodable path)".into()).into_response();
    };
    if path.split('/').any(|part| part == "..") {
        return ApiError::NotFound(format!("/assets/{path}")).into_response();
    }
    serve(&path)
}
