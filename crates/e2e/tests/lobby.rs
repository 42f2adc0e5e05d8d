//! The lobby, hotseat and the replay viewer in a real headless Chromium (issue #12): each test
//! is a regression test for a bug a new player hit, or the check of a feature, at desktop
//! (1366×900) and phone (390×844) sizes, with screenshots in `target/e2e-screenshots/lobby-*`.
//!
//! - Seats are named as the game page names them ("Red", "Ann (Red)"), not "seat 4" (bug 4).
//! - The creator plays the first seat, the others default to the strongest bot, `public_money`
//!   is offered, and creating takes the creator to their seat, with the other seats' links in
//!   the share box (bug 9).
//! - Time controls are chosen at creation, with a message next to an out-of-range field; a
//!   refused name is explained and nothing is created.
//! - Hotseat: a "pass the device" screen between two human seats hides The Game's hand.
//!
//! One browser per test, one test at a time (the machine has two cores). Without Chromium the
//! tests fail when `CI` is set and are skipped with a notice otherwise.

use e2e::{can_run_browser, http, Browser, TestServer};
use serde_json::{json, Value};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const DESKTOP: (u32, u32) = (1366, 900);
const PHONE: (u32, u32) = (390, 844);

/// One test's session: the lock (one browser at a time), a server whose bots wait `bot_delay`,
/// and a browser of `size`; `None` where the browser test is skipped.
fn session(
    bot_delay: Duration,
    size: (u32, u32),
) -> Option<(MutexGuard<'static, ()>, TestServer, Browser)> {
    if !can_run_browser() {
        return None;
    }
    let one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = TestServer::start(bot_delay);
    let browser = Browser::start(size.0, size.1);
    Some((one, server, browser))
}

/// Opens the lobby and waits until its create form is built.
fn open_lobby(b: &Browser, server: &TestServer) {
    b.goto(&server.url());
    b.wait_js(
        "the lobby's seats",
        "return document.querySelectorAll('#seats .seat[data-seat]').length > 0",
        json!([]),
    );
}

/// Picks `kind` and `players` in the create form.
fn choose(b: &Browser, kind: &str, players: u32) {
    b.js(
        "const s = document.querySelector('#kind'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));
         const p = document.querySelector('#players'); p.value = String(arguments[1]); p.dispatchEvent(new Event('change'));",
        json!([kind, players]),
    );
}

/// Sets a `<select>` or checkbox by script and tells the page (as a user's change would).
fn set(b: &Browser, css: &str, value: Value) {
    let ok = b.js(
        "const e = document.querySelector(arguments[0]); if (!e) return false;
         if (e.type === 'checkbox') e.checked = arguments[1]; else e.value = arguments[1];
         e.dispatchEvent(new Event('change', { bubbles: true })); e.dispatchEvent(new Event('input', { bubbles: true }));
         return true;",
        json!([css, value]),
    );
    assert_eq!(ok, json!(true), "no element {css}");
}

/// The seat rows of the create form: `[label, type, name shown]`.
fn seat_rows(b: &Browser) -> Value {
    b.js(
        "return [...document.querySelectorAll('#seats .seat[data-seat]')].map(r => [
           r.querySelector('.seat-label').textContent.trim(),
           r.querySelector('select').value,
           !r.querySelector('input.seat-name').hidden])",
        json!([]),
    )
}

/// Waits for the browser to be on a game page with a seat token; gives (game, token).
fn on_seat_page(b: &Browser) -> (String, String) {
    let href = b.wait_js(
        "a seat's game page",
        "return location.pathname.startsWith('/games/') && location.hash.includes('token=') && document.body.dataset.version !== undefined ? location.href : null",
        json!([]),
    );
    let href = href.as_str().unwrap();
    let game = href.split("/games/").nth(1).unwrap()[..32].to_owned();
    let token = href.split("token=").nth(1).unwrap()[..32].to_owned();
    (game, token)
}

/// The seat tokens this browser keeps for `game`, by seat.
fn saved_tokens(b: &Browser, game: &str) -> Vec<String> {
    let tokens = b.js(
        "return JSON.parse(localStorage.getItem('tabletop.seats')).filter(s => s.game === arguments[0]).sort((a, b) => a.seat - b.seat).map(s => s.token)",
        json!([game]),
    );
    tokens
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect()
}

