//! The table around both game pages in a real headless Chromium (`table.js`): seat names, turn
//! alerts (tab title, favicon badge, sound, a notification while the page is hidden), the
//! confirmation of moves that cannot be taken back, undo, a short time control running out and
//! the seat taken back, handing a seat to the bot, the creator replacing an absent player, and a
//! rematch that moves both players' pages; and The Game page's own fixes (start cards, the
//! compact signal menu, why a dimmed pile refuses a card, the loss explained with the hand
//! readable). Each test uses one browser (two tabs where two players are needed) and saves
//! desktop (1366×900) and phone (390×844) screenshots to `target/e2e-screenshots/table-*.png`.
//!
//! Games are created and, where a test only needs the game to move on, played over HTTP; the
//! page is driven by real clicks where the feature is the page's. Every wait is for a condition
//! with a generous deadline, never a fixed time. Without Chromium and ChromeDriver the tests fail
//! when `CI` is set and are skipped with a notice otherwise.

use e2e::{can_run_browser as can_run, http, settled, text, Answer, Browser, TestServer};
use serde_json::{json, Value};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// One browser at a time: the machine has two cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const PILES: [&str; 4] = ["up1", "up2", "down1", "down2"];

fn post(server: &TestServer, path: &str, token: Option<&str>, body: Value) -> Answer {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth
        .as_deref()
        .map(|a| vec![("Authorization", a)])
        .unwrap_or_default();
    http(server.addr, "POST", path, &headers, Some(&body.to_string())).expect("server reachable")
}

fn create(server: &TestServer, body: Value) -> Value {
    let answer = post(server, "/api/games", None, body);
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()
}

