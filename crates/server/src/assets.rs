//! The web pages: whatever files are in `crates/server/assets/`, embedded at compile time.
//!
//! `/` and `/games/{id}` serve `index.html` (the page reads the game id from its path and the
//! seat token from the URL fragment, which browsers never send to the server); `/assets/{path}`
//! serves any embedded file. The pages themselves are built separately.
//!
//! Some files are made here or taken from elsewhere rather than stored with the pages, so the
//! repository keeps one copy of each:
//! - `/assets/locales/<lang>.json`, a message catalog compiled from its `.ftl` file (module
//!   [`crate::catalog`]), with `/assets/locales/index.json` listing the languages for the picker;
//! - `/assets/rules/<game>.<lang>.md`, the rules pages, embedded from `docs/rules/` with their
//!   tables filled in from the rules crate (module [`crate::rules_page`]); `/rules/{game}` is the
//!   page that shows them;
//! - `/assets/powergrid/<map>.json`, the map files the rules crate embeds ([`MapId::json`]), and
//!   `/assets/powergrid/rules.json`, the rules crate's [`powergrid::RuleTables`] (plants, market
//!   track, payment, house prices, player-count table), which the Power Grid page previews
//!   prices and income with. The page's numbers are the engine's by construction.

use crate::error::ApiError;
use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};
use powergrid::MapId;
use std::sync::OnceLock;

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
    if let Some(name) = path.strip_prefix("rules/") {
        return match crate::rules_page::page(name) {
            Some(Ok(text)) => reply(path, text.as_bytes()),
            Some(Err(e)) => {
                // The rules page tests keep this from happening; say what is wrong if it does.
                tracing::error!("the rules page {name} does not expand: {e}");
                ApiError::Unavailable.into_response()
            }
            None => ApiError::NotFound(format!("/assets/{path}")).into_response(),
        };
    }
    let body = if let Some(name) = path.strip_prefix("powergrid/") {
        powergrid_data(name)
    } else {
        ASSETS.get_file(path).map(|f| f.contents())
    };
    match body {
        Some(body) => reply(path, body),
        None => ApiError::NotFound(format!("/assets/{path}")).into_response(),
    }
}

/// The Power Grid page's data from the rules crate: `rules.json` (the rule tables, serialised
/// once) or `<map>.json` (the embedded map file).
fn powergrid_data(name: &str) -> Option<&'static [u8]> {
    if name == "rules.json" {
        static TABLES: OnceLock<String> = OnceLock::new();
        let json = TABLES.get_or_init(|| {
            serde_json::to_string(&powergrid::rule_tables())
                .expect("the rule tables hold only numbers, strings and lists")
        });
        return Some(json.as_bytes());
    }
    let map: MapId = name.strip_suffix(".json")?.parse().ok()?;
    Some(map.json().as_bytes())
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

/// `GET /` and `GET /games/{id}`: the page. Under `/games/` a path that
/// is not a game id (32 hex digits) is answered 404 with the same page, which says so and
/// leads back to the lobby.
pub(crate) async fn index(uri: Uri) -> Response {
    let mut page = serve("index.html");
    if let Some(id) = uri.path().strip_prefix("/games/") {
        let id = id.strip_suffix('/').unwrap_or(id);
        if !is_game_id(id) {
            *page.status_mut() = StatusCode::NOT_FOUND;
        }
    }
    page
}

/// Whether `id` is written as the server writes game ids: 32 lower-case hex digits.
fn is_game_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// `GET /favicon.ico`: the pages' icon (an SVG; the page itself names it with `<link rel=icon>`),
/// for browsers and tools that ask for it by its old name.
pub(crate) async fn favicon() -> Response {
    serve("icon.svg")
}

/// `GET /rules/{game}`: the page, for a game whose rules are embedded (`docs/rules/<game>.md`);
/// anything else is `not_found`, as an unknown asset is.
pub(crate) async fn rules_page(
    uri: axum::http::Uri,
    game: Result<Path<String>, PathRejection>,
) -> Response {
    match game {
        Ok(Path(game)) if has_rules(&game) => serve("index.html"),
        _ => ApiError::NotFound(uri.path().to_owned()).into_response(),
    }
}

