//! The game analysis in the replay viewer and the Hint button at the table (issue #33), in a
//! real headless Chromium at 1366×900 and 390×844: a finished Power Grid game and a finished
//! The Game show their status while analysed, then the chance-to-win chart, the marks on the
//! timeline with the buttons to them, each seat's summary, the decision at a marked step in
//! words with both estimates, and the hint taken, in every language; the Hint button suggests a
//! move without playing it in an unrated game and is absent from a rated one. The server
//! analyses with a small budget so that the test takes seconds. Screenshots:
//! `target/e2e-screenshots/analysis-*.png`.

use e2e::{
    can_run_browser, careless_move, create_game as create, fits_the_width, powergrid_by_heuristics,
    scored_registry, send_actions, settled, text, Browser, TestServer, ENTER,
};
use serde_json::{json, Value};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// One browser at a time: the machine has two cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const DESKTOP: (u32, u32) = (1366, 900);
const PHONE: (u32, u32) = (390, 844);
const LANGUAGES: [&str; 5] = ["en", "zh-CN", "ko", "th", "gu"];

/// A server analysing with a small budget, and a browser; `None` where the browser test cannot
/// run.
fn session(size: (u32, u32)) -> Option<(MutexGuard<'static, ()>, TestServer, Browser)> {
    if !can_run_browser() {
        return None;
    }
    let one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = TestServer::start_configured(Duration::from_millis(10), scored_registry(), |c| {
        c.analysis.budget = analysis::Budget::Samples(8);
    });
    let b = Browser::start(size.0, size.1);
    Some((one, server, b))
}

/// No text on the page is a missing message's `{id}` marker.
fn no_missing_message(b: &Browser, what: &str) {
    let marker = b.js(
        "return (document.body.innerText.match(/\\{[a-z$][a-z0-9-]*\\}/) || [null])[0]",
        json!([]),
    );
    assert_eq!(marker, Value::Null, "{what}: a missing message");
}

/// Asks for a hint for `token`'s seat: the server's answer.
fn take_hint(server: &TestServer, game: &str, token: &str) -> Value {
    let answer = server.post(&format!("/api/games/{game}/hint"), Some(token), &json!({}));
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()
}

