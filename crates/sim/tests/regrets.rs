//! Losses the regret finder found (`sim::powergrid::regret`, `docs/sim.md`): each case is a game
//! a bot lost although another final round would have won it. Played again from its final round
//! with the bot's own play (the rivals deciding with their own bots on their seeds), the bot
//! must now win it.
//!
//! `regrets/open/` holds cases a bot still loses, recorded for the work that fixes them and not
//! run here: a case moves up into `regrets/` once its bot wins it.

use bots::powergrid::Config;
use sim::powergrid::regret::{own_bot_wins, play_on, Case};

/// Every case of `regrets/*.jsonl`, one regret of `tabletop sim powergrid --regrets` a line,
/// with the file and line it came from.
fn cases() -> Vec<(String, Case)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/regrets");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let regret: serde_json::Value = serde_json::from_str(line).unwrap();
            let case: Case = serde_json::from_value(regret["case"].clone()).unwrap();
            out.push((format!("{}:{}", file.display(), i + 1), case));
        }
    }
    out
}

/// The bot under test wins every final round it once lost with a win in reach.
#[test]
fn the_bots_win_the_final_rounds_they_once_lost() {
    let cases = cases();
    assert!(!cases.is_empty(), "no cases found");
    let config = Config::default();
    let lost: Vec<&str> = cases
        .iter()
        .filter(|(_, case)| !own_bot_wins(case, &config).unwrap())
        .map(|(at, _)| at.as_str())
        .collect();
    assert!(lost.is_empty(), "still lost: {lost:?}");
}

/// A case replays as recorded up to its final round: the rivals' bots decide as they did.
#[test]
fn the_cases_replay_as_recorded() {
    let config = Config::default();
    for (at, case) in cases() {
        let replayed = play_on(&case, &config, None).unwrap();
        assert!(!replayed.diverged, "{at}");
    }
}
