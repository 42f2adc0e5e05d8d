//! The web pages: whatever files are in `crates/server/assets/`, embedded at compile time.
//!
//! `/` and `/games/{id}` serve `index.html` (the page reads the game id from its path and the
//! seat token from the URL fragment, which browsers never send to the server); `/assets/{path}`
//! serves any embedded file. The pages themselves are built separately.

use crate::error::ApiError;
use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

static ASSETS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/assets");

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
        _ => "application/octet-stream",
    }
}

fn serve(path: &str) -> Response {
    match ASSETS.get_file(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            file.contents(),
        )
            .into_response(),
        None => ApiError::NotFound(format!("/assets/{path}")).into_response(),
    }
}

/// `GET /` and `GET /games/{id}`: the page.
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