/// Whether `game` names a game whose rules page is embedded.
fn has_rules(game: &str) -> bool {
    !game.is_empty()
        && game
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        && crate::rules_page::exists(game)
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

#[cfg(test)]
mod tests {
    //! The pages keep every visible string in the catalogs: these tests read the embedded HTML
    //! and JavaScript and fail on text that would reach a player without a translation.
    use super::*;
    use crate::catalog::{self, LANGUAGES};
    use crate::rules_page::RULES;
    use std::collections::BTreeSet;

    /// A string literal of a script, and the code just before it.
    #[derive(Debug)]
    struct Literal {
        file: String,
        before: String,
        text: String,
        template: bool,
    }

    /// The string literals of `code` (quotes and the text parts of template literals, including
    /// nested ones), skipping comments. Regular expression literals in the pages hold no quotes.
    fn literals(file: &str, code: &str) -> Vec<Literal> {
        let chars: Vec<char> = code.chars().collect();
        let mut out = Vec::new();
        scan(file, &chars, 0, false, &mut out);
        out
    }

    /// Scans code from `i`; with `in_template`, stops at the `}` that closes a `${`.
    fn scan(
        file: &str,
        c: &[char],
        mut i: usize,
        in_template: bool,
        out: &mut Vec<Literal>,
    ) -> usize {
        let mut depth = 0usize;
        while i < c.len() {
            match c[i] {
                '/' if c.get(i + 1) == Some(&'/') => {
                    while i < c.len() && c[i] != '\n' {
                        i += 1;
                    }
                }
                '/' if c.get(i + 1) == Some(&'*') => {
                    i += 2;
                    while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                        i += 1;
                    }
                    i += 2;
                    continue;
                }
                q @ ('"' | '\'') => {
                    let start = i;
                    i += 1;
                    let mut text = String::new();
                    while i < c.len() && c[i] != q {
                        if c[i] == '\\' {
                            i += 1;
                        }
                        if let Some(&ch) = c.get(i) {
                            text.push(ch);
                        }
                        i += 1;
                    }
                    out.push(Literal {
                        file: file.into(),
                        before: c[start.saturating_sub(12)..start].iter().collect(),
                        text,
                        template: false,
                    });
                }
                '`' => {
                    let start = i;
                    i += 1;
                    let mut text = String::new();
                    while i < c.len() && c[i] != '`' {
                        if c[i] == '\\' {
                            i += 1;
                            text.extend(c.get(i));
                            i += 1;
                        } else if c[i] == '$' && c.get(i + 1) == Some(&'{') {
                            text.push('\u{1}'); // where a placeholder goes
                            i = scan(file, c, i + 2, true, out);
                        } else {
                            text.push(c[i]);
                            i += 1;
                        }
                    }
                    out.push(Literal {
                        file: file.into(),
                        before: c[start.saturating_sub(12)..start].iter().collect(),
                        text,
                        template: true,
                    });
                }
                '{' => depth += 1,
                '}' if in_template && depth == 0 => return i + 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
        i
    }

    fn scripts() -> Vec<(String, &'static str)> {
        ASSETS
            .files()
            .filter(|f| f.path().extension().is_some_and(|e| e == "js"))
            // Vendored libraries (Preact, htm) hold no text of ours.
            .filter(|f| !f.path().starts_with("vendor"))
            .map(|f| {
                (
                    f.path().display().to_string(),
                    f.contents_utf8().expect("a UTF-8 script"),
                )
            })
            .collect()
    }

    /// Whether a literal that is not a message key could be text meant for people.
    fn looks_like_prose(text: &str) -> bool {
        const TECHNICAL: [&str; 6] = [
            "Authorization",
            "Bearer ",
            "Content-Type",
            "GET",
            "POST",
            "http://www.w3.org/2000/svg",
        ];
        if TECHNICAL.contains(&text.replace('\u{1}', "").as_str()) {
            return false;
        }
        let non_ascii_letter = text.chars().any(|ch| ch.is_alphabetic() && !ch.is_ascii());
        let words: Vec<&str> = text
            .split(|ch: char| !ch.is_ascii_alphabetic())
            .filter(|w| w.len() >= 2)
            .collect();
        // A capitalised word ("Refused") that is not a camelCase identifier ("viewBox").
        let capitalised = words.iter().any(|w| {
            w.chars().next().is_some_and(|ch| ch.is_ascii_uppercase())
                && w.chars().skip(1).all(|ch| ch.is_ascii_lowercase())
        }) && !text.chars().all(|ch| ch.is_ascii_alphanumeric());
        let sentence = text
            .split(' ')
            .filter(|w| w.len() >= 2 && w.chars().all(|ch| ch.is_ascii_alphabetic()))
            .count()
            >= 3;
        non_ascii_letter || capitalised || sentence
    }

    /// The literal is the message id given to `t(...)` or `has(...)` (not `x.has(...)`).
    fn is_key_argument(l: &Literal) -> bool {
        let b = l.before.trim_end();
        let call = |name: &str| {
            b.strip_suffix(name).is_some_and(|rest| {
                !rest
                    .chars()
                    .last()
                    .is_some_and(|ch| ch.is_ascii_alphanumeric() || "_.$".contains(ch))
            })
        };
        call("t(") || call("has(")
    }

    #[test]
    fn the_scripts_hold_no_text_for_people() {
        let mut found = Vec::new();
        for (file, code) in scripts() {
            for l in literals(&file, code) {
                if !is_key_argument(&l) && looks_like_prose(&l.text) {
                    found.push(format!("{}: {:?}", l.file, l.text));
                }
            }
        }
        assert!(
            found.is_empty(),
            "text outside the catalogs:\n{}",
            found.join("\n")
        );
    }

    #[test]
    fn the_prose_detector_finds_text_and_passes_code() {
        for prose in [
            "Refused: ",
            "Loading…",
            "拒绝",
            "please wait for it",
            "Bid between ",
        ] {
            assert!(looks_like_prose(prose), "{prose:?}");
        }
        for code in [
            "act small",
            "pg-must-bid",
            "viewBox",
            "#market-current .plant",
            "Bearer ",
            " · ",
            "→",
            "/api/games",
        ] {
            assert!(!looks_like_prose(code), "{code:?}");
        }
        let ls = literals(
            "x.js",
            "// \"Not me\"\nh(\"p\", {}, `Seat ${n + `a${\"B c\"}`} of`, 'it\\'s');",
        );
        let texts: Vec<&str> = ls.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["p", "B c", "a\u{1}", "Seat \u{1} of", "it's"]);
    }

    #[test]
    fn the_page_html_holds_no_text_for_people() {
        let html = ASSETS
            .get_file("index.html")
            .and_then(|f| f.contents_utf8())
            .expect("index.html");
        let mut text = String::new();
        let mut in_tag = false;
        for ch in html.chars() {
            match ch {
                '<' => in_tag = true,
                '>' => in_tag = false,
                _ if !in_tag => text.push(ch),
                _ => {}
            }
        }
        assert_eq!(text.trim(), "", "text in index.html: {text:?}");
    }

    #[test]
    fn every_message_the_scripts_name_exists_and_every_message_is_used() {
        let catalogs = catalog::catalogs().expect("the catalogs compile");
        let english = &catalogs.catalogs[0].variables;
        let mut used = BTreeSet::new();
        let mut prefixes = BTreeSet::new();
        let mut missing = Vec::new();
        for (file, code) in scripts() {
            for l in literals(&file, code).iter().filter(|l| is_key_argument(l)) {
                if l.template {
                    let prefix = l.text.split('\u{1}').next().unwrap_or("").to_owned();
                    if !english.keys().any(|k| k.starts_with(&prefix)) {
                        missing.push(format!("{file}: no message starts with {prefix:?}"));
                    }
                    prefixes.insert(prefix);
                } else if english.contains_key(&l.text) {
                    used.insert(l.text.clone());
                } else {
                    missing.push(format!("{file}: no message {:?}", l.text));
                }
            }
            // Messages set on HTML elements by `data-msg`.
        }
        let html = ASSETS
            .get_file("index.html")
            .and_then(|f| f.contents_utf8())
            .unwrap_or("");
        for part in html.split("data-msg=\"").skip(1) {
            used.insert(part.split('"').next().unwrap_or("").to_owned());
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
        // Messages only other messages use, the picker's name and the rules tables' headers (the
        // server fills them into the rules pages) count as used too.
        let referenced: BTreeSet<String> = catalogs.catalogs[0]
            .json
            .split("\"msg\":\"")
            .skip(1)
            .map(|s| s.split('"').next().unwrap_or("").to_owned())
            .collect();
        let unused: Vec<&String> = english
            .keys()
            .filter(|k| {
                !used.contains(*k)
                    && !referenced.contains(*k)
                    && k.as_str() != "language-name"
                    && !k.starts_with(crate::rules_page::HEADER_PREFIX)
                    && !prefixes
                        .iter()
                        .any(|p| !p.is_empty() && k.starts_with(p.as_str()))
            })
            .collect();
        assert!(unused.is_empty(), "messages no page uses: {unused:?}");
    }

    #[test]
    fn every_game_has_its_rules_in_every_language_with_the_same_sections() {
        for game in ["powergrid", "thegame"] {
            let sections = |text: &str| text.lines().filter(|l| l.starts_with('#')).count();
            let english = RULES
                .get_file(format!("{game}.md"))
                .and_then(|f| f.contents_utf8())
                .expect("English rules");
            for lang in LANGUAGES.iter().filter(|l| **l != "en") {
                let text = RULES
                    .get_file(format!("{game}.{lang}.md"))
                    .and_then(|f| f.contents_utf8())
                    .unwrap_or_else(|| panic!("no rules {game}.{lang}.md"));
                assert_eq!(sections(text), sections(english), "{game}.{lang}.md");
                let items = |text: &str| {
                    text.lines()
                        .filter(|l| {
                            l.starts_with("- ")
                                || l.split_once(". ").is_some_and(|(n, _)| {
                                    !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())
                                })
                        })
                        .count()
                };
                assert_eq!(
                    items(text),
                    items(english),
                    "list items of {game}.{lang}.md"
                );
            }
        }
    }

    async fn body(response: Response) -> Vec<u8> {
        use http_body_util::BodyExt;
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        bytes.to_vec()
    }

    /// The maps and rule tables come from the rules crate, as JSON, and every city of the map
    /// the page draws is a city of the engine's board, in the engine's order.
    #[tokio::test]
    async fn powergrid_data_is_served_from_the_rules_crate() {
        for map in MapId::ALL {
            let response = serve(&format!("powergrid/{map}.json"));
            assert_eq!(response.status(), 200);
            assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
            let served: serde_json::Value = serde_json::from_slice(&body(response).await).unwrap();
            let ids: Vec<&str> = served["cities"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["id"].as_str().unwrap())
                .collect();
            let board: Vec<&str> = map.map().city_ids().map(|c| c.key()).collect();
            assert_eq!(ids, board, "{map}");
            assert_eq!(
                served["connections"].as_array().unwrap().len(),
                map.map().connections.len()
            );
        }
        let response = serve("powergrid/rules.json");
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        assert_eq!(
            response.headers()[header::X_CONTENT_TYPE_OPTIONS],
            "nosniff"
        );
        let served: serde_json::Value = serde_json::from_slice(&body(response).await).unwrap();
        assert_eq!(
            served,
            serde_json::to_value(powergrid::rule_tables()).unwrap()
        );
        for missing in ["powergrid/mars.json", "powergrid/rules", "powergrid/usa.js"] {
            assert_eq!(serve(missing).status(), 404, "{missing}");
        }
    }

    #[tokio::test]
    async fn a_game_address_that_is_no_game_id_is_not_found_and_the_icon_is_served() {
        let page = |path: &str| index(path.parse::<Uri>().unwrap());
        assert_eq!(page("/").await.status(), 200);
        assert_eq!(
            page("/games/0123456789abcdef0123456789abcdef")
                .await
                .status(),
            200
        );
        for bad in [
            "/games/nothex",
            "/games/0123456789ABCDEF0123456789ABCDEF",
            "/games/0123",
        ] {
            let response = page(bad).await;
            assert_eq!(response.status(), 404, "{bad}");
            assert_eq!(
                response.headers()[header::CONTENT_TYPE],
                "text/html; charset=utf-8"
            );
        }
        let icon = favicon().await;
        assert_eq!(icon.status(), 200);
        assert_eq!(icon.headers()[header::CONTENT_TYPE], "image/svg+xml");
    }

    #[test]
    fn only_games_with_rules_have_a_rules_page() {
        assert!(has_rules("thegame"));
        assert!(has_rules("powergrid"));
        for missing in [
            "chess",
            "",
            "thegame.ko",
            "../rules/thegame",
            "powergrid.md",
        ] {
            assert!(!has_rules(missing), "{missing:?}");
        }
    }

    #[test]
    fn catalogs_and_rules_are_served() {
        let index = serve("locales/index.json");
        assert_eq!(index.status(), 200);
        assert_eq!(serve("locales/ko.json").status(), 200);
        assert_eq!(serve("locales/xx.json").status(), 404);
        assert_eq!(serve("rules/thegame.gu.md").status(), 200);
        assert_eq!(serve("rules/thegame.xx.md").status(), 404);
        assert_eq!(
            serve("rules/powergrid.md").headers()[header::CONTENT_TYPE],
            "text/markdown; charset=utf-8"
        );
    }
}
