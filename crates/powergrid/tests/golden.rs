//! Golden playthroughs: whole seeded games as readable logs (insta snapshots), and the deal of a
//! seed. Any change to the rules, the random generator or the text forms shows up as a diff.
//! Regenerate with `INSTA_UPDATE=always cargo test -p powergrid --test golden` and review.

mod common;

use common::{Policy, RandomPlayer};
use powergrid::{seat_name, Actor, MapId, Setup, State};
use std::fmt::Write;

fn playthrough(setup: Setup, policy: Policy) -> String {
    let seed = setup.seed;
    let mut g = State::new(setup).unwrap();
    let mut player = RandomPlayer::with_policy(seed, policy);
    let mut log = String::new();
    writeln!(
        log,
        "regions: {:?}; turn order: {:?}",
        g.board()
            .regions
            .iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>(),
        g.turn_order()
            .iter()
            .map(|s| seat_name(*s))
            .collect::<Vec<_>>()
    )
    .unwrap();
    while let Actor::Seat(seat) = g.actor() {
        let a = player.choose(&g);
        writeln!(log, "{}: {a}", seat_name(seat)).unwrap();
        for e in g.apply(&a).unwrap() {
            writeln!(log, "    {e}").unwrap();
        }
    }
    log
}

#[test]
fn golden_3_players_germany_seed_1_uniform() {
    insta::assert_snapshot!(playthrough(
        Setup::new(3, MapId::Germany, 1),
        Policy::Uniform
    ));
}

#[test]
fn golden_4_players_usa_seed_2_builder() {
    insta::assert_snapshot!(playthrough(Setup::new(4, MapId::Usa, 2), Policy::Builder));
}

#[test]
fn golden_6_players_germany_seed_3_builder_public_money() {
    let setup = Setup {
        public_money: true,
        ..Setup::new(6, MapId::Germany, 3)
    };
    insta::assert_snapshot!(playthrough(setup, Policy::Builder));
}

/// The same setup and seed deal the same game forever: deck, removed plants, regions, order.
#[test]
fn golden_deal_of_seed_42() {
    let g = State::new(Setup::new(4, MapId::Germany, 42)).unwrap();
    insta::assert_json_snapshot!(g);
}