/// Screenshots at desktop and phone size (the window is left at desktop size).
fn shots(b: &Browser, name: &str) {
    b.js("window.scrollTo(0, 0)", json!([]));
    b.save_screenshot(&format!("lobby-{name}-desktop.png"));
    b.resize(PHONE.0, PHONE.1);
    b.wait_js(
        "the phone layout",
        "return window.innerWidth <= 400",
        json!([]),
    );
    b.js("window.scrollTo(0, 0)", json!([]));
    b.save_screenshot(&format!("lobby-{name}-phone.png"));
    // Nothing may stick out sideways on a phone.
    let wide = b.js(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1",
        json!([]),
    );
    assert_eq!(wide, json!(true), "{name}: the phone page scrolls sideways");
    b.resize(DESKTOP.0, DESKTOP.1);
    b.wait_js(
        "the desktop layout",
        "return window.innerWidth > 1000",
        json!([]),
    );
}

#[test]
fn the_lobby_names_seats_by_colour_defaults_to_bots_validates_and_takes_the_creator_to_their_seat()
{
    let Some((_one, server, b)) = session(Duration::from_millis(20), DESKTOP) else {
        return;
    };
    open_lobby(&b, &server);

    // Bug 9: the creator plays the first seat, the others are the strongest bot; bug 4: Power
    // Grid's seats are named by colour, as on the game page.
    choose(&b, "powergrid", 4);
    assert_eq!(
        seat_rows(&b),
        json!([
            ["Red", "human", true],
            ["Blue", "bot:random", false],
            ["Green", "bot:random", false],
            ["Yellow", "bot:random", false]
        ])
    );
    choose(&b, "thegame", 3);
    assert_eq!(
        seat_rows(&b),
        json!([
            ["Seat 1", "human", true],
            ["Seat 2", "bot:search", false],
            ["Seat 3", "bot:search", false]
        ]),
        "The Game's strongest bot is search"
    );
    assert_eq!(
        b.js(
            "return document.querySelector('#pg-fields').hidden",
            json!([])
        ),
        json!(true)
    );

    // A Power Grid game with a second human seat, names, public money and a clock.
    choose(&b, "powergrid", 4);
    set(&b, "select.seat-type[data-seat=\"3\"]", json!("human"));
    b.type_into("input.seat-name[data-seat=\"0\"]", "Ann");
    b.type_into("input.seat-name[data-seat=\"3\"]", "Bo");
    set(&b, "#public-money", json!(true));
    // Regions chosen by hand must be as many as the table needs.
    set(&b, "#random-regions", json!(false));
    set(&b, ".region[value=\"green\"]", json!(true));
    set(&b, ".region[value=\"brown\"]", json!(true));
    b.click("#create");
    let msg = b.wait_js(
        "the regions' message",
        "return document.querySelector('#create-error').textContent",
        json!([]),
    );
    assert_eq!(msg, json!("Choose exactly 4 regions (you chose 2)."));
    set(&b, "#random-regions", json!(true));
    // Each time control's fields, checked against the server's ranges as they are typed.
    for (clock, field, typed, message) in [
        ("bank", "#clock-bank-minutes", "0", "Between 1 and 1,440"),
        ("bank", "#clock-increment", "3601", "Between 0 and 3,600"),
        ("days", "#clock-days", "31", "Between 1 and 30"),
    ] {
        set(&b, "#clock", json!(clock));
        b.type_into(field, typed);
        let shown = b.wait_js(
            &format!("the message of {field}"),
            "return document.querySelector(arguments[0] + '-error').textContent",
            json!([field]),
        );
        assert_eq!(shown, json!(message), "{field} = {typed}");
    }
    set(&b, "#clock", json!("per_move"));
    // An out-of-range field is explained next to it, and nothing is created.
    b.type_into("#clock-seconds", "0");
    b.click("#create");
    let msg = b.wait_js(
        "the clock field's message",
        "return document.querySelector('#clock-seconds-error').textContent",
        json!([]),
    );
    assert_eq!(msg, json!("Between 1 and 86,400"));
    assert_eq!(
        b.js(
            "return document.querySelector('#create-error').textContent",
            json!([])
        ),
        json!("Fix the time control first.")
    );
    b.save_screenshot("lobby-clock-refused-desktop.png");
    b.type_into("#clock-seconds", "120");
    // A name the server refuses (a zero-width character) is explained; still nothing created.
    set(&b, "input.seat-name[data-seat=\"0\"]", json!("A\u{200b}nn"));
    b.click("#create");
    let refused = b.wait_js(
        "the refused name's message",
        "return document.querySelector('#create-error').textContent",
        json!([]),
    );
    assert_eq!(
        refused,
        json!("Refused: That name is not allowed: use 1 to 24 visible characters.")
    );
    assert_eq!(
        b.js("return location.pathname", json!([])),
        json!("/"),
        "a refused game leaves the lobby"
    );
    b.type_into("input.seat-name[data-seat=\"0\"]", "Ann");
    shots(&b, "create-powergrid");
    b.click("#create");

    // Taken to Red's seat; the page calls the player "Ann (Red)", as the lobby did.
    let (game, token) = on_seat_page(&b);
    b.wait_js(
        "the game page's player line",
        "return document.body.textContent.includes('You play Ann (Red).')",
        json!([]),
    );
    let st = server.get(&format!("/api/games/{game}/view"), Some(&token));
    assert_eq!(st["viewer"], json!({"type": "seat", "seat": 0}));
    assert_eq!(st["seats"][0]["name"], json!("Ann"));
    assert_eq!(st["seats"][3]["name"], json!("Bo"));
    assert_eq!(st["seats"][1]["type"], json!("bot"));
    assert_eq!(st["view"]["public_money"], json!(true));
    assert_eq!(
        st["clock"]["control"],
        json!({"type": "per_move", "seconds": 120})
    );
    // The share box holds Yellow's link (a working seat link) and the spectator link.
    let links = b.wait_js(
        "the share box",
        "const box = document.querySelector('#share-box'); if (!box) return null;
         return [...box.querySelectorAll('.link-row')].map(r => [r.querySelector('.link-label').textContent, r.querySelector('input').value])",
        json!([]),
    );
    let links = links.as_array().unwrap();
    assert_eq!(links.len(), 2, "{links:?}");
    assert_eq!(links[0][0], json!("Bo (Yellow)"));
    let bo = links[0][1].as_str().unwrap();
    let bo_token = bo.split("#token=").nth(1).unwrap();
    let bo_view = server.get(&format!("/api/games/{game}/view"), Some(bo_token));
    assert_eq!(bo_view["viewer"], json!({"type": "seat", "seat": 3}));
    assert_eq!(links[1][0], json!("Spectator link"));
    assert!(!links[1][1].as_str().unwrap().contains("token="));
    shots(&b, "created-powergrid");

    // My games: the game with its names, whose turn and the clock (which runs while a human
    // seat is to act: the bots move within milliseconds).
    let deadline = std::time::Instant::now() + e2e::WAIT;
    let st = loop {
        let st = server.get(&format!("/api/games/{game}"), None);
        if st["clock"]["deadline_ms"].is_u64() {
            break st;
        }
        assert!(std::time::Instant::now() < deadline, "no clock runs: {st}");
        std::thread::sleep(Duration::from_millis(50));
    };
    open_lobby(&b, &server);
    let row = b.wait_js(
        "the game in my games",
        "const r = document.querySelector('#my-games .game-row[data-game=\"' + arguments[0] + '\"]'); return r ? r.textContent : null",
        json!([game]),
    );
    let row = row.as_str().unwrap();
    assert!(row.contains("Power Grid as Ann (Red)"), "{row}");
    assert!(row.contains("Bo (Yellow)"), "{row}");
    assert!(row.contains(" left"), "the clock: {row}");
    let actor = &st["actor"];
    if actor["seat"] == json!(0) {
        assert!(row.contains("your turn"), "{row}");
    } else {
        assert!(row.contains("waiting for"), "{row}");
    }
    shots(&b, "my-games");
}

