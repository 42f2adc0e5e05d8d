//! Rated play in a real headless Chromium, at 1366×900 and 390×844: Ann opens a rated Power
//! Grid game from the lobby's form, Bea joins it from the open-games list, both hand their
//! seats to the stand-in bot (the result stays theirs), and Bea plays a second rated game
//! against the heuristic bot's account; the leaderboard and both player pages then show the
//! ratings, the bot marked. Screenshots: `target/e2e-screenshots/ratings-*.png`.
//!
//! A second test is the newcomer: a stranger signs up on the account page, finds an
//! open rated Power Grid game in the lobby's list, joins it with one click, plays its first
//! round by clicking (auction, resources, building, powering) against a person and the
//! heuristic bot's account, hands the seat to the stand-in bot, and sees the ratings on the
//! leaderboard and on both players' pages; once at each size. Screenshots:
//! `target/e2e-screenshots/stranger-*.png`.

use e2e::{can_run_browser, fits_the_width, legal_of, scored_registry, text, Browser, TestServer};
use serde_json::{json, Value};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One browser at a time: the machine has two cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const DESKTOP: (u32, u32) = (1366, 900);
const PHONE: (u32, u32) = (390, 844);

/// This browser test's turn (one at a time), a server and a desktop-sized browser; `None`
/// where no browser can run.
fn session() -> Option<(std::sync::MutexGuard<'static, ()>, TestServer, Browser)> {
    if !can_run_browser() {
        return None;
    }
    let one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = TestServer::start_with(Duration::ZERO, scored_registry());
    Some((one, server, Browser::start(DESKTOP.0, DESKTOP.1)))
}

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
    let Some((_one, server, b)) = session() else {
        return;
    };
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

/// Brings `css` to the middle of the window, as a person scrolls to what they tap (on a phone
/// the action panel stays at the bottom), and clicks it.
fn tap(b: &Browser, css: &str) {
    b.js(
        "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})",
        json!([css]),
    );
    b.click(css);
}

/// The stranger's seat and its decisions of round 1 are made through the page's own controls;
/// `ann` (the other person) plays hers over HTTP: the cheapest way through each decision.
fn play_round_one(
    b: &Browser,
    server: &TestServer,
    game: &str,
    mine: &str,
    ann: &str,
    label: &str,
) {
    let view = format!("/api/games/{game}/view");
    let started = Instant::now();
    let (mut bought, mut built) = (false, false);
    let mut shots: Vec<&str> = Vec::new();
    let mut shot = |b: &Browser, step: &'static str| {
        if !shots.contains(&step) {
            shots.push(step);
            b.save_screenshot(&format!("stranger-{step}-{label}.png"));
        }
    };
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "{label}: round 1 took too long"
        );
        let theirs = server.get(&view, Some(ann));
        if let Some(action) = ann_move(&theirs) {
            let answer = server.post(
                &format!("/api/games/{game}/actions"),
                Some(ann),
                &json!({"version": theirs["version"], "action": action}),
            );
            assert!(
                answer.status == 200 || answer.status == 409,
                "{}",
                answer.body
            );
            continue;
        }
        let st = server.get(&view, Some(mine));
        if st["view"]["round"].as_u64().unwrap() >= 2 {
            break;
        }
        if st["legal"].as_array().unwrap().is_empty() {
            std::thread::sleep(Duration::from_millis(30));
            continue;
        }
        let version = st["version"].as_u64().unwrap();
        let shown = b.wait_js(
            "the page to catch up",
            "const v = Number(document.body.dataset.version); return v >= arguments[0] ? String(v) : false",
            json!([version]),
        );
        if shown != json!(version.to_string()) {
            continue;
        }
        let phase = st["view"]["phase"].as_str().unwrap().to_owned();
        if let Some(start) = legal_of(&st, "start_auction").first() {
            let plant = start["plant"].as_u64().unwrap();
            tap(
                b,
                &format!("#market-current .plant.selectable[data-plant=\"{plant}\"]"),
            );
            b.wait_js(
                "the offer button",
                "return document.querySelector('#offer')",
                json!([]),
            );
            shot(b, "auction");
            tap(b, "#offer");
        } else if !legal_of(&st, "bid").is_empty() || !legal_of(&st, "pass").is_empty() {
            // Someone else's plant: drop out (the page asks first only when set to).
            tap(
                b,
                if legal_of(&st, "discard").is_empty() {
                    "#pass"
                } else {
                    "[data-discard]"
                },
            );
        } else if phase == "resources" {
            let one = legal_of(&st, "buy")
                .into_iter()
                .find(|a| a["amount"] == 1)
                .map(|a| a["resource"].as_str().unwrap().to_owned());
            match one {
                Some(res) if !bought => {
                    bought = true;
                    b.type_into(&format!("#buy-{res}-n"), "1");
                    shot(b, "resources");
                    tap(b, &format!("#buy-{res}"));
                }
                _ => tap(b, "#done"),
            }
        } else if phase == "building" {
            // A buildable city in sight on the map (the map shows part of the board).
            let in_sight = b.js(
                "return [...document.querySelectorAll('g.city.buildable circle.disc')].map((d) => {
                   d.scrollIntoView({block: 'center'});
                   const r = d.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                   return hit && d.parentNode.contains(hit) ? d.parentNode.dataset.city : null;
                 }).filter(Boolean)",
                json!([]),
            );
            let city = legal_of(&st, "build")
                .into_iter()
                .map(|a| a["city"].clone())
                .find(|c| in_sight.as_array().unwrap().contains(c));
            match city {
                Some(city) if !built => {
                    built = true;
                    let city = city.as_str().unwrap().to_owned();
                    tap(
                        b,
                        &format!("g.city.buildable[data-city=\"{city}\"] circle.disc"),
                    );
                    b.wait_js(
                        "the build button",
                        "return document.querySelector('#build')",
                        json!([]),
                    );
                    shot(b, "building");
                    tap(b, "#build");
                }
                _ => tap(b, "#done"),
            }
        } else if !legal_of(&st, "power").is_empty() {
            b.wait_js(
                "the power button",
                "return document.querySelector('#power')",
                json!([]),
            );
            shot(b, "powering");
            tap(b, "#power");
        } else {
            panic!("{label}: no control for {}", st["legal"]);
        }
        let moved = b.wait_js(
            "the page's move to be accepted",
            "const e = [...document.querySelectorAll('.error')].find(e => e.textContent);
             if (e) return 'refused: ' + e.textContent;
             return Number(document.body.dataset.version) > arguments[0]",
            json!([version]),
        );
        assert_eq!(moved, json!(true), "{label}: the page's move was refused");
    }
    assert!(bought && built, "{label}: the stranger bought and built");
    let mine = server.get(&format!("/api/games/{game}/view"), Some(mine));
    let seat = mine["viewer"]["seat"].as_u64().unwrap() as usize;
    let me = &mine["view"]["players"][seat];
    assert_eq!(me["plants"].as_array().map(Vec::len), Some(1), "{me}");
    assert_eq!(me["cities"].as_array().map(Vec::len), Some(1), "{me}");
}