/// A two-player The Game (Ann and Bo) played to its end over HTTP by a careless policy (the
/// first legal play, the turn ended as soon as allowed), Ann taking a hint on her first turn:
/// the game, the tokens and the hint.
fn finished_thegame(server: &TestServer) -> (String, Vec<String>, Value) {
    let created = create(
        server,
        json!({"kind": "thegame", "setup": {"players": 2, "seed": 7},
               "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]}),
    );
    let game = created["game"].as_str().unwrap().to_owned();
    let tokens: Vec<String> = (0..2)
        .map(|s| created["seats"][s]["token"].as_str().unwrap().to_owned())
        .collect();
    let mut hint = Value::Null;
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the game took too long"
        );
        let summary = server.get(&format!("/api/games/{game}"), None);
        if summary["outcome"] != Value::Null {
            return (game, tokens, hint);
        }
        let seat = summary["actor"]["seat"].as_u64().unwrap() as usize;
        let st = server.get(&format!("/api/games/{game}/view"), Some(&tokens[seat]));
        if seat == 0 && hint.is_null() {
            hint = take_hint(server, &game, &tokens[0]);
        }
        let legal = st["legal"].as_array().unwrap();
        let action = careless_move(legal);
        let answer = server.post(
            &format!("/api/games/{game}/actions"),
            Some(&tokens[seat]),
            &json!({"version": st["version"], "action": action}),
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
}

/// A two-player Power Grid game (Ann and Bo) played to its end by the heuristic bot in the
/// engine, its actions sent to the server in order, Ann taking a hint before the first: the
/// game, the tokens and the hint.
fn finished_powergrid(server: &TestServer) -> (String, Vec<String>, Value) {
    let (game, tokens, actions) = powergrid_by_heuristics(server, 5);
    let hint = take_hint(server, &game, &tokens[actions[0].0]);
    send_actions(server, &game, &tokens, &actions);
    (game, tokens, hint)
}

/// Waits until the game's analysis is done, and gives the server's answer.
fn analysed(server: &TestServer, game: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let answer = server.get(&format!("/api/games/{game}/analysis"), None);
        match answer["status"].as_str() {
            Some("done") => return answer,
            Some("queued" | "running" | "none") => {}
            other => panic!("the analysis is {other:?}: {answer}"),
        }
        assert!(
            Instant::now() < deadline,
            "the analysis never finished: {answer}"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// The steps of the report's marked decisions (of every seat), in order.
fn marked_steps(report: &Value) -> Vec<u64> {
    let mut steps: Vec<u64> = report["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["mark"].is_string())
        .map(|d| d["index"].as_u64().unwrap())
        .collect();
    steps.sort_unstable();
    steps
}

/// The step the replay shows once drawn.
fn shown_step(b: &Browser) -> u64 {
    b.js(
        "return Number(document.querySelector('#replay-board').dataset.shown)",
        json!([]),
    )
    .as_u64()
    .unwrap()
}

/// Waits until the replay shows step `step`, its analysis drawn.
fn wait_for_step(b: &Browser, step: u64, what: &str) {
    b.wait_js(
        &format!("{what}: step {step} with its analysis"),
        "return document.querySelector('#replay-board')?.dataset.shown === String(arguments[0])
           && document.querySelector('#win-chart polyline') !== null",
        json!([step]),
    );
}

/// The replay of one finished game with its analysis, checked and photographed in every
/// language at both sizes; at the desktop size in English, the buttons to the marks, a click on
/// the chart and the hint taken.
fn check_replay(kind: &str, finished: fn(&TestServer) -> (String, Vec<String>, Value)) {
    let Some((_one, server, b)) = session(DESKTOP) else {
        return;
    };
    let (game, tokens, hint) = finished(&server);
    let url = server.url();
    // This browser holds Ann's seat: her decisions are told as "you".
    b.goto(&format!("{url}/"));
    b.js(
        "localStorage.setItem('tabletop.seats', JSON.stringify([{ game: arguments[0], kind: arguments[1], seat: 0, token: arguments[2] }]))",
        json!([game, kind, tokens[0]]),
    );
    // Right after the end the analysis waits or runs, and the page says so, then shows it
    // without being reloaded.
    b.goto(&format!("{url}/games/{game}#replay"));
    let status = b.wait_js(
        "the analysis status",
        "const s = document.querySelector('#analysis-status');
         return s ? s.dataset.status : document.querySelector('#win-chart') && 'done'",
        json!([]),
    );
    // A game the server has not queued yet is analysed on asking.
    if status == "absent" {
        b.click("#analysis-ask");
    } else {
        assert!(
            ["queued", "running", "done"].contains(&status.as_str().unwrap()),
            "{status}"
        );
    }
    let answer = analysed(&server, &game);
    b.wait_js(
        "the chart, without a reload",
        "return document.querySelector('#win-chart polyline') !== null",
        json!([]),
    );
    let report = &answer["report"];
    let seats = report["series"].as_array().unwrap().len();
    assert_eq!(seats, 2, "one line per seat: {}", report["series"]);
    // The step looked at: the first marked decision, else (a few samples may leave every drop
    // within two standard errors, unmarked) the first on which the bot prefers another move.
    let marks = marked_steps(report);
    let decisions = report["decisions"].as_array().unwrap();
    let looked = decisions
        .iter()
        .find(|d| d["mark"].is_string())
        .or_else(|| decisions.iter().find(|d| d["agrees"] == false))
        .expect("a decision the bot would have taken otherwise")
        .clone();
    let looked_at = looked["index"].as_u64().unwrap();
    for lang in LANGUAGES {
        b.goto(&format!("{url}/"));
        b.js(
            "localStorage.setItem('tabletop.lang', arguments[0])",
            json!([lang]),
        );
        for (size, (w, h)) in [("desktop", DESKTOP), ("phone", PHONE)] {
            let what = format!("{kind} {lang} {size}");
            b.resize(w, h);
            b.goto("about:blank");
            b.goto(&format!("{url}/games/{game}#replay&step={looked_at}"));
            wait_for_step(&b, looked_at, &what);
            let got = b.js(
                "const chart = document.querySelector('#win-chart');
                 const box = chart.getBoundingClientRect();
                 return {
                   lines: chart.querySelectorAll('polyline').length,
                   marks: chart.querySelectorAll('.win-mark').length,
                   ticks: document.querySelectorAll('#timeline-marks .tick').length,
                   rows: document.querySelectorAll('#analysis-summary tbody tr').length,
                   sentence: document.querySelector('#analysis-sentence')?.textContent || '',
                   taken: document.querySelector('#estimate-taken')?.textContent || '',
                   preferred: document.querySelector('#estimate-preferred')?.textContent || '',
                   mark: document.querySelector('#analysis-decision')?.dataset.mark || '',
                   inside: box.right <= document.querySelector('#analysis').getBoundingClientRect().right + 0.5,
                   axis: Math.min(...[...chart.querySelectorAll('.axis')].map((t) => t.getBoundingClientRect().height)),
                 }",
                json!([]),
            );
            assert_eq!(got["lines"], json!(seats), "{what}: {got}");
            assert_eq!(
                got["marks"],
                json!(marks.len()),
                "{what}: every mark on the chart"
            );
            assert_eq!(
                got["ticks"],
                json!(marks.len()),
                "{what}: every mark on the timeline"
            );
            assert_eq!(got["rows"], json!(seats), "{what}: a summary per seat");
            assert_eq!(
                got["mark"].as_str(),
                Some(looked["mark"].as_str().unwrap_or("")),
                "{what}: {got}"
            );
            let sentence = got["sentence"].as_str().unwrap();
            assert!(!sentence.is_empty(), "{what}: the decision in words");
            assert!(!got["taken"].as_str().unwrap().is_empty(), "{what}: {got}");
            if looked["agrees"] == false {
                assert!(
                    !got["preferred"].as_str().unwrap().is_empty(),
                    "{what}: {got}"
                );
            }
            // The chart is drawn at its box's width, inside the window, its labels readable.
            assert_eq!(
                got["inside"],
                json!(true),
                "{what}: the chart is wider than its box: {got}"
            );
            assert!(
                got["axis"].as_f64().unwrap() >= 10.0,
                "{what}: axis labels {got}"
            );
            if lang == "en" {
                let win = |e: &Value| (e["win"].as_f64().unwrap() * 100.0).round();
                let taken = format!("{}% chance to win", win(&looked["taken_estimate"]));
                assert!(
                    got["taken"].as_str().unwrap().contains(&taken),
                    "{what}: {got} lacks {taken}"
                );
                let who = if looked["seat"] == 0 {
                    "You chose "
                } else {
                    "Bo ("
                };
                assert!(sentence.starts_with(who), "{what}: {sentence:?}");
                if looked["agrees"] == false {
                    assert!(sentence.contains("the bot prefers"), "{what}: {sentence:?}");
                }
            }
            fits_the_width(&b, &what);
            no_missing_message(&b, &what);
            b.save_screenshot(&format!("analysis-{kind}-{lang}-{size}.png"));
        }
    }
    // The buttons to the marks, by keyboard, and a click on the chart.
    b.resize(DESKTOP.0, DESKTOP.1);
    b.goto(&format!("{url}/"));
    b.js("localStorage.setItem('tabletop.lang', 'en')", json!([]));
    b.goto(&format!("{url}/games/{game}#replay&step=0"));
    wait_for_step(&b, 0, "the start");
    let before = b.js(
        "return document.querySelector('#mark-prev').disabled",
        json!([]),
    );
    assert_eq!(before, json!(true), "no mark before the start");
    for &mark in marks.iter().filter(|&&m| m > 0).take(3) {
        b.js("document.querySelector('#mark-next').focus()", json!([]));
        b.press(ENTER);
        wait_for_step(&b, mark, "the next mark");
        assert_eq!(shown_step(&b), mark);
    }
    let steps = b
        .js(
            "return Number(document.querySelector('#win-chart').dataset.steps)",
            json!([]),
        )
        .as_u64()
        .unwrap();
    b.js(
        "const c = document.querySelector('#win-chart'); const r = c.getBoundingClientRect();
         c.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.right - 10, clientY: r.top + r.height / 2 }))",
        json!([]),
    );
    b.wait_js(
        "a click near the chart's right end goes near the last step",
        "return Number(document.querySelector('#replay-board').dataset.shown) > arguments[0] * 0.9",
        json!([steps]),
    );
    // The hint Ann took is shown at its step.
    let step = hint["step"].as_u64().unwrap();
    b.goto(&format!("{url}/games/{game}#replay&step={step}"));
    wait_for_step(&b, step, "the hint's step");
    b.wait_js(
        "the hint taken",
        "return document.querySelector('#hints-taken li')",
        json!([]),
    );
    // Told as "you" to the seat this browser holds (Ann's), by name to the others.
    let taken = text(&b, "#hints-taken");
    let told = if hint["seat"] == 0 {
        "Hint taken: "
    } else {
        "Bo ("
    };
    assert!(taken.starts_with(told), "{taken:?}");
    b.save_screenshot(&format!("analysis-{kind}-hint-taken.png"));
}

#[test]
fn a_finished_powergrid_game_shows_its_analysis_in_the_replay() {
    check_replay("powergrid", finished_powergrid);
}

#[test]
fn a_finished_thegame_shows_its_analysis_in_the_replay() {
    check_replay("thegame", finished_thegame);
}

/// The Hint button of Ann's seat: the suggestion in words and pointed at on the page, the game
/// unchanged (nothing is played); then the same in Power Grid, where the first decision is a
/// plant to offer.
#[test]
fn the_hint_button_suggests_a_move_without_playing_it() {
    let Some((_one, server, b)) = session(DESKTOP) else {
        return;
    };
    let tg = create(
        &server,
        json!({"kind": "thegame", "setup": {"players": 1, "seed": 3},
               "seats": [{"type": "human", "name": "Ann"}]}),
    );
    let pg = create(
        &server,
        json!({"kind": "powergrid", "setup": {"players": 2, "map": "germany", "seed": 5},
               "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]}),
    );
    let pg_first = server.get(
        &format!("/api/games/{}", pg["game"].as_str().unwrap()),
        None,
    )["actor"]["seat"]
        .as_u64()
        .unwrap() as usize;
    let cases = [
        ("thegame", &tg, 0, ".card.hinted", ".pile.hinted"),
        (
            "powergrid",
            &pg,
            pg_first,
            ".plant.hinted",
            "#market-current .plant.hinted",
        ),
    ];
    for (kind, created, seat, first, second) in cases {
        let game = created["game"].as_str().unwrap();
        let token = created["seats"][seat]["token"].as_str().unwrap();
        for (size, (w, h)) in [("desktop", DESKTOP), ("phone", PHONE)] {
            b.resize(w, h);
            b.goto("about:blank");
            b.goto(created["seats"][seat]["link"].as_str().unwrap());
            let before = settled(&b, &server, game, token);
            b.click("#table-hint");
            b.wait_js(
                "the hint",
                "return document.querySelector('#table-hint-text')",
                json!([]),
            );
            let said = text(&b, "#table-hint-text");
            assert!(said.starts_with("Hint: "), "{kind}: {said:?}");
            let pointed = b.js(
                "return [document.querySelector(arguments[0]) !== null, document.querySelector(arguments[1]) !== null]",
                json!([first, second]),
            );
            assert_eq!(
                pointed,
                json!([true, true]),
                "{kind} {size}: the hint is pointed at"
            );
            let after = server.get(&format!("/api/games/{game}/view"), Some(token));
            assert_eq!(
                after["version"], before["version"],
                "{kind}: a hint plays nothing"
            );
            fits_the_width(&b, &format!("{kind} hint {size}"));
            no_missing_message(&b, &format!("{kind} hint {size}"));
            b.save_screenshot(&format!("analysis-hint-{kind}-{size}.png"));
        }
    }
}

/// A rated game offers no Hint button, and the server refuses a hint there.
#[test]
fn a_rated_game_has_no_hint_button() {
    let Some((_one, server, b)) = session(DESKTOP) else {
        return;
    };
    b.goto(&server.url());
    let xhr = |method: &str, path: &str, token: Option<&str>, body: Value| -> (u64, Value) {
        let answer = b.js(
            "const x = new XMLHttpRequest();
             x.open(arguments[0], arguments[1], false);
             if (arguments[2]) x.setRequestHeader('Authorization', 'Bearer ' + arguments[2]);
             x.setRequestHeader('Content-Type', 'application/json');
             x.send(arguments[3]);
             return [x.status, x.responseText];",
            json!([method, path, token, body.to_string()]),
        );
        (
            answer[0].as_u64().unwrap(),
            serde_json::from_str(answer[1].as_str().unwrap()).unwrap_or(Value::Null),
        )
    };
    let (status, answer) = xhr(
        "POST",
        "/api/account/signup",
        None,
        json!({"name": "Ann", "password": "correct horse"}),
    );
    assert_eq!(status, 201, "{answer}");
    let (status, created) = xhr(
        "POST",
        "/api/games",
        None,
        json!({"kind": "thegame", "setup": {"players": 2},
               "seats": [{"type": "human"}, {"type": "bot", "bot": "heuristic"}],
               "options": {"rated": true, "clock": {"type": "per_move", "seconds": 600}}}),
    );
    assert_eq!(status, 201, "{created}");
    let game = created["game"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    b.goto(created["seats"][0]["link"].as_str().unwrap());
    // Ann's turn comes (the bot may play first): her cards are playable, and no Hint button.
    b.wait_js(
        "Ann's turn",
        "return document.querySelector('.card:not(.unplayable):not(:disabled)') !== null",
        json!([]),
    );
    settled(&b, &server, game, token);
    let hint = b.js("return document.querySelector('#table-hint')", json!([]));
    assert_eq!(hint, Value::Null, "no Hint button in a rated game");
    let (status, answer) = xhr(
        "POST",
        &format!("/api/games/{game}/hint"),
        Some(token),
        json!({}),
    );
    assert_eq!(
        (status, answer["code"].clone()),
        (403, json!("hints_rated")),
        "{answer}"
    );
    b.save_screenshot("analysis-rated-no-hint.png");
}