#[test]
fn a_player_joining_by_link_names_their_seat() {
    let Some((_one, server, b)) = session(Duration::from_millis(20), PHONE) else {
        return;
    };
    let created = http(
        server.addr,
        "POST",
        "/api/games",
        &[],
        Some(
            &json!({"kind": "thegame", "setup": {"players": 2, "seed": 5},
                    "seats": [{"type": "human", "name": "Ann"}, {"type": "human"}]})
            .to_string(),
        ),
    )
    .unwrap()
    .json();
    let game = created["game"].as_str().unwrap().to_owned();
    let link = created["seats"][1]["link"].as_str().unwrap().to_owned();
    b.goto(&link);
    b.wait_js(
        "the name box",
        "return document.querySelector('#join-name-box') !== null",
        json!([]),
    );
    // An empty name is explained, not sent.
    b.click("#join-name-box button[type=submit]");
    let msg = b.wait_js(
        "the empty name's message",
        "return document.querySelector('#join-name-box .error').textContent",
        json!([]),
    );
    assert_eq!(msg, json!("Type a name first."));
    b.type_into("#join-name", "Cy");
    b.save_screenshot("lobby-join-name-phone.png");
    b.click("#join-name-box button[type=submit]");
    b.wait_js(
        "the page to call the player Cy",
        "return document.querySelector('#join-name-box') === null && document.body.textContent.includes('You play Cy.')",
        json!([]),
    );
    let summary = server.get(&format!("/api/games/{game}"), None);
    assert_eq!(summary["seats"][1]["name"], json!("Cy"));
    // Teammates are named too.
    b.wait_js(
        "Ann in the team list",
        "return document.body.textContent.includes('Ann: 7 in hand')",
        json!([]),
    );
}

