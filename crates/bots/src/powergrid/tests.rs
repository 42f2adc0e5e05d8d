use super::*;
use crate::powergrid::ChooseOne;
use crate::Registered;
use engine::{Game, Viewer};
use powergrid::{MapId, Setup};

fn bots(
    entry: &BotEntry<State>,
    players: u8,
    seed: u64,
    config: &Config,
) -> Vec<Box<dyn Bot<State>>> {
    (0..players)
        .map(|s| (entry.make)(seed ^ (u64::from(s) << 32), config))
        .collect()
}

#[test]
fn the_registry_finds_bots_by_name() {
    for name in ["random", "heuristic", "search"]
        .iter()
        .chain(&panel::STYLES)
    {
        assert_eq!(crate::find::<State>(name).unwrap().name, *name);
    }
    assert_eq!(
        crate::find::<State>("oracle").err().unwrap().to_string(),
        "no powergrid bot named \"oracle\"; known bots: random, heuristic, search, casual, builder, \
         tycoon, hoarder, blocker, green"
    );
}

/// Every bot, every player count, both maps: whole games without an illegal move.
#[test]
fn every_bot_plays_legal_games_on_every_player_count_and_map() {
    let config = Config {
        budget: Budget::Iterations(4),
        threads: 1,
    };
    for entry in State::REGISTRY {
        let games = if entry.name == "search" { 1 } else { 3 };
        for players in 2..=6u8 {
            for map in [MapId::Germany, MapId::Usa] {
                for seed in 0..games {
                    let seed = seed + u64::from(players) * 100;
                    let mut b = bots(entry, players, seed, &config);
                    let record =
                        play_game(Setup::new(players, map, seed), &mut b).unwrap_or_else(|e| {
                            panic!("{} {players}p {map} seed {seed}: {e}", entry.name)
                        });
                    assert_eq!(record.outcome.standings.len(), usize::from(players));
                    assert!(record.rounds >= 2, "{}", record.rounds);
                    assert!(record.decisions.iter().all(|&d| d > 0));
                }
            }
        }
    }
}

#[test]
fn a_mixed_table_plays_legally() {
    let config = Config {
        budget: Budget::Iterations(6),
        threads: 2,
    };
    let mut b: Vec<Box<dyn Bot<State>>> = ["search", "heuristic", "random", "heuristic"]
        .iter()
        .enumerate()
        .map(|(i, n)| (crate::find::<State>(n).unwrap().make)(i as u64, &config))
        .collect();
    let record = play_game(Setup::new(4, MapId::Germany, 11), &mut b).unwrap();
    assert_eq!(record.outcome.standings.len(), 4);
}

#[test]
fn the_heuristic_beats_random_bots() {
    let h = crate::find::<State>("heuristic").unwrap();
    let r = crate::find::<State>("random").unwrap();
    let config = Config::default();
    let mut wins = 0.0;
    let games = 20;
    for seed in 0..games {
        let mut b: Vec<Box<dyn Bot<State>>> = (0..4)
            .map(|i| {
                let e = if i == seed as usize % 4 { h } else { r };
                (e.make)(seed * 10 + i as u64, &config)
            })
            .collect();
        let record = play_game(Setup::new(4, MapId::Germany, seed), &mut b).unwrap();
        let hs = Seat((seed % 4) as u8);
        if record.outcome.winners.contains(&hs) {
            wins += 1.0 / record.outcome.winners.len() as f64;
        }
    }
    assert!(wins >= 17.0, "heuristic won {wins} of {games}");
}

#[test]
fn memory_follows_public_money() {
    let mut s = State::new(Setup::new(3, MapId::Usa, 4)).unwrap();
    let mut memory = Memory::new();
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = s.actor().seat() {
        s.legal_actions(&mut legal);
        let view = s.view(Viewer::Seat(seat));
        let money: Vec<u32> = (0..3).map(|i| s.money(Seat(i))).collect();
        let a = Heuristic::decide(&view, &legal, &money);
        for e in s.apply_as(seat, &a).unwrap() {
            memory.observe(&e);
        }
        for i in 0..3u8 {
            assert_eq!(memory.money_of(Seat(i)), s.money(Seat(i)), "after {steps}");
        }
        steps += 1;
    }
    assert!(steps > 100);
}

/// Two states that differ only in what seat 0 cannot see (deck order, face-down removals,
/// rivals' money, the shuffle seed) give every bot the same view and, for the same bot seed,
/// the same decisions.
#[test]
fn no_bot_can_read_hidden_state() {
    let config = Config {
        budget: Budget::Iterations(24),
        threads: 1,
    };
    let mut s = State::new(Setup::new(4, MapId::Germany, 21)).unwrap();
    let mut legal = Vec::new();
    let mut compared = 0;
    while let Some(seat) = s.actor().seat() {
        s.legal_actions(&mut legal);
        let view = s.view(Viewer::Seat(seat));
        if seat == Seat(0) && legal.len() > 1 && s.round() <= 4 {
            let hidden = s.hidden();
            let mut other = hidden.clone();
            other.deck_top_first.reverse();
            if let (Some(d), Some(r)) = (
                other.deck_top_first.first_mut(),
                other.removed_at_setup.first_mut(),
            ) {
                std::mem::swap(d, r);
            }
            for (i, m) in other.money.iter_mut().enumerate() {
                if i != 0 {
                    *m += 7 * i as u32;
                }
            }
            other.seed ^= 0xDEAD_BEEF;
            let twin = State::from_view(&view, &other).unwrap();
            assert_ne!(twin.hidden(), hidden);
            assert_eq!(twin.view(Viewer::Seat(seat)), view);
            let mut twin_legal = Vec::new();
            Game::legal_actions(&twin, &mut twin_legal);
            assert_eq!(twin_legal, legal);
            for entry in State::REGISTRY {
                let mut a = (entry.make)(5, &config);
                let mut b = (entry.make)(5, &config);
                let first = a.choose_one(&view, &legal);
                let second = b.choose_one(&twin.view(Viewer::Seat(seat)), &twin_legal);
                assert_eq!(first, second, "{}", entry.name);
            }
            compared += 1;
        }
        let money: Vec<u32> = (0..4).map(|i| s.money(Seat(i))).collect();
        let a = Heuristic::decide(&view, &legal, &money);
        s.apply_as(seat, &a).unwrap();
    }
    assert!(compared >= 5, "{compared}");
}

#[test]
fn sampled_decks_are_consistent_with_the_view() {
    let mut s = State::new(Setup::new(5, MapId::Usa, 8)).unwrap();
    let mut legal = Vec::new();
    let mut memory = Memory::new();
    let mut rng = rand_pcg::Pcg64::new(1, 2);
    let mut n = 0u32;
    while let Some(seat) = s.actor().seat() {
        let view = s.view(Viewer::Seat(Seat(1)));
        if n.is_multiple_of(5) {
            let rebuilt = State::determinize(&view, &memory, &mut rng).unwrap();
            assert_eq!(rebuilt.view(Viewer::Seat(Seat(1))), view);
        }
        s.legal_actions(&mut legal);
        let own = s.view(Viewer::Seat(seat));
        let money: Vec<u32> = (0..5).map(|i| s.money(Seat(i))).collect();
        for e in s
            .apply_as(seat, &Heuristic::decide(&own, &legal, &money))
            .unwrap()
        {
            memory.observe(&e);
        }
        n += 1;
    }
}
