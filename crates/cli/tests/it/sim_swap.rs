//! `tabletop sim powergrid --swap TEACHER:PHASES[:ROUND]`: every game with and without the
//! teacher deciding the examined bot's turns, and clear errors for what it cannot run.

use std::process::{Command, Output};

fn tabletop(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The bot as its own teacher loses exactly the games it loses as it plays; a random teacher
/// building for it loses more, and the table says which games it spoiled.
#[test]
fn swap_tables_count_losses_both_ways() {
    let run = |swap: &str| {
        let out = tabletop(&[
            "sim",
            "powergrid",
            "--seats",
            "heuristic,builder,green",
            "--games",
            "6",
            "--seed",
            "11",
            "--threads",
            "2",
            "--swap",
            swap,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let row = text
            .lines()
            .find(|l| l.starts_with("heuristic,builder,green"))
            .unwrap_or_else(|| panic!("no row: {text}"))
            .to_owned();
        let n: Vec<u64> = row
            .split_whitespace()
            .skip(1)
            .map(|x| x.parse().unwrap())
            .collect();
        (text, n)
    };
    let (text, same) = run("heuristic:auction+building:1");
    assert!(
        text.contains("then with heuristic deciding its turns in auction, building from round 1"),
        "{text}"
    );
    // games, seat-games, losses, swapped, saved, spoiled
    assert_eq!(same[0], 6, "{text}");
    assert_eq!(same[1], 6, "{text}");
    assert_eq!(same[2], same[3], "{text}");
    assert_eq!((same[4], same[5]), (0, 0), "{text}");
    let (text, random) = run("random:building");
    assert_eq!(random[2], same[2], "{text}");
    assert!(random[3] > random[2], "{text}");
    assert_eq!(random[3], random[2] + random[5] - random[4], "{text}");
}

#[test]
fn swap_refuses_what_it_cannot_run() {
    for (args, says) in [
        (
            vec!["--swap", "nobody:auction"],
            "the teacher must be a registered bot",
        ),
        (
            vec!["--swap", "search:auctions"],
            "unknown phase \"auctions\"",
        ),
        (vec!["--swap", "search"], "no phases"),
        (
            vec!["--swap", "search:auction", "--json"],
            "--swap prints its table only",
        ),
        (
            vec!["--swap", "search:auction", "--seats", "heuristic,exec:true"],
            "--swap plays built-in bots only",
        ),
        (
            vec!["--swap", "search:auction", "--regrets", "r.jsonl"],
            "cannot be used with",
        ),
    ] {
        let mut all = vec!["sim", "powergrid", "--games", "1"];
        all.extend(args.iter());
        let out = tabletop(&all);
        assert!(!out.status.success(), "{args:?} ran");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