/// The legal plays of `token`'s seat, and whether it may end its turn.
fn legal_of(server: &TestServer, game: &str, token: &str) -> (Vec<(u64, String)>, bool) {
    let st = server.get(&format!("/api/games/{game}/view"), Some(token));
    let legal = st["legal"].as_array().cloned().unwrap_or_default();
    let plays = legal
        .iter()
        .filter(|a| a["type"] == "play")
        .map(|a| {
            (
                a["card"].as_u64().unwrap(),
                a["pile"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (plays, legal.iter().any(|a| a["type"] == "end_turn"))
}

#[test]
fn hotseat_passes_the_device_between_seats_and_hides_the_hand() {
    let Some((_one, server, b)) = session(Duration::from_millis(20), DESKTOP) else {
        return;
    };
    open_lobby(&b, &server);
    // Ending a turn is sent without the confirmation step (table.js's setting), as in browser.rs.
    b.js(
        "localStorage.setItem('tabletop.table', JSON.stringify({ confirm: false }))",
        json!([]),
    );
    choose(&b, "thegame", 2);
    set(&b, "select.seat-type[data-seat=\"1\"]", json!("human"));
    b.type_into("input.seat-name[data-seat=\"0\"]", "Ann");
    b.type_into("input.seat-name[data-seat=\"1\"]", "Bo");
    set(&b, "#hotseat", json!(true));
    b.type_into("#seed", "11");
    b.click("#create");
    let (game, _) = on_seat_page(&b);
    // Both seats' tokens are kept in this browser.
    let tokens = saved_tokens(&b, &game);
    assert_eq!(tokens.len(), 2);
    let names = ["Ann (Seat 1)", "Bo (Seat 2)"];

    // Three turns: whenever the other seat is to play, the pass screen covers the page.
    let mut passes = 0;
    for turn in 0..3 {
        let summary = server.get(&format!("/api/games/{game}"), None);
        let actor = summary["actor"]["seat"].as_u64().unwrap() as usize;
        let shown = b.wait_js(
            "the page to show the actor's seat or the pass screen",
            "const p = document.querySelector('#pass-device');
             if (p) return 'pass:' + p.dataset.seat;
             const s = document.querySelector('#tg-status'); return s && s.textContent.includes('Your turn') ? 'mine' : null",
            json!([]),
        );
        if shown == json!(format!("pass:{actor}")) {
            // The hand is hidden: the page under the screen is not shown at all.
            let hidden = b.js(
                "const m = document.querySelector('#main'); return m.hidden && m.getBoundingClientRect().height === 0",
                json!([]),
            );
            assert_eq!(hidden, json!(true), "turn {turn}: the page is hidden");
            let title = b.js(
                "return document.querySelector('#pass-device h2').textContent",
                json!([]),
            );
            assert_eq!(title, json!(format!("Pass the device to {}", names[actor])));
            if passes == 0 {
                shots(&b, "hotseat-pass");
            }
            passes += 1;
            b.click("#pass-device-ready");
        } else {
            assert_eq!(shown, json!("mine"), "turn {turn}");
        }
        b.wait_js(
            "the actor's own page",
            "return location.hash.includes(arguments[0]) && !document.querySelector('#pass-device') && (document.querySelector('#tg-status')?.textContent || '').includes('Your turn')",
            json!([tokens[actor]]),
        );
        // Play the lowest legal plays by clicking, then end the turn.
        loop {
            let (plays, can_end) = legal_of(&server, &game, &tokens[actor]);
            if can_end {
                b.click("#end-turn");
                break;
            }
            let (card, pile) = plays.first().cloned().expect("a legal play");
            let version = server.get(&format!("/api/games/{game}"), None)["version"]
                .as_u64()
                .unwrap();
            b.click(&format!("button.card[data-card=\"{card}\"]"));
            b.click(&format!(".pile[data-pile=\"{pile}\"]"));
            b.wait_js(
                "the play to be accepted",
                "return Number(document.body.dataset.version) > arguments[0]",
                json!([version]),
            );
        }
        b.wait_js(
            "the other seat's turn",
            "const p = document.querySelector('#pass-device'); return p && p.dataset.seat === String(arguments[0])",
            json!([1 - actor]),
        );
    }
    assert!(passes >= 2, "the device was passed {passes} times");

    // The lobby's "My games" lists the hotseat game once, opening at the seat to move.
    let actor = server.get(&format!("/api/games/{game}"), None)["actor"]["seat"]
        .as_u64()
        .unwrap() as usize;
    open_lobby(&b, &server);
    let rows = b.wait_js(
        "my games to list the hotseat game",
        "const rows = [...document.querySelectorAll('#my-games .game-row[data-game=\"' + arguments[0] + '\"]')];
         return rows.length ? rows.map(r => [r.querySelector('.open-game').textContent, r.querySelector('.open-game').getAttribute('href')]) : null",
        json!([game]),
    );
    assert_eq!(
        rows,
        json!([[
            "The Game on this device (hotseat)",
            format!("/games/{game}#token={}", tokens[actor])
        ]]),
    );
    // Rows of the same kind are told apart by when the game started (bug 19 of issue #28).
    let started = b.js(
        "const r = document.querySelector('#my-games .game-row[data-game=\"' + arguments[0] + '\"] .game-started'); return r && r.textContent",
        json!([game]),
    );
    assert!(
        started
            .as_str()
            .is_some_and(|s| s.starts_with(" · started ")),
        "{started}"
    );
    shots(&b, "hotseat-my-games");
}

/// Hotseat with Power Grid: two human seats on one device beside a bot. Whenever the other
/// human seat is to act, the pass screen hides the page (and with it the previous player's
/// money and plans); confirming opens the page as that seat.
#[test]
fn hotseat_works_for_power_grid_too() {
    let Some((_one, server, b)) = session(Duration::from_millis(20), DESKTOP) else {
        return;
    };
    open_lobby(&b, &server);
    choose(&b, "powergrid", 3);
    set(&b, "select.seat-type[data-seat=\"1\"]", json!("human"));
    set(&b, "#hotseat", json!(true));
    b.type_into("#seed", "5");
    b.click("#create");
    let (game, _) = on_seat_page(&b);
    let tokens = saved_tokens(&b, &game);
    assert_eq!(tokens.len(), 2, "both human seats are kept in this browser");

    // Play the humans' first legal actions (by the API, as the page's own buttons are tested
    // elsewhere) until the device has been passed twice.
    let mut passes = 0;
    for step in 0..200 {
        if passes >= 2 {
            break;
        }
        let summary = server.get(&format!("/api/games/{game}"), None);
        let Some(actor) = summary["actor"]["seat"].as_u64().map(|s| s as usize) else {
            panic!("step {step}: the game ended before the device was passed twice");
        };
        if actor >= 2 {
            // The bot's turn: wait for it to move.
            let version = summary["version"].as_u64().unwrap();
            let deadline = std::time::Instant::now() + Duration::from_secs(20);
            while server.get(&format!("/api/games/{game}"), None)["version"].as_u64()
                == Some(version)
            {
                assert!(std::time::Instant::now() < deadline, "the bot never moved");
                std::thread::sleep(Duration::from_millis(20));
            }
            continue;
        }
        let version = summary["version"].as_u64().unwrap();
        let shown = b.wait_js(
            "the actor's page or the pass screen, at the current version",
            "if (Number(document.body.dataset.version) < arguments[0]) return null;
             const p = document.querySelector('#pass-device');
             if (p) return 'pass:' + p.dataset.seat;
             return location.hash.includes(arguments[1]) ? 'mine' : null",
            json!([version, tokens[actor]]),
        );
        if shown == json!(format!("pass:{actor}")) {
            let hidden = b.js(
                "const m = document.querySelector('#main'); return m.hidden && m.getBoundingClientRect().height === 0",
                json!([]),
            );
            assert_eq!(hidden, json!(true), "step {step}: the page is hidden");
            if passes == 0 {
                shots(&b, "hotseat-powergrid-pass");
            }
            passes += 1;
            b.click("#pass-device-ready");
            b.wait_js(
                "the actor's own page",
                "return location.hash.includes(arguments[0]) && !document.querySelector('#pass-device') && Number(document.body.dataset.version) >= arguments[1]",
                json!([tokens[actor], version]),
            );
        } else {
            assert_eq!(shown, json!("mine"), "step {step}");
        }
        let view = server.get(&format!("/api/games/{game}/view"), Some(&tokens[actor]));
        let action = view["legal"][0].clone();
        let answer = server.post(
            &format!("/api/games/{game}/actions"),
            Some(&tokens[actor]),
            &json!({"version": version, "action": action}),
        );
        assert_eq!(answer.status, 200, "step {step}: {}", answer.body);
    }
    assert!(passes >= 2, "the device was passed {passes} times");
}

/// Creates a game by the API; gives its creation answer.
fn create_by_api(server: &TestServer, body: Value) -> Value {
    let answer = http(
        server.addr,
        "POST",
        "/api/games",
        &[],
        Some(&body.to_string()),
    )
    .unwrap();
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()
}

/// Waits (polling the server, generous deadline) until the game is over.
fn wait_over(server: &TestServer, game: &str, mut step: impl FnMut(&Value)) -> Value {
    let deadline = std::time::Instant::now() + e2e::WAIT * 3;
    loop {
        let summary = server.get(&format!("/api/games/{game}"), None);
        if !summary["outcome"].is_null() {
            return summary;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the game did not end: {summary}"
        );
        step(&summary);
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// What the replay page shows: the counter, the board's step, the revealed rows.
fn replay_shows(b: &Browser, step: u64, steps: u64) {
    b.wait_js(
        &format!("the replay at move {step}"),
        "return document.querySelector('#replay-step')?.textContent === arguments[0]
           && document.querySelector('#replay-board')?.dataset.shown === String(arguments[1])
           && document.body.dataset.version === String(arguments[1])",
        json!([format!("Move {step} of {steps}"), step]),
    );
}

#[test]
fn a_finished_game_is_replayed_move_by_move_from_its_page_and_the_lobby() {
    let Some((_one, server, b)) = session(Duration::ZERO, DESKTOP) else {
        return;
    };
    // The Game: a named human seat (played here by the API) and a bot, to the end.
    let created = create_by_api(
        &server,
        json!({"kind": "thegame", "setup": {"players": 2, "seed": 3},
               "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "heuristic"}]}),
    );
    let game = created["game"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let link = created["seats"][0]["link"].as_str().unwrap().to_owned();
    wait_over(&server, &game, |summary| {
        if summary["actor"]["seat"] != json!(0) {
            return;
        }
        let st = server.get(&format!("/api/games/{game}/view"), Some(&token));
        let legal = st["legal"].as_array().cloned().unwrap_or_default();
        let Some(action) = legal
            .iter()
            .find(|a| a["type"] == "play")
            .or_else(|| legal.iter().find(|a| a["type"] == "end_turn"))
        else {
            return;
        };
        let body = json!({"version": st["version"], "action": action}).to_string();
        let auth = format!("Bearer {token}");
        // A stale version (the bot moved meanwhile) is simply tried again.
        let _ = http(
            server.addr,
            "POST",
            &format!("/api/games/{game}/actions"),
            &[("Authorization", auth.as_str())],
            Some(&body),
        );
    });
    let steps = server.get(&format!("/api/games/{game}/replay?step=0"), None)["steps"]
        .as_u64()
        .unwrap();

    // The finished game's page links its replay and its record.
    b.goto(&link);
    b.click("#watch-replay");
    replay_shows(&b, 0, steps);
    let record = b.js(
        "return fetch(document.querySelector('#download-record').getAttribute('href')).then(r => r.json())",
        json!([]),
    );
    assert_eq!(record["complete"], json!(true));
    assert_eq!(record["actions"].as_array().unwrap().len() as u64, steps);

    // Forward one move: the board and its log are the game after move 1, and every hand is
    // listed (the game is over).
    b.click("#replay-next");
    replay_shows(&b, 1, steps);
    let r1 = server.get(&format!("/api/games/{game}/replay?step=1"), None);
    let hands = b.js(
        "return [...document.querySelectorAll('#replay-revealed li')].map(li => li.textContent)",
        json!([]),
    );
    for s in 0..2 {
        let mut hand: Vec<u64> = r1["views"][s]["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        hand.sort();
        let cards: Vec<String> = hand.iter().map(u64::to_string).collect();
        let name = ["Ann (Seat 1)", "Seat 2"][s];
        assert_eq!(hands[s], json!(format!("{name}: {}", cards.join(" "))));
    }
    let log_len = b.js(
        "return document.querySelectorAll('#tg-log li').length",
        json!([]),
    );
    let events: usize = r1["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["events"].as_array().unwrap().len())
        .sum();
    assert_eq!(log_len, json!(events), "the log holds move 1's events only");

    // Seen by seat 2: the board shows that seat's hand.
    set(&b, "#replay-seat", json!("1"));
    b.wait_js(
        "seat 2's hand on the board",
        "const hand = [...document.querySelectorAll('#tg-hand .card')].map(c => Number(c.dataset.card)).sort((a, b) => a - b);
         return JSON.stringify(hand) === JSON.stringify(arguments[0].slice().sort((a, b) => a - b))",
        json!([r1["views"][1]["hand"]]),
    );
    // Jump to the end: the board shows the result.
    set(&b, "#replay-slider", json!(steps.to_string()));
    replay_shows(&b, steps, steps);
    b.wait_js(
        "the result on the board",
        "return /The team (won|lost)/.test(document.querySelector('#tg-status').textContent)",
        json!([]),
    );
    assert_eq!(
        b.js(
            "return document.querySelector('#replay-next').disabled",
            json!([])
        ),
        json!(true)
    );
    // Play from the start at the fastest speed, then pause.
    b.click("#replay-first");
    replay_shows(&b, 0, steps);
    set(&b, "#replay-speed", json!("250"));
    b.click("#replay-play");
    b.wait_js(
        "the replay to play on by itself",
        "return Number(document.querySelector('#replay-board').dataset.shown) >= 3",
        json!([]),
    );
    b.click("#replay-play");
    assert_eq!(
        b.js(
            "return document.querySelector('#replay-play').textContent",
            json!([])
        ),
        json!("Play")
    );
    shots(&b, "replay-thegame");

    // From the lobby's "my games" (the seat was remembered when its link was opened).
    open_lobby(&b, &server);
    b.wait_js(
        "the replay link in my games",
        "return document.querySelector('.game-row[data-game=\"' + arguments[0] + '\"] .replay-link') !== null",
        json!([game]),
    );
    b.click(&format!(".game-row[data-game=\"{game}\"] .replay-link"));
    replay_shows(&b, 0, steps);

    // A link to a move the game does not have opens at the start, saying so.
    b.goto(&format!("{}/games/{game}#replay&step=99999", server.url()));
    replay_shows(&b, 0, steps);
    assert_eq!(
        b.js(
            "return document.querySelector('#replay-error').textContent",
            json!([])
        ),
        json!("This game has no move 99,999; it opens at its start.")
    );

    // Power Grid's replay draws the map with the game page's own renderer.
    let pg = create_by_api(
        &server,
        json!({"kind": "powergrid", "setup": {"players": 2, "map": "germany", "seed": 9},
               "seats": [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]}),
    );
    let pg_game = pg["game"].as_str().unwrap().to_owned();
    wait_over(&server, &pg_game, |_| {});
    let pg_steps = server.get(&format!("/api/games/{pg_game}/replay?step=0"), None)["steps"]
        .as_u64()
        .unwrap();
    b.goto(&format!("{}/games/{pg_game}#replay&step=40", server.url()));
    replay_shows(&b, 40, pg_steps);
    b.wait_js(
        "the Power Grid map in the replay",
        "return document.querySelectorAll('#replay-board svg circle, #replay-board svg rect').length > 10",
        json!([]),
    );
    shots(&b, "replay-powergrid");
}
