//! The web pages in a real headless Chromium: a 4-player Power Grid game with 3 bots, created in
//! the lobby, whose human seat is played through two full rounds by clicking (auction,
//! resources, building, powering); and a 2-player The Game with a bot, played to the end by
//! clicking. After every step, what the page shows is checked against the server's view, and
//! the previews the page shows (build price, resource price, income) against what the server
//! then charged or paid. Screenshots (desktop and phone) go to `target/e2e-screenshots/`.
//!
//! A third test goes through the five languages in one browser session: the lobby, the first
//! round of Power Grid, the rules pages and a few turns of The Game in each, checking that no
//! message is missing, that nothing is left in English, and that no label overflows its box;
//! screenshots per language, page and size go to `target/e2e-screenshots/`.
//!
//! Without Chromium and ChromeDriver the tests fail when `CI` is set, and are skipped with a
//! notice otherwise.

use e2e::{can_run_browser as can_run, legal_of, Browser, TestServer};
use serde_json::{json, Value};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One browser at a time: the machine has two cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Creates a game in the lobby by clicking; gives the game id and seat 0's join link.
fn create_in_lobby(
    b: &Browser,
    server: &TestServer,
    kind: &str,
    players: u32,
    seats: &[&str],
    seed: u64,
) -> (String, String) {
    b.goto(&server.url());
    b.wait_js(
        "the lobby's game kinds",
        "return document.querySelector('#kind option[value=' + arguments[0] + ']') !== null",
        json!([kind]),
    );
    // These tests click through many moves: no "are you sure?" before the irreversible ones
    // (the question itself is tested in `table.rs`).
    b.js(
        "localStorage.setItem('tabletop.table', JSON.stringify({ confirm: false }))",
        json!([]),
    );
    b.js(
        "const s = document.querySelector('#kind'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));
         const p = document.querySelector('#players'); p.value = String(arguments[1]); p.dispatchEvent(new Event('change'));",
        json!([kind, players]),
    );
    for (i, seat) in seats.iter().enumerate() {
        let value = if *seat == "human" {
            "human".to_owned()
        } else {
            format!("bot:{seat}")
        };
        let set = b.js(
            "const s = document.querySelector('select.seat-type[data-seat=\"' + arguments[0] + '\"]');
             if (!s) return false; s.value = arguments[1]; return s.value === arguments[1];",
            json!([i, value]),
        );
        assert_eq!(set, json!(true), "the lobby offers seat {i} as {value}");
    }
    b.type_into("#seed", &seed.to_string());
    b.save_screenshot(&format!("lobby-{kind}-desktop.png"));
    b.click("#create");
    // The lobby takes the creator straight to their seat (the first human one).
    let link = b.wait_js(
        "the creator's seat page",
        "return location.pathname.startsWith('/games/') && location.hash.includes('token=') ? location.href : null;",
        json!([]),
    );
    let link = link.as_str().unwrap().to_owned();
    let game = link.split("/games/").nth(1).unwrap()[..32].to_owned();
    (game, link)
}

fn token_of(link: &str) -> String {
    link.split("#token=")
        .nth(1)
        .expect("a join link with a token")
        .to_owned()
}

/// Waits until the page shows `version` (or has moved past it: then `false`).
fn page_at(b: &Browser, version: u64) -> bool {
    let v = b.wait_js(
        &format!("the page to show version {version}"),
        "const v = Number(document.body.dataset.version); return v === arguments[0] ? 'same' : (v > arguments[0] ? 'ahead' : false);",
        json!([version]),
    );
    v == json!("same")
}

/// Waits until the page shows a version after `version`.
fn page_after(b: &Browser, version: u64) {
    let v = b.wait_js(
        &format!("the page to move past version {version}"),
        "const e = [...document.querySelectorAll('.error')].find(e => e.textContent);
         if (e) return 'refused: ' + e.textContent;
         return Number(document.body.dataset.version) > arguments[0]",
        json!([version]),
    );
    assert_eq!(v, json!(true), "the page's action was not accepted");
}

/// The events of the last log entry of `seat`.
fn last_events_of(server: &TestServer, game: &str, token: &str, seat: u64) -> Vec<Value> {
    let log = server.get(&format!("/api/games/{game}/log"), Some(token));
    log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|e| e["seat"] == json!(seat))
        .map(|e| e["events"].as_array().unwrap().clone())
        .unwrap_or_default()
}

