//! Rated play in a real headless Chromium, at 1366×900 and 390×844: Ann opens a rated Power
//! Grid game from the lobby's form, Bea joins it from the open-games list, both hand their
//! seats to the stand-in bot (the result stays theirs), and Bea plays a second rated game
//! against the heuristic bot's account; the leaderboard and both player pages then show the
//! ratings, the bot marked. Screenshots: `target/e2e-screenshots/ratings-*.png`.

use e2e::{can_run_browser, fits_the_width, scored_registry, text, Browser, TestServer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const DESKTOP: (u32, u32) = (1366, 900);
const PHONE: (u32, u32) = (390, 844);

/// One request from the page (same origin, with its session cookie): `[status, body]`.
fn xhr(
    b: &Browser,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u64, Value) {
    let answer = b.js(
        "const x = new XMLHttpRequest();
         x.open(arguments[0], arguments[1], false);
         if (arguments[2]) x.setRequestHeader('Authorization', 'Bearer ' + arguments[2]);
         if (arguments[3] !== null) x.setRequestHeader('Content-Type', 'application/json');
         x.send(arguments[3]);
         return [x.status, x.responseText];",
        json!([method, path, token, body.map(|b| b.to_string())]),
    );
    let status = answer[0].as_u64().unwrap();
    let body = serde_json::from_str(answer[1].as_str().unwrap()).unwrap_or(Value::Null);
    (status, body)
}

fn sign_up(b: &Browser, name: &str) {
    let body = json!({"name": name, "password": "correct horse"});
    let (status, answer) = xhr(b, "POST", "/api/account/signup", None, Some(body));
    assert_eq!(status, 201, "{answer}");
}

/// The seat tokens this browser keeps for `game` (its "my games").
fn seat_tokens(b: &Browser, game: &str) -> Vec<String> {
    let seats = b.js(
        "return JSON.parse(localStorage.getItem('tabletop.seats') || '[]')",
        json!([]),
    );
    seats
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["game"] == game)
        .map(|s| s["token"].as_str().unwrap().to_owned())
        .collect()
}