/// Waits until the page shows the server's current version for `token`, and gives that state.
/// Cards as `Intl.ListFormat` joins them in English: "12", "12 and 40", "12, 40, and 55".
fn english_list(cards: &[u64]) -> String {
    let words: Vec<String> = cards.iter().map(u64::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

/// Waits until it is `seat`'s turn (or the game is over), with the page showing it.
fn turn_of(b: &Browser, server: &TestServer, game: &str, token: &str, seat: u64) -> Value {
    let deadline = Instant::now() + e2e::WAIT;
    loop {
        let st = settled(b, server, game, token);
        if st["actor"] == json!({"type": "seat", "seat": seat}) || st["outcome"] != Value::Null {
            return st;
        }
        assert!(Instant::now() < deadline, "seat {seat}'s turn never came");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn legal_plays(st: &Value) -> Vec<(u64, String)> {
    st["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["type"] == "play")
        .map(|a| {
            (
                a["card"].as_u64().unwrap(),
                a["pile"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Plays The Game to its end over HTTP for the seats whose tokens are given (bots play the
/// others): the play with the widest jump each time, ending the turn as soon as allowed, so
/// that the team loses quickly.
fn play_to_the_end(server: &TestServer, game: &str, tokens: &[&str]) -> Value {
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "the game took too long"
        );
        for token in tokens {
            let st = server.get(&format!("/api/games/{game}/view"), Some(token));
            if st["outcome"] != Value::Null {
                return st;
            }
            let legal = st["legal"].as_array().unwrap();
            if legal.is_empty() {
                continue;
            }
            let v = &st["view"];
            let end = legal.iter().find(|a| a["type"] == "end_turn");
            let action = end.cloned().or_else(|| {
                legal_plays(&st)
                    .into_iter()
                    .max_by_key(|(card, pile)| {
                        let top = v["tops"][PILES.iter().position(|p| p == pile).unwrap()]
                            .as_i64()
                            .unwrap();
                        (*card as i64 - top).abs()
                    })
                    .map(|(card, pile)| json!({"type": "play", "card": card, "pile": pile}))
            });
            let Some(action) = action else { continue };
            let answer = post(
                server,
                &format!("/api/games/{game}/actions"),
                Some(token),
                json!({"version": st["version"], "action": action}),
            );
            // A bot may have moved in between: then the next look decides again.
            assert!(
                answer.status == 200 || answer.status == 409,
                "{}",
                answer.body
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// No part of the page is wider than the window (a phone must not scroll sideways).
fn fits_the_width(b: &Browser) {
    let wide = b.js(
        "return document.documentElement.scrollWidth - window.innerWidth",
        json!([]),
    );
    assert!(
        wide.as_i64().unwrap() <= 1,
        "the page is {wide} px too wide"
    );
}

/// A game created over HTTP, with seat 0's page open in a fresh desktop-sized browser (and
/// this test's turn at the machine).
struct Opened {
    _one: MutexGuard<'static, ()>,
    server: TestServer,
    b: Browser,
    created: Value,
    game: String,
    token: String,
}

/// `None` where the browser test cannot run (see [`can_run`]).
fn open_seat_0(bot_delay_ms: u64, body: Value) -> Option<Opened> {
    if !can_run() {
        return None;
    }
    let one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = TestServer::start(Duration::from_millis(bot_delay_ms));
    let created = create(&server, body);
    let game = created["game"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let b = Browser::start(1366, 900);
    b.goto(created["seats"][0]["link"].as_str().unwrap());
    Some(Opened {
        _one: one,
        server,
        b,
        created,
        game,
        token,
    })
}

/// Plays `card` on `pile` by clicking them, and waits until the page has moved on.
fn click_play(b: &Browser, card: u64, pile: &str, version: &Value) {
    b.click(&format!("#tg-hand .card[data-card=\"{card}\"]"));
    b.click(&format!(".pile[data-pile=\"{pile}\"] .top"));
    b.wait_js(
        "the play",
        "return Number(document.body.dataset.version) > arguments[0]",
        json!([version]),
    );
}

/// A notification stub that records what the page shows, and a page "in the background".
const HIDDEN_WITH_NOTIFICATIONS: &str = "
window.__notes = [];
window.Notification = class {
  constructor(title) { window.__notes.push(title); }
  static get permission() { return 'granted'; }
  static requestPermission() { return Promise.resolve('granted'); }
};
Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });";

#[test]
fn thegame_page_names_piles_alerts_and_the_loss_explained() {
    let Some(Opened {
        _one,
        server,
        b,
        created,
        game,
        token,
    }) = open_seat_0(
        20,
        json!({"kind": "thegame", "setup": {"players": 2, "seed": 11},
               "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "heuristic"}]}),
    )
    else {
        return;
    };
    let st = turn_of(&b, &server, &game, &token, 0);
    assert_eq!(st["version"], json!(0), "seat 0 plays first");

    // Names in the seat bar, the status line and the team list.
    assert_eq!(
        text(&b, "#table-bar .table-seat[data-seat=\"0\"] .table-name"),
        "Ann"
    );
    assert_eq!(
        text(&b, "#table-bar .table-seat[data-seat=\"1\"] .table-name"),
        "Seat 2"
    );
    assert!(text(&b, "#tg-status").contains("You play Ann."));
    assert!(text(&b, ".team li[data-seat=\"0\"]").starts_with("Ann: 7 in hand"));

    // The piles show their start cards, and the signal buttons wait in a small menu.
    let tops = b.js(
        "return [...document.querySelectorAll('.pile .top')].map(e => e.textContent)",
        json!([]),
    );
    assert_eq!(tops, json!(["1", "1", "100", "100"]));
    assert_eq!(
        b.js(
            "return document.querySelectorAll('.pile .start-note').length",
            json!([])
        ),
        json!(4)
    );
    assert!(!text(&b, "main").contains("(empty)"));
    let layout = b.js(
        "return { menus: document.querySelectorAll('.pile details.sig-menu').length,
                  shown: [...document.querySelectorAll('.sig-buttons button')].filter(e => e.checkVisibility()).length,
                  tallest: Math.max(...[...document.querySelectorAll('.pile')].map(p => p.offsetHeight)) }",
        json!([]),
    );
    assert_eq!(layout["menus"], json!(4), "{layout}");
    assert_eq!(layout["shown"], json!(0), "{layout}");
    assert!(layout["tallest"].as_u64().unwrap() <= 170, "{layout}");
    b.click(".pile[data-pile=\"down1\"] .sig-menu summary");
    assert_eq!(
        b.js("return [...document.querySelectorAll('.sig-buttons button')].filter(e => e.checkVisibility()).length", json!([])),
        json!(2)
    );
    b.save_screenshot("table-thegame-start-desktop.png");
    b.click(".pile[data-pile=\"down1\"] .sig-menu summary");

    // Your turn: the title and the favicon say so.
    assert!(b
        .js("return document.title", json!([]))
        .as_str()
        .unwrap()
        .starts_with("● Your turn"));
    assert_eq!(
        b.js(
            "return document.querySelector('link[rel=icon]').dataset.badge",
            json!([])
        ),
        json!("turn")
    );

    // A click on a pile says why it does not play: no card chosen, then a card it cannot take.
    b.click(".pile[data-pile=\"up1\"] .pile-name");
    assert_eq!(
        text(&b, "#tg-why"),
        "Choose a card from your hand first, then a pile."
    );
    // At the start every pile takes every card: one play first, the highest card on an
    // ascending pile, which then refuses the lower ones.
    let (card, pile) = legal_plays(&st)
        .into_iter()
        .filter(|(_, p)| p == "up1")
        .max()
        .expect("a play on up1");
    click_play(&b, card, &pile, &st["version"]);
    let st = settled(&b, &server, &game, &token);
    let plays = legal_plays(&st);
    let hand: Vec<u64> = st["view"]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    let (card, pile) = hand
        .iter()
        .flat_map(|c| PILES.iter().map(move |p| (*c, *p)))
        .find(|(c, p)| !plays.contains(&(*c, p.to_string())))
        .expect("a card some pile refuses");
    b.click(&format!("#tg-hand .card[data-card=\"{card}\"]"));
    b.click(&format!(".pile[data-pile=\"{pile}\"] .pile-name"));
    let top = st["view"]["tops"][PILES.iter().position(|p| *p == pile).unwrap()].clone();
    let (name, rule) = match pile {
        "up1" => ("Ascending 1", "higher"),
        "up2" => ("Ascending 2", "higher"),
        "down1" => ("Descending 1", "lower"),
        _ => ("Descending 2", "lower"),
    };
    let why = text(&b, "#tg-why");
    assert!(
        why.starts_with(&format!(
            "{card} does not fit {name}: it takes a card {rule} than {top}."
        )),
        "{why}"
    );
    b.save_screenshot("table-thegame-why-desktop.png");
    b.click(&format!("#tg-hand .card[data-card=\"{card}\"]"));

    // Alerts on: notifications (the page in the background) and the sound.
    b.js(HIDDEN_WITH_NOTIFICATIONS, json!([]));
    b.click("#table-settings summary");
    b.click("input[data-setting=\"notify\"]");
    b.click("input[data-setting=\"sound\"]");
    let beeps = b.wait_js(
        "a beep when the sound is turned on",
        "return Number(document.body.dataset.beeps || 0)",
        json!([]),
    );
    assert_eq!(beeps, json!(1));
    b.save_screenshot("table-settings-desktop.png");
    b.click("#table-settings summary");

    // A second play, then end the turn: the page asks first.
    let st = settled(&b, &server, &game, &token);
    let (card, pile) = legal_plays(&st)[0].clone();
    click_play(&b, card, &pile, &st["version"]);
    b.click("#end-turn");
    let question = b.wait_js(
        "the confirmation",
        "const d = document.querySelector('#table-confirm'); return d && d.open && d.textContent",
        json!([]),
    );
    assert!(
        question.as_str().unwrap().starts_with("End turn?"),
        "{question}"
    );
    b.click("#table-confirm-yes");
    // The bot plays; when the turn comes back, the hidden page notifies and beeps once.
    let st = {
        let deadline = Instant::now() + e2e::WAIT;
        loop {
            let st = turn_of(&b, &server, &game, &token, 0);
            if st["version"].as_u64().unwrap() > 3 {
                break st;
            }
            assert!(Instant::now() < deadline, "the turn never came back");
        }
    };
    assert_eq!(st["outcome"], Value::Null, "the game ended at once");
    let notes = b.wait_js(
        "the notification",
        "return window.__notes.length && window.__notes",
        json!([]),
    );
    assert_eq!(notes, json!(["Your turn"]));
    assert_eq!(
        b.js("return Number(document.body.dataset.beeps)", json!([])),
        json!(2)
    );
    assert!(b
        .js("return document.title", json!([]))
        .as_str()
        .unwrap()
        .starts_with("● Your turn"));

    // The rest of the game over HTTP, then the end explained on the page.
    let end = play_to_the_end(&server, &game, &[&token]);
    let end = {
        let shown = settled(&b, &server, &game, &token);
        assert_eq!(shown["version"], end["version"]);
        shown
    };
    let v = &end["view"];
    assert_eq!(end["outcome"]["type"], json!("lost"), "{}", end["outcome"]);
    let explained = text(&b, "#tg-end");
    let stuck = if v["current"] == json!(0) {
        "You could not play"
    } else {
        "Seat 2 could not play"
    };
    assert!(explained.starts_with(stuck), "{explained}");
    let hands: u64 = v["hand_sizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert!(
        explained.contains(&format!(
            "Cards not played: {} ({} in the draw pile, {hands} in hands).",
            end["outcome"]["cards_left"], v["draw_pile"]
        )),
        "{explained}"
    );
    // Over: every hand is revealed, and the stuck seat's cards are named.
    let finals = end["final_hands"]
        .as_array()
        .expect("final_hands once over");
    assert_eq!(finals.len(), 2);
    assert_eq!(finals[0], v["hand"]);
    let stuck_seat = v["current"].as_u64().unwrap() as usize;
    let mut stuck_cards: Vec<u64> = finals[stuck_seat]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    stuck_cards.sort();
    let named = english_list(&stuck_cards);
    if stuck_seat == 0 {
        assert!(
            explained.contains(&format!("({named}) fits a pile")),
            "{explained}"
        );
    } else {
        assert!(
            explained.contains(&format!("none of {named} fits a pile")),
            "{explained}"
        );
    }
    let shown = b.js(
        "return [...document.querySelectorAll('#tg-final-hands li')].map(li => [li.dataset.seat, [...li.querySelectorAll('.card')].map(c => [Number(c.textContent), getComputedStyle(c).opacity])])",
        json!([]),
    );
    let expected: Vec<Value> = finals
        .iter()
        .enumerate()
        .map(|(s, cards)| {
            let mut cards: Vec<u64> = cards
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap())
                .collect();
            cards.sort();
            json!([
                s.to_string(),
                cards.iter().map(|c| json!([c, "1"])).collect::<Vec<_>>()
            ])
        })
        .collect();
    assert_eq!(shown, json!(expected));
    // The player's own final hand is shown once: in the list of every hand, marked as theirs,
    // and not again under "Your cards at the end".
    let own = b.js(
        "const li = document.querySelector('#tg-final-hands li[data-seat=\"0\"]');
         return [li.textContent.includes('(you)'), document.querySelector('#tg-hand') === null,
                 arguments[0].map(c => document.querySelectorAll('.card[data-card=\"' + c + '\"]').length)]",
        json!([v["hand"]]),
    );
    let once = vec![1; v["hand"].as_array().unwrap().len()];
    assert_eq!(own, json!([true, true, once]), "{}", v["hand"]);
    assert!(text(&b, "#tg-log").contains("Ann plays"));
    assert_eq!(b.js("return document.title", json!([])), json!("Tabletop"));
    assert_eq!(
        b.js(
            "return document.querySelector('link[rel=icon]').dataset.badge",
            json!([])
        ),
        json!("")
    );
    assert!(
        b.js(
            "return document.querySelector('#table-rematch') !== null",
            json!([])
        ) == json!(true)
    );
    b.save_screenshot("table-thegame-end-desktop.png");
    b.resize(390, 844);
    fits_the_width(&b);
    b.save_screenshot("table-thegame-end-phone.png");

    // The settings are remembered.
    b.goto(created["seats"][0]["link"].as_str().unwrap());
    settled(&b, &server, &game, &token);
    let kept = b.js(
        "return ['sound', 'notify', 'confirm'].map(s => document.querySelector('input[data-setting=' + s + ']').checked)",
        json!([]),
    );
    assert_eq!(kept, json!([true, true, true]));
}

#[test]
fn undo_confirm_and_a_rematch_that_moves_both_pages() {
    let Some(Opened {
        _one,
        server,
        b,
        created,
        game,
        token: ann,
    }) = open_seat_0(
        20,
        json!({"kind": "thegame", "setup": {"players": 2, "seed": 5},
               "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]}),
    )
    else {
        return;
    };
    let bo = created["seats"][1]["token"].as_str().unwrap().to_owned();
    let tab_ann = b.window();
    let st = turn_of(&b, &server, &game, &ann, 0);

    // A play, then undo: the card comes back.
    assert_eq!(
        b.js(
            "return document.querySelector('#table-undo') === null",
            json!([])
        ),
        json!(true)
    );
    let (card, pile) = legal_plays(&st)[0].clone();
    b.click(&format!("#tg-hand .card[data-card=\"{card}\"]"));
    b.click(&format!(".pile[data-pile=\"{pile}\"] .top"));
    b.wait_js(
        "the undo button",
        "return document.querySelector('#table-undo') !== null",
        json!([]),
    );
    b.save_screenshot("table-undo-desktop.png");
    b.click("#table-undo");
    b.wait_js(
        "the undo",
        "return Number(document.body.dataset.version) === 2",
        json!([]),
    );
    let st = settled(&b, &server, &game, &ann);
    assert_eq!(st["view"]["played_this_turn"], json!(0));
    assert!(st["view"]["hand"]
        .as_array()
        .unwrap()
        .contains(&json!(card)));
    assert_eq!(
        b.js("return document.querySelector('#tg-hand .card[data-card=\"' + arguments[0] + '\"]') !== null", json!([card])),
        json!(true)
    );

    // Two plays; "End turn" asks; Cancel sends nothing; "Don't ask again" and Yes end the turn.
    for _ in 0..2 {
        let st = settled(&b, &server, &game, &ann);
        let (card, pile) = legal_plays(&st)[0].clone();
        click_play(&b, card, &pile, &st["version"]);
    }
    let before = settled(&b, &server, &game, &ann);
    b.click("#end-turn");
    b.wait_js(
        "the confirmation",
        "const d = document.querySelector('#table-confirm'); return d && d.open",
        json!([]),
    );
    b.save_screenshot("table-confirm-desktop.png");
    b.click("#table-confirm-no");
    b.wait_js(
        "the question closed",
        "return document.querySelector('#table-confirm') === null",
        json!([]),
    );
    let after = server.get(&format!("/api/games/{game}/view"), Some(&ann));
    assert_eq!(after["version"], before["version"], "Cancel sent nothing");
    b.click("#end-turn");
    b.click("#table-confirm-never");
    b.click("#table-confirm-yes");
    b.wait_js(
        "the turn ended",
        "return Number(document.body.dataset.version) > arguments[0]",
        json!([before["version"]]),
    );
    assert_eq!(
        b.js(
            "return JSON.parse(localStorage.getItem('tabletop.table')).confirm",
            json!([])
        ),
        json!(false)
    );

    // Bo's page in a second tab; the game played to its end; Ann asks for a rematch.
    let tab_bo = b.new_tab();
    b.goto(created["seats"][1]["link"].as_str().unwrap());
    settled(&b, &server, &game, &bo);
    assert!(text(&b, "#tg-status").contains("You play Bo."));
    play_to_the_end(&server, &game, &[&ann, &bo]);
    settled(&b, &server, &game, &bo);
    b.switch_to(&tab_ann);
    settled(&b, &server, &game, &ann);
    b.click("#table-rematch");
    let path_ann = b.wait_js(
        "Ann's page to move to the rematch",
        "return !location.pathname.includes(arguments[0]) && document.body.dataset.version !== undefined && location.pathname",
        json!([game]),
    );
    let summary = server.get(&format!("/api/games/{game}"), None);
    let new_game = summary["rematch"]
        .as_str()
        .expect("the old game names its rematch")
        .to_owned();
    assert_eq!(path_ann, json!(format!("/games/{new_game}")));
    b.wait_js("Ann's seat in the rematch", "const s = document.querySelector('#tg-status'); return s && s.textContent.includes('You play Ann.')", json!([]));
    b.switch_to(&tab_bo);
    let path_bo = b.wait_js(
        "Bo's page to move to the rematch",
        "return !location.pathname.includes(arguments[0]) && location.pathname",
        json!([game]),
    );
    assert_eq!(path_bo, json!(format!("/games/{new_game}")));
    b.wait_js("Bo's seat in the rematch", "const s = document.querySelector('#tg-status'); return s && s.textContent.includes('You play Bo.')", json!([]));
    b.resize(390, 844);
    fits_the_width(&b);
    b.save_screenshot("table-rematch-phone.png");
}

#[test]
fn a_short_clock_runs_out_the_bot_plays_and_the_seat_is_taken_back() {
    if !can_run() {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Bots pause long enough for the page to be looked at between their moves.
    let server = TestServer::start(Duration::from_millis(700));
    let b = Browser::start(1366, 900);
    b.goto(&server.url());
    b.wait_js(
        "the lobby",
        "return document.querySelector('#create') !== null",
        json!([]),
    );
    // The game is created through the page's own `api()`, which keeps the creator token.
    b.js(
        "window.__created = null; import('/assets/net.js').then(m => m.api('/api/games', { method: 'POST', body: arguments[0] })).then(g => { window.__created = g; });",
        json!([{"kind": "thegame", "setup": {"players": 3, "seed": 3},
                "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "heuristic"}, {"type": "human", "name": "Cy"}],
                "options": {"clock": {"type": "bank", "seconds": 20, "increment_seconds": 0}, "replace_after_seconds": 1}}]),
    );
    let created = b.wait_js("the new game", "return window.__created", json!([]));
    let game = created["game"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let kept = b.js(
        "return JSON.parse(localStorage.getItem('tabletop.creators'))[arguments[0]]",
        json!([game]),
    );
    assert_eq!(
        kept, created["creator"]["token"],
        "the creator token is kept"
    );
    b.goto(created["seats"][0]["link"].as_str().unwrap());

    // Ann's clock runs, highlighted, counting down from her 20 s bank (unless a very slow
    // machine took all of it to load the page: then the time-out below is what is seen).
    let shown = b.wait_js(
        "Ann's running clock",
        "const c = document.querySelector('.table-seat.running[data-seat=\"0\"] .table-clock.running');
         if (c && c.textContent) return c.textContent;
         return document.querySelector('#table-notice') ? 'timed out' : null;",
        json!([]),
    );
    if shown != json!("timed out") {
        let seconds = shown
            .as_str()
            .and_then(|s| s.strip_prefix("0:"))
            .and_then(|s| s.parse::<u32>().ok());
        assert!(seconds.is_some_and(|s| s <= 20), "{shown}");
        assert_eq!(
            text(&b, ".table-seat[data-seat=\"1\"] .table-clock"),
            "0:20"
        );
    }

    // Cy never came: the creator replaces her once the server allows it.
    let deadline = Instant::now() + e2e::WAIT;
    loop {
        let away = server.get(&format!("/api/games/{game}"), None)["seats"][2]["away"].clone();
        if away != Value::Null {
            assert!(
                away == json!("replaced") || away == json!("timed_out"),
                "{away}"
            );
            break;
        }
        assert!(Instant::now() < deadline, "Cy was never replaced");
        if b.js(
            "return document.querySelector('[data-replace=\"2\"]') !== null",
            json!([]),
        ) == json!(true)
        {
            b.click("[data-replace=\"2\"]");
        }
        std::thread::sleep(Duration::from_millis(300));
    }

    // Ann does nothing: her time runs out, a bot plays for her, and the page says so.
    let notice = b.wait_js(
        "the time-out notice",
        "const n = document.querySelector('#table-notice'); return n && n.textContent",
        json!([]),
    );
    assert_eq!(
        notice,
        json!("Your time ran out, so a bot is playing your seat. Take it back to play on.")
    );
    assert!(text(&b, ".table-seat[data-seat=\"0\"] .table-away").contains("time ran out"));
    b.save_screenshot("table-timeout-desktop.png");
    b.click("#table-back");
    b.wait_js("the seat taken back", "return document.querySelector('#table-notice') === null && document.querySelector('#table-leave') !== null", json!([]));
    let summary = server.get(&format!("/api/games/{game}"), None);
    assert_eq!(summary["seats"][0]["away"], Value::Null);

    // Handing the seat to the bot, and taking it back again.
    b.click("#table-settings summary");
    b.click("#table-leave");
    let notice = b.wait_js(
        "the leave notice",
        "const n = document.querySelector('#table-notice'); return n && n.textContent",
        json!([]),
    );
    assert_eq!(
        notice,
        json!("A bot is playing your seat, as you asked. Take it back to play on.")
    );
    assert_eq!(
        server.get(&format!("/api/games/{game}"), Some(&token))["seats"][0]["away"],
        json!("left")
    );
    b.resize(390, 844);
    fits_the_width(&b);
    b.save_screenshot("table-left-phone.png");
    b.click("#table-back");
    b.wait_js(
        "the seat taken back",
        "return document.querySelector('#table-notice') === null",
        json!([]),
    );
    assert_eq!(
        server.get(&format!("/api/games/{game}"), None)["seats"][0]["away"],
        Value::Null
    );

    // The player changes her name in the bar; everyone's pages show the new one.
    b.click("#table-settings summary");
    b.click("#table-rename");
    b.type_into("#table-name-input", "Annie");
    b.click("#table-rename-save");
    b.wait_js(
        "the new name in the bar",
        "const n = document.querySelector('.table-seat[data-seat=\"0\"] .table-name'); return n && n.textContent === 'Annie'",
        json!([]),
    );
    assert_eq!(
        server.get(&format!("/api/games/{game}"), None)["seats"][0]["name"],
        json!("Annie")
    );
}

#[test]
fn powergrid_page_names_with_colours_and_asks_before_an_offer() {
    let Some(Opened {
        _one,
        server,
        b,
        game,
        token,
        ..
    }) = open_seat_0(
        20,
        json!({"kind": "powergrid", "setup": {"players": 2, "map": "germany", "seed": 4},
               "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}]}),
    )
    else {
        return;
    };
    let st = turn_of(&b, &server, &game, &token, 0);
    assert_eq!(
        text(&b, ".table-seat[data-seat=\"0\"] .table-name"),
        "Ann (Red)"
    );
    assert_eq!(text(&b, ".table-seat[data-seat=\"1\"] .table-name"), "Blue");
    assert_eq!(
        b.js("return getComputedStyle(document.querySelector('.table-seat[data-seat=\"0\"] .swatch')).backgroundColor", json!([])),
        json!("rgb(214, 40, 40)")
    );
    assert!(text(&b, "#pg-status").contains("You play Ann (Red)."));
    assert!(b
        .js("return document.title", json!([]))
        .as_str()
        .unwrap()
        .starts_with("● Your turn"));

    // Offering a plant (or bidding, if the bot offered first) asks first, naming the move.
    let legal = st["legal"].as_array().unwrap();
    let button = if let Some(offer) = legal.iter().find(|a| a["type"] == "start_auction") {
        b.click(&format!(
            "#market-current .plant.selectable[data-plant=\"{}\"]",
            offer["plant"]
        ));
        "#offer"
    } else {
        assert!(
            legal.iter().any(|a| a["type"] == "bid"),
            "Ann may offer or bid: {}",
            st["legal"]
        );
        "#bid"
    };
    let label = b.wait_js(
        "the button",
        "const e = document.querySelector(arguments[0]); return e && e.textContent",
        json!([button]),
    );
    b.click(button);
    let question = b.wait_js("the confirmation", "const d = document.querySelector('#table-confirm'); return d && d.open && d.querySelector('.table-confirm-move').textContent", json!([]));
    assert_eq!(question, json!(format!("{}?", label.as_str().unwrap())));
    assert!(
        label.as_str().unwrap().contains(" for ") || label.as_str().unwrap().starts_with("Bid"),
        "{label}"
    );
    b.save_screenshot("table-powergrid-confirm-desktop.png");
    b.click("#table-confirm-yes");
    b.wait_js(
        "the move",
        "return Number(document.body.dataset.version) > arguments[0]",
        json!([st["version"]]),
    );
    let log = server.get(&format!("/api/games/{game}/log"), Some(&token));
    let mine = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["seat"] == json!(0))
        .count();
    assert_eq!(mine, 1, "Ann's move was sent once: {log}");
    b.wait_js(
        "Ann's name in the log",
        "const l = document.querySelector('.log'); return l && l.textContent.includes('Ann (Red)')",
        json!([]),
    );
    b.resize(390, 844);
    fits_the_width(&b);
    b.save_screenshot("table-powergrid-phone.png");
}