const PG_PAGE: &str = r#"
const q = (s, el = document) => [...el.querySelectorAll(s)];
return {
  version: Number(document.body.dataset.version),
  status: document.querySelector('#pg-status').textContent,
  whose: document.querySelector('#pg-whose').textContent,
  players: q('.player').map(p => ({
    seat: Number(p.dataset.seat),
    money: p.querySelector('.money').textContent,
    cities: p.querySelector('.cities-count').textContent,
    houses: p.querySelector('.houses').textContent,
    plants: q('.plant', p).map(x => Number(x.dataset.plant)),
  })),
  current: q('#market-current .plant[data-plant]').map(x => Number(x.dataset.plant)),
  future: q('#market-future .plant[data-plant]').map(x => Number(x.dataset.plant)),
  market: Object.fromEntries(q('.res-row').map(r => [r.dataset.res, q('.space.full', r).length])),
  owners: Object.fromEntries(q('g.city').filter(g => g.dataset.owners).map(g => [g.dataset.city, g.dataset.owners])),
  buildable: q('g.city.buildable').map(g => g.dataset.city).sort(),
  deck: document.querySelector('#deck-size').textContent,
};"#;

/// What the Power Grid page shows must be what the server's view says. Returns false if the
/// page moved on meanwhile (nothing was compared).
fn check_powergrid_page(b: &Browser, st: &Value) -> bool {
    let page = b.js(PG_PAGE, json!([]));
    if page["version"] != st["version"] {
        return false;
    }
    let v = &st["view"];
    let colours = ["Red", "Blue", "Green", "Yellow", "Purple", "Black"];
    let status = page["status"].as_str().unwrap();
    let expect = format!("Round {}, Step {}", v["round"], v["step"]);
    assert!(
        status.contains(&expect),
        "status {status:?} lacks {expect:?}"
    );
    if let Some(seat) = v["actor"]["seat"].as_u64() {
        let whose = page["whose"].as_str().unwrap();
        let named = v["pending_discard"][0].as_u64().unwrap_or(seat) as usize;
        assert!(
            whose.contains(colours[named]),
            "{whose:?} should name {}",
            colours[named]
        );
    }
    let players = page["players"].as_array().unwrap();
    assert_eq!(players.len(), v["players"].as_array().unwrap().len());
    // Shown in turn order.
    let shown_order: Vec<u64> = players
        .iter()
        .map(|p| p["seat"].as_u64().unwrap())
        .collect();
    let order: Vec<u64> = v["turn_order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(shown_order, order, "players in turn order");
    for p in players {
        let seat = p["seat"].as_u64().unwrap() as usize;
        let sv = &v["players"][seat];
        let money = match sv["money"].as_u64() {
            Some(m) => format!("{m} Elektro"),
            None => "? Elektro".to_owned(),
        };
        assert_eq!(p["money"], json!(money), "money of seat {seat}");
        assert_eq!(
            p["cities"],
            json!(format!(
                "Cities: {}",
                sv["cities"].as_array().unwrap().len()
            ))
        );
        assert_eq!(
            p["houses"],
            json!(format!("Houses left: {}", sv["houses_left"]))
        );
        assert_eq!(p["plants"], sv["plants"], "plants of seat {seat}");
    }
    if v["step"] != json!(3) {
        assert_eq!(page["current"], v["current_market"]);
        assert_eq!(page["future"], v["future_market"]);
    }
    for r in ["coal", "oil", "garbage", "uranium"] {
        assert_eq!(
            page["market"][r], v["resource_market"][r],
            "{r} in the market"
        );
    }
    assert_eq!(
        page["deck"],
        json!(format!("Plants in the deck: {}", v["deck_size"]))
    );
    // Houses on the map.
    let mut owners = std::collections::BTreeMap::<String, Vec<u64>>::new();
    for (seat, p) in v["players"].as_array().unwrap().iter().enumerate() {
        for c in p["cities"].as_array().unwrap() {
            owners
                .entry(c.as_str().unwrap().to_owned())
                .or_default()
                .push(seat as u64);
        }
    }
    let shown = page["owners"].as_object().unwrap();
    assert_eq!(shown.len(), owners.len(), "cities with houses on the map");
    for (city, seats) in owners {
        let mut on_map: Vec<u64> = shown[&city]
            .as_str()
            .unwrap()
            .split(',')
            .map(|s| s.parse().unwrap())
            .collect();
        on_map.sort();
        assert_eq!(on_map, seats, "houses in {city}");
    }
    // The clickable cities are exactly the legal builds.
    let mut legal_cities: Vec<String> = st["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["type"] == "build")
        .map(|a| a["city"].as_str().unwrap().to_owned())
        .collect();
    legal_cities.sort();
    assert_eq!(page["buildable"], json!(legal_cities));
    true
}

#[test]
fn powergrid_human_seat_plays_two_rounds_by_clicking() {
    if !can_run() {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let server = TestServer::start(Duration::from_millis(30));
    let b = Browser::start(1400, 1000);
    let (game, link) = create_in_lobby(
        &b,
        &server,
        "powergrid",
        4,
        &["human", "random", "random", "random"],
        20261129,
    );
    let token = token_of(&link);
    b.goto(&link);
    let view_path = format!("/api/games/{game}/view");
    let me = 0u64;
    let (mut bought_in, mut built_in) = (0u64, 0u64);
    let mut did = std::collections::BTreeSet::new();
    let mut checks = 0;
    let mut shot_mid = false;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the Power Grid game took too long"
        );
        let st = server.get(&view_path, Some(&token));
        let v = &st["view"];
        let round = v["round"].as_u64().unwrap();
        if round >= 3 || st["actor"]["type"] == "terminal" {
            break;
        }
        let version = st["version"].as_u64().unwrap();
        if !page_at(&b, version) || !check_powergrid_page(&b, &st) {
            continue;
        }
        checks += 1;
        if st["legal"].as_array().unwrap().is_empty() {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        let money = v["players"][me as usize]["money"].as_u64().unwrap();
        let phase = v["phase"].as_str().unwrap().to_owned();
        if !legal_of(&st, "discard").is_empty() {
            b.click("[data-discard]");
            did.insert("discard");
        } else if !legal_of(&st, "start_auction").is_empty() {
            let plant = legal_of(&st, "start_auction")[0]["plant"].as_u64().unwrap();
            if v["players"][me as usize]["plants"]
                .as_array()
                .unwrap()
                .is_empty()
            {
                b.click(&format!(
                    "#market-current .plant.selectable[data-plant=\"{plant}\"]"
                ));
                let min = b.wait_js(
                    "the offer button",
                    "const i = document.querySelector('#offer-amount'); return i && Number(i.min);",
                    json!([]),
                );
                let min_legal = legal_of(&st, "start_auction")
                    .iter()
                    .filter(|a| a["plant"] == json!(plant))
                    .map(|a| a["bid"].as_u64().unwrap())
                    .min()
                    .unwrap();
                assert_eq!(min, json!(min_legal), "the minimum bid shown");
                b.click("#offer");
                did.insert("auction");
            } else {
                b.click("#pass");
                did.insert("pass");
            }
        } else if !legal_of(&st, "bid").is_empty() {
            let min = legal_of(&st, "bid")
                .iter()
                .map(|a| a["amount"].as_u64().unwrap())
                .min()
                .unwrap();
            let max = legal_of(&st, "bid")
                .iter()
                .map(|a| a["amount"].as_u64().unwrap())
                .max()
                .unwrap();
            let range = b.js(
                "return document.querySelector('.bid label').textContent",
                json!([]),
            );
            assert_eq!(
                range,
                json!(format!("Bid between {min} and {max} Elektro "))
            );
            let have_none = v["players"][me as usize]["plants"]
                .as_array()
                .unwrap()
                .is_empty();
            if have_none && min <= money / 2 {
                b.type_into("#bid-amount", &min.to_string());
                b.click("#bid");
                did.insert("bid");
            } else {
                b.click("#pass");
            }
        } else if phase == "resources" {
            let buys = legal_of(&st, "buy");
            if bought_in < round && !buys.is_empty() {
                bought_in = round;
                let res = buys[0]["resource"].as_str().unwrap().to_owned();
                let max = buys
                    .iter()
                    .filter(|a| a["resource"] == json!(res))
                    .map(|a| a["amount"].as_u64().unwrap())
                    .max()
                    .unwrap();
                let n = max.min(2);
                b.type_into(&format!("#buy-{res}-n"), &n.to_string());
                let label = b.wait_js("the buy button", "const x = document.querySelector('#buy-' + arguments[0]); return x && x.textContent", json!([res]));
                b.click(&format!("#buy-{res}"));
                page_after(&b, version);
                let events = last_events_of(&server, &game, &token, me);
                let bought = events
                    .iter()
                    .find(|e| e["type"] == "resources_bought")
                    .expect("a purchase");
                assert_eq!(bought["amount"], json!(n));
                assert_eq!(
                    label,
                    json!(format!("Buy {n} {res} for {} Elektro", bought["cost"])),
                    "the price shown before buying"
                );
                did.insert("buy");
                continue;
            }
            b.click("#done");
        } else if phase == "building" {
            let builds = legal_of(&st, "build");
            if built_in < round && !builds.is_empty() {
                built_in = round;
                let city = builds[0]["city"].as_str().unwrap().to_owned();
                b.click(&format!(
                    "g.city.buildable[data-city=\"{city}\"] circle.disc"
                ));
                let total = b.wait_js("the build button", "const x = document.querySelector('#build'); return x && Number(x.dataset.total)", json!([]));
                let preview = b.js(
                    "return document.querySelector('#build-preview').textContent",
                    json!([]),
                );
                if round == 2 {
                    b.save_screenshot("powergrid-build-preview-desktop.png");
                }
                b.click("#build");
                page_after(&b, version);
                let events = last_events_of(&server, &game, &token, me);
                let built = events
                    .iter()
                    .find(|e| e["type"] == "built")
                    .expect("a house built");
                assert_eq!(built["city"], json!(city));
                let cost = built["connection"].as_u64().unwrap() + built["place"].as_u64().unwrap();
                assert_eq!(total, json!(cost), "the build price shown before building");
                assert!(
                    preview.as_str().unwrap().contains(&format!(
                        "{} connection + {} place",
                        built["connection"], built["place"]
                    )),
                    "{preview}"
                );
                did.insert("build");
                continue;
            }
            b.click("#done");
        } else if !legal_of(&st, "power").is_empty() {
            let income = b.wait_js(
                "the power button",
                "const x = document.querySelector('#power'); return x && Number(x.dataset.income)",
                json!([]),
            );
            if !shot_mid {
                shot_mid = true;
                b.save_screenshot("powergrid-bureaucracy-desktop.png");
            }
            b.click("#power");
            page_after(&b, version);
            let events = last_events_of(&server, &game, &token, me);
            let powered = events
                .iter()
                .find(|e| e["type"] == "powered")
                .expect("powered");
            assert_eq!(
                income, powered["income"],
                "the income shown before powering"
            );
            did.insert("power");
            continue;
        } else {
            panic!("no control for the legal actions {}", st["legal"]);
        }
        page_after(&b, version);
    }
    for step in ["auction", "buy", "build", "power"] {
        assert!(
            did.contains(step),
            "the human seat never did {step} (did {did:?})"
        );
    }
    assert!(checks > 10, "only {checks} page checks");
    // The log shows the game in words.
    let log = b.js(
        "return [...document.querySelectorAll('#pg-log li')].map(l => l.textContent)",
        json!([]),
    );
    let log: Vec<String> = serde_json::from_value(log).unwrap();
    assert!(
        log.iter().any(|l| l.starts_with("Round 2 begins")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.starts_with("Red buys plant")),
        "{log:?}"
    );
    assert!(log.iter().any(|l| l.starts_with("Red connects")), "{log:?}");
    assert!(log.iter().any(|l| l.starts_with("Red runs")), "{log:?}");
    b.save_screenshot("powergrid-desktop.png");
    b.resize(390, 844);
    b.save_screenshot("powergrid-phone.png");
    // A spectator sees no money but red's? No: a spectator sees nobody's money.
    b.goto(&format!("{}/games/{game}", server.url()));
    b.wait_js(
        "the spectator page",
        "return document.querySelector('.player .money') !== null",
        json!([]),
    );
    let moneys = b.js(
        "return [...document.querySelectorAll('.player .money')].map(m => m.textContent)",
        json!([]),
    );
    assert_eq!(
        moneys,
        json!(["? Elektro", "? Elektro", "? Elektro", "? Elektro"])
    );
    println!(
        "Power Grid: {checks} page checks in {:?}",
        started.elapsed()
    );
}

const TG_PAGE: &str = r#"
const q = (s, el = document) => [...el.querySelectorAll(s)];
return {
  version: Number(document.body.dataset.version),
  hand: q('#tg-hand .card, #tg-final-hands li.me .card').map(c => Number(c.dataset.card)),
  tops: q('.pile').map(p => Number(p.dataset.top)),
  draw: document.querySelector('#tg-draw').textContent,
  sizes: q('.team li').map(l => l.textContent),
  status: document.querySelector('#tg-status').textContent,
};"#;

fn check_thegame_page(b: &Browser, st: &Value) -> bool {
    let page = b.js(TG_PAGE, json!([]));
    if page["version"] != st["version"] {
        return false;
    }
    let v = &st["view"];
    let mut hand: Vec<u64> = v["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    hand.sort();
    assert_eq!(page["hand"], json!(hand), "the hand, sorted");
    assert_eq!(page["tops"], v["tops"], "pile tops");
    assert_eq!(
        page["draw"],
        json!(format!("Draw pile: {}", v["draw_pile"]))
    );
    for s in 0..v["players"].as_u64().unwrap() as usize {
        let text = page["sizes"][s].as_str().unwrap();
        assert!(
            text.starts_with(&format!("Seat {}: {} in hand", s + 1, v["hand_sizes"][s])),
            "{text:?}"
        );
    }
    true
}

#[test]
fn thegame_human_seat_plays_to_the_end_by_clicking() {
    if !can_run() {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let server = TestServer::start(Duration::from_millis(20));
    let b = Browser::start(1200, 900);
    let (game, link) = create_in_lobby(&b, &server, "thegame", 2, &["human", "heuristic"], 7);
    let token = token_of(&link);
    b.goto(&link);
    let view_path = format!("/api/games/{game}/view");
    let piles = ["up1", "up2", "down1", "down2"];
    let (mut plays, mut ends, mut checks) = (0, 0, 0);
    let mut signalled = false;
    let mut shot = false;
    let st = loop {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "The Game took too long"
        );
        let st = server.get(&view_path, Some(&token));
        let version = st["version"].as_u64().unwrap();
        if !page_at(&b, version) || !check_thegame_page(&b, &st) {
            continue;
        }
        checks += 1;
        if st["actor"]["type"] == "terminal" {
            break st;
        }
        let v = &st["view"];
        let mine = v["current"] == json!(0);
        if !mine {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        if !signalled {
            b.click(".pile[data-pile=\"up1\"] .sig-menu summary");
            b.click(".pile[data-pile=\"up1\"] button[data-signal=\"good_card\"]");
            page_after(&b, version);
            let after = server.get(&view_path, Some(&token));
            assert_eq!(after["view"]["signals"][0][0], json!("good_card"));
            signalled = true;
            continue;
        }
        // The smallest jump; a backwards trick first.
        let tops = v["tops"].as_array().unwrap();
        let best = legal_of(&st, "play")
            .into_iter()
            .map(|a| {
                let card = a["card"].as_i64().unwrap();
                let pile = a["pile"].as_str().unwrap();
                let top = tops[piles.iter().position(|p| *p == pile).unwrap()]
                    .as_i64()
                    .unwrap();
                let jump = if pile.starts_with("up") {
                    card - top
                } else {
                    top - card
                };
                (jump, card, pile.to_owned())
            })
            .min();
        let can_end = !legal_of(&st, "end_turn").is_empty();
        match best {
            Some((jump, card, pile)) if !can_end || jump < 0 || jump <= 2 => {
                if !shot && v["played_this_turn"] == json!(0) && plays > 10 {
                    b.click(&format!("#tg-hand .card[data-card=\"{card}\"]"));
                    b.wait_js(
                        "the selected card",
                        "return document.querySelector('.pile.takes') !== null",
                        json!([]),
                    );
                    b.save_screenshot("thegame-selected-desktop.png");
                    shot = true;
                } else {
                    b.click(&format!("#tg-hand .card[data-card=\"{card}\"]"));
                }
                // Piles that cannot take the card are dimmed; the others can.
                let dim = b.js("return [...document.querySelectorAll('.pile')].map(p => p.classList.contains('dim'))", json!([]));
                let takes: Vec<bool> = piles
                    .iter()
                    .map(|p| {
                        !st["legal"].as_array().unwrap().iter().any(|a| {
                            a["type"] == "play" && a["card"] == json!(card) && a["pile"] == json!(p)
                        })
                    })
                    .collect();
                assert_eq!(dim, json!(takes), "dimmed piles for card {card}");
                if jump == -10 {
                    let marked = b.js("return document.querySelector('.pile[data-pile=\"' + arguments[0] + '\"]').classList.contains('backwards')", json!([pile]));
                    assert_eq!(marked, json!(true), "the backwards trick is marked");
                }
                b.click(&format!(".pile[data-pile=\"{pile}\"] .top"));
                plays += 1;
            }
            _ if can_end => {
                b.click("#end-turn");
                ends += 1;
            }
            _ => panic!("no play and no end turn in {}", st["legal"]),
        }
        page_after(&b, version);
    };
    assert!(plays >= 10, "only {plays} plays");
    assert!(ends >= 5, "only {ends} turns ended");
    let outcome = &st["outcome"];
    let expect = if outcome["type"] == "won" {
        "The team won".to_owned()
    } else {
        format!("The team lost; cards left: {}.", outcome["cards_left"])
    };
    let status = b.wait_js(
        "the result",
        "return document.querySelector('#tg-status').textContent",
        json!([]),
    );
    assert!(
        status.as_str().unwrap().starts_with(&expect),
        "{status} vs {expect}"
    );
    let log = b.js(
        "return document.querySelectorAll('#tg-log li').length",
        json!([]),
    );
    assert!(log.as_u64().unwrap() > 20, "the log has {log} lines");
    b.save_screenshot("thegame-desktop.png");
    b.resize(390, 844);
    b.save_screenshot("thegame-phone.png");
    println!(
        "The Game: {plays} plays, {ends} turns, {checks} page checks in {:?}",
        started.elapsed()
    );
}

// ---------- every language ----------

/// The page's visible text: text nodes (closed help boxes and hidden options included), the
/// `placeholder`, `title` and `aria-label` attributes, and the document title; the language
/// picker (each language named in itself) is left out.
const PAGE_TEXT: &str = r#"
const out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const el = walker.currentNode.parentElement;
  if (!el || el.closest('#lang-picker, script, style')) continue;
  const t = walker.currentNode.textContent.trim();
  if (t) out.push(t);
}
for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
  for (const a of ['placeholder', 'title', 'aria-label']) {
    const v = el.getAttribute(a);
    if (v) out.push(v);
  }
}
out.push(document.title);
return out;"#;

/// Elements whose text does not fit: wider than their box, or a page wider than the window.
const OVERFLOW: &str = r#"
const bad = [...document.querySelectorAll('button, .plant, .pile, .player, label, summary, #pg-controls p, .tg p')]
  .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 60));