fn wait_until_over(server: &TestServer, game: &str) {
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let summary = server.get(&format!("/api/games/{game}"), None);
        if summary["actor"]["type"] == "terminal" {
            assert!(summary["outcome"].is_object(), "{summary}");
            return;
        }
        assert!(Instant::now() < deadline, "the game did not end: {summary}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn two_accounts_and_a_bot_see_their_ratings_on_the_leaderboard_and_player_pages() {
    if !can_run_browser() {
        return;
    }
    let server = TestServer::start_with(Duration::ZERO, scored_registry());
    let b = Browser::start(DESKTOP.0, DESKTOP.1);
    b.goto(&server.url());
    b.wait_js(
        "the lobby",
        "return document.querySelector('#open-games details summary')",
        json!([]),
    );
    sign_up(&b, "Ann");
    // Ann opens a rated two-player game from the lobby's form: rated turns the clock on.
    b.click("#open-games details summary");
    b.js(
        "const e = document.querySelector('#open-players'); e.value = '2';
         e.dispatchEvent(new Event('input', {bubbles: true}));",
        json!([]),
    );
    b.click("#open-rated");
    b.wait_js(
        "the clock turned on",
        "const c = document.querySelector('#open-clocked'); return c.checked && c.disabled",
        json!([]),
    );
    b.save_screenshot("ratings-lobby-rated-form.png");
    b.click("#open-create-submit");
    b.wait_js(
        "the game page",
        "return location.pathname.startsWith('/games/')",
        json!([]),
    );
    let game = b
        .js("return location.pathname.split('/')[2]", json!([]))
        .as_str()
        .unwrap()
        .to_owned();
    let listed = server.get("/api/open-games", None);
    assert_eq!(listed["games"][0]["rated"], true, "{listed}");
    // Bea takes the open seat from the list, signed in.
    xhr(&b, "POST", "/api/account/logout", None, None);
    b.goto(&server.url());
    sign_up(&b, "Bea");
    b.goto(&server.url());
    b.wait_js(
        "the open game",
        "return document.querySelector('.open-join')",
        json!([]),
    );
    b.click(".open-join");
    b.wait_js(
        "Bea's seat",
        "return location.hash.includes('token=')",
        json!([]),
    );
    // Both hand their seats to the stand-in; the results stay theirs.
    let tokens = seat_tokens(&b, &game);
    assert_eq!(tokens.len(), 2, "this browser holds both seats");
    for t in &tokens {
        let (status, answer) = xhr(
            &b,
            "POST",
            &format!("/api/games/{game}/leave"),
            Some(t),
            None,
        );
        assert_eq!(status, 200, "{answer}");
    }
    wait_until_over(&server, &game);
    // Bea plays a rated game against the heuristic bot's account, and leaves it too.
    let body = json!({"kind": "powergrid", "setup": {"players": 2, "map": "germany"},
        "seats": [{"type": "human"}, {"type": "bot", "bot": "heuristic"}],
        "options": {"rated": true, "clock": {"type": "per_move", "seconds": 600}}});
    let (status, created) = xhr(&b, "POST", "/api/games", None, Some(body));
    assert_eq!(status, 201, "{created}");
    let second = created["game"].as_str().unwrap().to_owned();
    let seat = created["seats"][0]["token"].as_str().unwrap().to_owned();
    xhr(
        &b,
        "POST",
        &format!("/api/games/{second}/leave"),
        Some(&seat),
        None,
    );
    wait_until_over(&server, &second);
    let deadline = Instant::now() + Duration::from_secs(30);
    while server.get("/api/players/Bea", None)["ratings"]
        .as_array()
        .unwrap()
        .len()
        < 2
    {
        assert!(Instant::now() < deadline, "Bea's second rating never came");
        std::thread::sleep(Duration::from_millis(100));
    }
    for (size, label) in [(DESKTOP, "desktop"), (PHONE, "phone")] {
        b.resize(size.0, size.1);
        b.goto(&format!("{}/leaderboards/powergrid", server.url()));
        b.wait_js(
            "the leaderboard",
            "return document.querySelectorAll('#leaderboard-table tbody tr').length === 3",
            json!([]),
        );
        let rows = b.js(
            "return [...document.querySelectorAll('#leaderboard-table tbody tr')].map((r) => r.textContent)",
            json!([]),
        );
        let rows: Vec<&str> = rows
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        for name in ["Ann", "Bea", "heuristic-bot"] {
            assert!(
                rows.iter().any(|r| r.contains(name)),
                "{name} missing: {rows:?}"
            );
        }
        let bot_row = rows.iter().find(|r| r.contains("heuristic-bot")).unwrap();
        assert!(bot_row.contains("bot"), "the bot is marked: {bot_row}");
        assert!(rows.iter().all(|r| r.contains('±')), "{rows:?}");
        assert!(
            !text(&b, "#main").contains("Loading"),
            "nothing is left loading"
        );
        fits_the_width(&b, "the leaderboard");
        b.save_screenshot(&format!("ratings-leaderboard-{label}.png"));
        for (name, games) in [("Ann", 1), ("Bea", 2)] {
            b.goto(&format!("{}/players/{name}", server.url()));
            b.wait_js(
                "the chart",
                "return document.querySelector('#player-chart polyline')",
                json!([]),
            );
            let points = b.js(
                "return document.querySelector('#player-chart polyline').getAttribute('points').split(' ').length",
                json!([]),
            );
            assert_eq!(points, json!(games), "{name}: one point per rated game");
            let now = text(&b, "#player-current");
            let shown: f64 = now
                .split(':')
                .nth(1)
                .and_then(|r| r.split('(').next())
                .and_then(|r| r.trim().parse().ok())
                .unwrap_or_else(|| panic!("{name}: no rating in {now:?}"));
            let api = server.get(&format!("/api/players/{name}"), None);
            let last = api["ratings"].as_array().unwrap().last().unwrap()["rating"]
                .as_f64()
                .unwrap();
            assert!(
                (shown - last).abs() < 0.051,
                "{name}: {shown} shown, {last} rated"
            );
            assert!((last - 25.0).abs() > 1e-6, "{name}'s rating moved from 25");
            assert!(
                text(&b, "#player-games").contains("rated"),
                "rated games are marked"
            );
            fits_the_width(&b, "a player page");
            b.save_screenshot(&format!("ratings-player-{name}-{label}.png"));
        }
    }
}
