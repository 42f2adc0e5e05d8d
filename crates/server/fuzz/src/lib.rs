//! What the fuzz targets share: applying actions read from bytes to a game with the server's
//! checks, checking a setup, and running a bot that says whatever the fuzzer wrote.

use engine::{Actor, Game, Seat, Viewer};
use std::sync::OnceLock;
use std::time::Duration;

/// Every viewer of a game of `seats` seats: each seat, then a spectator.
fn viewers(seats: usize) -> impl Iterator<Item = Viewer> {
    (0..seats)
        .map(|s| Viewer::Seat(Seat(s as u8)))
        .chain([Viewer::Spectator])
}

fn views<G: Game>(state: &G) -> Vec<G::View> {
    viewers(state.seats()).map(|v| state.view(v)).collect()
}

/// Applies the actions of `input` to `state`, one per line: a seat byte, then the action. The
/// seat byte's top two bits say how the rest is read: 0, as an index into the legal actions
/// (taken by the actor); 1, as the action's text form; otherwise, as its JSON.
///
/// # Panics
/// When a refusal changed a view, the actor, or the outcome; when the actor's action is
/// accepted or refused against `is_legal`; when an accepted action does not survive its text
/// and JSON forms, or an event does not serialise.
pub fn apply_lines<G: Game>(mut state: G, input: &[u8]) {
    let seats = state.seats();
    let mut legal = Vec::new();
    for line in input.split(|&b| b == b'\n').take(300) {
        let Some((&first, text)) = line.split_first() else {
            continue;
        };
        let mut seat = Seat(((first & 0x3f) as usize % seats) as u8);
        let action: G::Action = match first >> 6 {
            0 => {
                let Actor::Seat(actor) = state.actor() else {
                    return;
                };
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    return;
                }
                seat = actor;
                legal[usize::from(text.first().copied().unwrap_or(0)) % legal.len()].clone()
            }
            1 => match std::str::from_utf8(text).ok().and_then(|t| t.parse().ok()) {
                Some(a) => a,
                None => continue,
            },
            _ => match serde_json::from_slice(text) {
                Ok(a) => a,
                Err(_) => continue,
            },
        };
        let before = views(&state);
        let actor = state.actor();
        let outcome = serde_json::to_value(state.outcome()).expect("an outcome serialises");
        let by_actor = actor == Actor::Seat(seat);
        let is_legal = state.is_legal(&action);
        match state.apply_as(seat, &action) {
            Err(e) => {
                assert!(!e.to_string().is_empty(), "a refusal says why");
                assert!(
                    views(&state) == before,
                    "{action:?} was refused ({e}) but changed a view"
                );
                assert!(
                    state.actor() == actor,
                    "{action:?} was refused but changed the actor"
                );
                let after = serde_json::to_value(state.outcome()).expect("an outcome serialises");
                assert_eq!(
                    after, outcome,
                    "{action:?} was refused but changed the outcome"
                );
                assert!(
                    !(by_actor && is_legal),
                    "{action:?} is_legal but refused: {e}"
                );
            }
            Ok(events) => {
                assert!(
                    !by_actor || is_legal,
                    "{action:?} accepted but not is_legal"
                );
                let text = action.to_string();
                let parsed: G::Action = match text.parse() {
                    Ok(a) => a,
                    Err(e) => {
                        panic!("{action:?} was accepted but its text {text:?} is refused: {e}")
                    }
                };
                assert!(parsed == action, "{text:?} reads back as {parsed:?}");
                let json = serde_json::to_value(&action).expect("an action serialises");
                let back: G::Action = serde_json::from_value(json.clone())
                    .unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
                assert!(back == action, "{json} reads back as {back:?}");
                for event in &events {
                    serde_json::to_string(event).expect("an event serialises");
                }
            }
        }
    }
}

/// Reads `json` as a setup of `G` and starts the game if the rules allow.
///
/// # Panics
/// When a parsed setup does not survive its JSON form, a refusal says nothing, a view does not
/// serialise, or the actor of a new game has no legal action or cannot take the first one.
pub fn check_setup<G: Game>(json: &[u8]) {
    let Ok(setup) = serde_json::from_slice::<G::Setup>(json) else {
        return;
    };
    let value = serde_json::to_value(&setup).expect("a setup serialises");
    let again: G::Setup = serde_json::from_value(value.clone())
        .unwrap_or_else(|e| panic!("{value} does not read back: {e}"));
    assert_eq!(serde_json::to_value(&again).expect("serialises"), value);
    match G::new(setup) {
        Err(e) => assert!(!e.to_string().is_empty(), "a refused setup says why"),
        Ok(state) => {
            for view in views(&state) {
                serde_json::to_string(&view).expect("a view serialises");
            }
            if let Actor::Seat(seat) = state.actor() {
                let mut legal = Vec::new();
                state.legal_actions(&mut legal);
                assert!(
                    !legal.is_empty(),
                    "the first actor of {value} has no legal action"
                );
                let mut next = state.clone();
                if let Err(e) = next.apply_as(seat, &legal[0]) {
                    panic!(
                        "{:?}, listed as legal in {value}, is refused: {e}",
                        legal[0]
                    );
                }
            }
        }
    }
}

/// Where `bot_replies` writes its bot's output and logs, for the fuzzer process's life.
fn work_dir() -> &'static std::path::Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        // libFuzzer's `main` is not Rust's, which ignores SIGPIPE: a bot that exits before
        // reading must give the host an error, not kill the fuzzer.
        // SAFETY: setting a signal's disposition to ignore, before any thread writes to a pipe.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
        tempfile::tempdir().expect("a temporary directory")
    })
    .path()
}

/// Seats a bot that writes `replies` (and nothing else) in a 2-player game of The Game against
/// the `random` bot, and plays the game.
///
/// # Panics
/// When the game does not end, the random bot forfeits, or the bot forfeits without a reason.
pub fn bot_replies(replies: &[u8]) {
    let dir = work_dir();
    let file = dir.join("replies");
    std::fs::write(&file, replies).expect("the replies are written");
    let mut spec = botproto::ExecSpec::new(&format!("exec cat '{}'", file.display()));
    spec.time_limit = Duration::from_secs(5);
    spec.startup_limit = Duration::from_secs(5);
    spec.log_dir = dir.join("logs");
    let setup = thegame::Setup {
        players: 2,
        seed: 7,
        first: 0,
        deal: None,
    };
    let state = thegame::State::new(setup.clone()).expect("a valid setup");
    let random = bots::find::<thegame::State>("random").expect("a random bot");
    let mut seats = vec![
        botproto::SeatBot::External(botproto::External::new(spec)),
        botproto::SeatBot::built_in(random.build(1)),
    ];
    let public = botproto::public_setup(&setup);
    let played = botproto::play(state, &mut seats, &public, &[1, 2], "")
        .unwrap_or_else(|e| panic!("the game must end whatever the bot says: {e}"));
    assert!(played.forfeits[1].is_none(), "the built-in bot forfeited");
    if let Some(f) = &played.forfeits[0] {
        assert!(!f.reason.is_empty(), "a forfeit says why");
    }
}