if (document.documentElement.scrollWidth > window.innerWidth + 1) bad.push('page ' + document.documentElement.scrollWidth + ' > ' + window.innerWidth);
return bad;"#;

/// Words in Latin letters that may stay in every language: the product's name and the map's
/// city names (proper nouns, shown as the maps print them).
fn allowed_latin() -> std::collections::BTreeSet<String> {
    let mut words: std::collections::BTreeSet<String> = ["Tabletop", "The", "Game"]
        .iter()
        .map(|w| w.to_string())
        .collect();
    for map in powergrid::MapId::ALL {
        for c in &map.map().cities {
            for w in c.name.split(|ch: char| !ch.is_alphabetic()) {
                words.insert(w.to_owned());
            }
        }
    }
    words
}

/// A letter of the Latin script (basic, Latin-1 and Latin Extended-A/B: "ü" in "Lübeck").
fn is_latin(ch: char) -> bool {
    ch.is_ascii_alphabetic() || (('\u{c0}'..='\u{24f}').contains(&ch) && ch.is_alphabetic())
}

/// Fails on a missing-message marker (`{id}` or `{$var}`), on English left in a page of another
/// language, and on text that overflows its box.
fn check_language(b: &Browser, lang: &str, page: &str) {
    let texts: Vec<String> = serde_json::from_value(b.js(PAGE_TEXT, json!([]))).unwrap();
    assert!(!texts.is_empty(), "{lang} {page}: no text");
    let allowed = allowed_latin();
    let mut problems = Vec::new();
    for text in &texts {
        let chars: Vec<char> = text.chars().collect();
        for (i, ch) in chars.iter().enumerate() {
            let next = chars.get(i + 1).copied().unwrap_or(' ');
            if *ch == '{' && (next == '$' || next == '-' || next.is_ascii_lowercase()) {
                problems.push(format!("missing message in {text:?}"));
            }
        }
        if lang != "en" {
            for word in text.split(|ch: char| !is_latin(ch)) {
                if word.chars().count() >= 2 && !allowed.contains(word) {
                    problems.push(format!("English {word:?} in {text:?}"));
                }
            }
        }
    }
    let overflow: Vec<String> = serde_json::from_value(b.js(OVERFLOW, json!([]))).unwrap();
    problems.extend(overflow.into_iter().map(|o| format!("overflows: {o}")));
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{lang} {page}:\n{}",
        problems.join("\n")
    );
}