/// Ann's move when it is hers: the first plant at its minimum, out of every other auction,
/// nothing bought, the cheapest city, every plant that can run.
fn ann_move(st: &Value) -> Option<Value> {
    let legal = st["legal"].as_array()?;
    let first = |kind: &str| legal.iter().find(|a| a["type"] == kind).cloned();
    let phase = st["view"]["phase"].as_str().unwrap_or_default();
    if legal.is_empty() {
        return None;
    }
    match phase {
        "building"
            if st["view"]["players"][st["viewer"]["seat"].as_u64()? as usize]["cities"]
                .as_array()
                .is_some_and(Vec::is_empty) =>
        {
            first("build")
        }
        "resources" | "building" => first("done"),
        _ => first("pass")
            .or_else(|| first("start_auction"))
            .or_else(|| first("discard"))
            .or_else(|| legal.last().cloned()),
    }
}

/// The player's latest rating on their page, as the page shows it, checked against the API.
fn rating_on_page(b: &Browser, server: &TestServer, name: &str) -> f64 {
    b.goto(&format!("{}/players/{name}", server.url()));
    b.wait_js(
        "the chart",
        "return document.querySelector('#player-chart polyline')",
        json!([]),
    );
    let now = text(b, "#player-current");
    let shown: f64 = now
        .split(':')
        .nth(1)
        .and_then(|r| r.split('(').next())
        .and_then(|r| r.trim().parse().ok())
        .unwrap_or_else(|| panic!("{name}: no rating in {now:?}"));
    let api = server.get(&format!("/api/players/{name}"), None);
    let latest = api["ratings"].as_array().unwrap().last().unwrap();
    let last = latest["rating"].as_f64().unwrap();
    assert!(
        (shown - last).abs() < 0.051,
        "{name}: {shown} shown, {last} rated"
    );
    // A middle place of three may leave the rating where it was; its uncertainty shrinks.
    let deviation = latest["deviation"].as_f64().unwrap();
    assert!(deviation < 8.3, "{name}: ± {deviation} after a rated game");
    assert!(
        now.contains(&format!("{deviation:.1}")),
        "{now:?} shows ± {deviation}"
    );
    assert!(
        text(b, "#player-games").contains("rated"),
        "rated games are marked"
    );
    shown
}