/// Chooses `lang` in the page's language picker (the page reloads) and waits for it.
fn choose_language(b: &Browser, lang: &str) {
    b.wait_js(
        "the language picker",
        "return document.querySelectorAll('#lang-picker option').length === 5",
        json!([]),
    );
    b.js(
        "const p = document.querySelector('#lang-picker'); p.value = arguments[0]; p.dispatchEvent(new Event('change'));",
        json!([lang]),
    );
    b.wait_js(
        &format!("the page in {lang}"),
        "return document.documentElement.lang === arguments[0] && document.querySelector('#lang-picker').value === arguments[0] && document.querySelector('#main #boot') === null",
        json!([lang]),
    );
}

/// Desktop and phone screenshots of the page from its top (the phone one checked too).
fn shots(b: &Browser, name: &str, lang: &str) {
    b.js("window.scrollTo(0, 0)", json!([]));
    b.save_screenshot(&format!("{lang}-{name}-desktop.png"));
    b.resize(390, 844);
    std::thread::sleep(Duration::from_millis(150));
    check_language(b, lang, &format!("{name} (phone)"));
    b.js("window.scrollTo(0, 0)", json!([]));
    b.save_screenshot(&format!("{lang}-{name}-phone.png"));
    if name == "powergrid" {
        // The action panel, fixed at the foot of a phone's screen, leaves the whole map in
        // sight once the map is scrolled to the top (it covered the map's foot in zh-CN).
        let gap = b.js(
            "const map = document.querySelector('#pg-map');
             map.scrollIntoView({ block: 'start' });
             const panel = document.querySelector('#pg-controls').getBoundingClientRect();
             return panel.top - map.getBoundingClientRect().bottom",
            json!([]),
        );
        assert!(
            gap.as_f64().unwrap() >= -1.0,
            "{lang}: the action panel covers {gap} px of the map on a phone"
        );
        b.js("window.scrollTo(0, 0)", json!([]));
    }
    b.resize(1280, 900);
    std::thread::sleep(Duration::from_millis(150));
}

/// Plays the human seat of a 3-player Power Grid through round 1, checking the page's words at
/// every step.
fn powergrid_round_one(b: &Browser, server: &TestServer, lang: &str, seed: u64) {
    let (game, link) = create_in_lobby(
        b,
        server,
        "powergrid",
        3,
        &["human", "random", "random"],
        seed,
    );
    let token = token_of(&link);
    b.goto(&link);
    let view_path = format!("/api/games/{game}/view");
    let started = Instant::now();
    let mut built = false;
    let mut shot = false;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{lang}: round 1 took too long"
        );
        let st = server.get(&view_path, Some(&token));
        let v = &st["view"];
        if v["round"].as_u64().unwrap() >= 2 {
            break;
        }
        let version = st["version"].as_u64().unwrap();
        if !page_at(b, version) {
            continue;
        }
        if st["legal"].as_array().unwrap().is_empty() {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        check_language(b, lang, "powergrid");
        let phase = v["phase"].as_str().unwrap().to_owned();
        if !legal_of(&st, "start_auction").is_empty() {
            let plant = legal_of(&st, "start_auction")[0]["plant"].as_u64().unwrap();
            b.click(&format!(
                "#market-current .plant.selectable[data-plant=\"{plant}\"]"
            ));
            b.wait_js(
                "the offer button",
                "return document.querySelector('#offer') !== null",
                json!([]),
            );
            check_language(b, lang, "powergrid offer");
            b.click("#offer");
        } else if !legal_of(&st, "pass").is_empty() || !legal_of(&st, "discard").is_empty() {
            b.click(if legal_of(&st, "discard").is_empty() {
                "#pass"
            } else {
                "[data-discard]"
            });
        } else if phase == "resources" {
            b.click("#done");
        } else if phase == "building" {
            let builds = legal_of(&st, "build");
            if !built && !builds.is_empty() {
                built = true;
                let city = builds[0]["city"].as_str().unwrap().to_owned();
                b.click(&format!(
                    "g.city.buildable[data-city=\"{city}\"] circle.disc"
                ));
                b.wait_js(
                    "the build button",
                    "return document.querySelector('#build') !== null",
                    json!([]),
                );
                check_language(b, lang, "powergrid build preview");
                b.click("#build");
            } else {
                b.click("#done");
            }
        } else if !legal_of(&st, "power").is_empty() {
            b.wait_js(
                "the power button",
                "return document.querySelector('#power') !== null",
                json!([]),
            );
            if !shot {
                shot = true;
                // The help box, open in round 1, explains the phase.
                let help = b.js("const d = document.querySelector('#pg-help'); return d && d.open && d.textContent", json!([]));
                assert!(
                    help.as_str().is_some_and(|h| h.len() > 40),
                    "{lang}: help {help}"
                );
                shots(b, "powergrid", lang);
            }
            b.click("#power");
        } else {
            panic!("{lang}: no control for {}", st["legal"]);
        }
        page_after(b, version);
    }
    assert!(built, "{lang}: the human seat never built");
    b.wait_js(
        "the log of round 1",
        "return document.querySelectorAll('#pg-log li').length > 10",
        json!([]),
    );
    check_language(b, lang, "powergrid after round 1");
    let rules = b.js(
        "return document.querySelector('#rules-link').getAttribute('href')",
        json!([]),
    );
    assert_eq!(rules, json!("/rules/powergrid"));
}