#[test]
fn a_stranger_signs_up_joins_an_open_game_plays_it_and_sees_the_ratings() {
    let Some((_one, server, b)) = session() else {
        return;
    };
    for (size, label, ann, stranger) in [
        (DESKTOP, "desktop", "Ann", "Cleo"),
        (PHONE, "phone", "Bea", "Dora"),
    ] {
        b.resize(size.0, size.1);
        // Ann, a person with an account, opens a rated game: her seat, one open, the bot's.
        b.goto(&server.url());
        sign_up(&b, ann);
        let body = json!({"kind": "powergrid", "setup": {"players": 3, "map": "germany"},
            "seats": [{"type": "human"}, {"type": "open"}, {"type": "bot", "bot": "heuristic"}],
            "options": {"rated": true, "clock": {"type": "per_move", "seconds": 600}}});
        let (status, created) = xhr(&b, "POST", "/api/games", None, Some(body));
        assert_eq!(status, 201, "{created}");
        let game = created["game"].as_str().unwrap().to_owned();
        let ann_token = created["seats"][0]["token"].as_str().unwrap().to_owned();
        xhr(&b, "POST", "/api/account/logout", None, None);
        // From here on the browser is the stranger's, as if on another machine.
        b.js("localStorage.clear(); localStorage.setItem('tabletop.table', JSON.stringify({ confirm: false }));", json!([]));

        // The stranger signs up on the account page, reached from the header.
        b.goto(&server.url());
        b.wait_js(
            "the header's sign-in link",
            "return document.querySelector('#account-link')",
            json!([]),
        );
        b.click("#account-link");
        b.wait_js(
            "the account page",
            "return document.querySelector('#account-mode-signup')",
            json!([]),
        );
        b.click("#account-mode-signup");
        b.type_into("#account-name", stranger);
        b.type_into("#account-password", "correct horse");
        fits_the_width(&b, "the sign-up form");
        b.save_screenshot(&format!("stranger-signup-{label}.png"));
        b.click("#account-submit");
        b.wait_js(
            "signed in",
            "return document.querySelector('#account-who')",
            json!([]),
        );
        assert!(text(&b, "#account-who").contains(stranger));
        assert!(
            text(&b, "#account-link").contains(stranger),
            "the header names the player"
        );
        b.save_screenshot(&format!("stranger-signed-in-{label}.png"));

        // The lobby lists Ann's game: kind, rated, who waits, the bot, seats left.
        b.goto(&server.url());
        let row = format!(".open-game[data-game=\"{game}\"]");
        b.wait_js(
            "the open game",
            "return document.querySelector(arguments[0])",
            json!([row]),
        );
        let listed = text(&b, &row);
        for said in ["Power Grid", "rated", ann, "heuristic", "1 seat left"] {
            assert!(listed.contains(said), "{said:?} missing from {listed:?}");
        }
        b.js(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})",
            json!([row]),
        );
        fits_the_width(&b, "the lobby");
        b.save_screenshot(&format!("stranger-lobby-{label}.png"));
        b.click(&format!("{row} .open-join"));
        let link = b.wait_js(
            "the stranger's seat",
            "return location.hash.includes('token=') ? location.href : null",
            json!([]),
        );
        let mine = link
            .as_str()
            .unwrap()
            .split("#token=")
            .nth(1)
            .unwrap()
            .to_owned();
        assert!(
            server.get("/api/open-games", None)["games"]
                .as_array()
                .unwrap()
                .is_empty(),
            "the game started"
        );

        play_round_one(&b, &server, &game, &mine, &ann_token, label);

        // The stranger hands the seat to the stand-in from the page; so does Ann.
        b.js("window.scrollTo(0, 0)", json!([]));
        b.click("#table-settings summary");
        b.wait_js(
            "the leave button",
            "return document.querySelector('#table-leave')",
            json!([]),
        );
        b.save_screenshot(&format!("stranger-leave-{label}.png"));
        b.click("#table-leave");
        let answer = server.post(
            &format!("/api/games/{game}/leave"),
            Some(&ann_token),
            &json!({}),
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
        wait_until_over(&server, &game);
        b.wait_js(
            "the final standings",
            "return document.querySelector('#standings')",
            json!([]),
        );
        b.save_screenshot(&format!("stranger-over-{label}.png"));

        // The leaderboard lists all three, the bot marked; both pages show the new ratings.
        let deadline = Instant::now() + Duration::from_secs(30);
        while server.get(&format!("/api/players/{stranger}"), None)["ratings"]
            .as_array()
            .unwrap()
            .is_empty()
        {
            assert!(Instant::now() < deadline, "{stranger}'s rating never came");
            std::thread::sleep(Duration::from_millis(100));
        }
        b.goto(&format!("{}/leaderboards/powergrid", server.url()));
        b.wait_js(
            "the leaderboard",
            "return [...document.querySelectorAll('#leaderboard-table tbody tr')].some((r) => r.textContent.includes(arguments[0]))",
            json!([stranger]),
        );
        let rows = b.js(
            "return [...document.querySelectorAll('#leaderboard-table tbody tr')].map((r) => r.textContent)",
            json!([]),
        );
        let rows: Vec<String> = serde_json::from_value(rows).unwrap();
        for name in [stranger, ann, "heuristic-bot"] {
            assert!(
                rows.iter().any(|r| r.contains(name)),
                "{name} missing: {rows:?}"
            );
        }
        assert!(rows
            .iter()
            .find(|r| r.contains("heuristic-bot"))
            .unwrap()
            .contains("bot"));
        fits_the_width(&b, "the leaderboard");
        b.save_screenshot(&format!("stranger-leaderboard-{label}.png"));
        for name in [stranger, ann] {
            rating_on_page(&b, &server, name);
            fits_the_width(&b, "a player page");
            b.save_screenshot(&format!("stranger-player-{name}-{label}.png"));
        }
        xhr(&b, "POST", "/api/account/logout", None, None);
        b.js("localStorage.clear()", json!([]));
    }
}