/// Plays two turns of the human seat of a 2-player The Game.
fn thegame_turns(b: &Browser, server: &TestServer, lang: &str, seed: u64) {
    let (game, link) = create_in_lobby(b, server, "thegame", 2, &["human", "heuristic"], seed);
    let token = token_of(&link);
    b.goto(&link);
    let view_path = format!("/api/games/{game}/view");
    let started = Instant::now();
    let mut ended = 0;
    while ended < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{lang}: The Game took too long"
        );
        let st = server.get(&view_path, Some(&token));
        let version = st["version"].as_u64().unwrap();
        if !page_at(b, version) {
            continue;
        }
        if st["actor"]["type"] == "terminal" {
            break;
        }
        if st["view"]["current"] != json!(0) {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        check_language(b, lang, "thegame");
        let plays = legal_of(&st, "play");
        if !legal_of(&st, "end_turn").is_empty() || plays.is_empty() {
            if ended == 1 {
                shots(b, "thegame", lang);
            }
            b.click("#end-turn");
            ended += 1;
        } else {
            let (card, pile) = (
                plays[0]["card"].as_u64().unwrap(),
                plays[0]["pile"].as_str().unwrap(),
            );
            b.click(&format!("#tg-hand .card[data-card=\"{card}\"]"));
            b.click(&format!(".pile[data-pile=\"{pile}\"] .top"));
        }
        page_after(b, version);
    }
    check_language(b, lang, "thegame after two turns");
}

#[test]
fn every_language_plays_and_reads_as_it_should() {
    if !can_run() {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let server = TestServer::start(Duration::from_millis(10));
    let b = Browser::start(1280, 900);
    // First visit: the browser's language (English here); other preferences map to catalogs.
    b.goto(&server.url());
    b.wait_js(
        "the lobby",
        "return document.querySelector('#create') !== null",
        json!([]),
    );
    assert_eq!(
        b.js("return document.documentElement.lang", json!([])),
        json!("en")
    );
    // Which catalog a browser's languages pick, and plural forms in each language, are unit
    // tests of `i18n.js` (`crates/server/js-tests/i18n.test.js`, run by `tests/scripts.rs`).
    for (i, lang) in ["en", "zh-CN", "ko", "th", "gu"].into_iter().enumerate() {
        b.goto(&server.url());
        choose_language(&b, lang);
        check_language(&b, lang, "lobby");
        shots(&b, "lobby", lang);
        powergrid_round_one(&b, &server, lang, 100 + i as u64);
        for game in ["powergrid", "thegame"] {
            b.goto(&format!("{}/rules/{game}", server.url()));
            b.wait_js(
                "the rules",
                "return document.querySelectorAll('#rules h3').length >= 3",
                json!([]),
            );
            check_language(&b, lang, &format!("rules of {game}"));
            shots(&b, &format!("rules-{game}"), lang);
        }
        thegame_turns(&b, &server, lang, 200 + i as u64);
        // The choice is remembered: a new page load keeps the language.
        b.goto(&server.url());
        b.wait_js(
            "the lobby",
            "return document.querySelector('#create') !== null",
            json!([]),
        );
        assert_eq!(
            b.js("return document.documentElement.lang", json!([])),
            json!(lang)
        );
    }
    println!("five languages in {:?}", started.elapsed());
}
