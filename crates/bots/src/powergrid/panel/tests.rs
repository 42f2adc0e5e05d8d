use super::*;
use crate::powergrid::ChooseOne;
use crate::powergrid::{play_game, Config, Heuristic};
use engine::{Seat, Viewer};
use powergrid::{MapId, Setup};

/// Plays one game of `lineup` and returns the final state's standings (panics on an illegal
/// move, which `play_game` reports).
fn play(lineup: &[&str], players: u8, map: MapId, seed: u64) -> powergrid::Outcome {
    let mut bots: Vec<Box<dyn Bot<State>>> = lineup
        .iter()
        .cycle()
        .take(usize::from(players))
        .enumerate()
        .map(|(i, n)| {
            (crate::find::<State>(n).unwrap().make)(seed * 8 + i as u64, &Config::default())
        })
        .collect();
    play_game(Setup::new(players, map, seed), &mut bots)
        .unwrap_or_else(|e| panic!("{lineup:?} {players}p {map} seed {seed}: {e}"))
        .outcome
}

#[test]
fn every_style_plays_legal_complete_games_alone_and_against_the_heuristic() {
    for style in STYLES {
        for (players, map) in [(2, MapId::Usa), (4, MapId::Germany), (6, MapId::Usa)] {
            let alone = play(&[style], players, map, 3);
            assert_eq!(alone.standings.len(), usize::from(players), "{style}");
            let mixed = play(&["heuristic", style, style], players, map, 4);
            assert_eq!(mixed.standings.len(), usize::from(players), "{style}");
        }
    }
}

/// The styles differ where their docs say they do, on one position.
#[test]
fn styles_keep_to_their_fuel_and_building_rules() {
    let mut s = State::new(Setup::new(4, MapId::Germany, 9)).unwrap();
    let mut legal = Vec::new();
    // Play the heuristic to the resources phase of round 3.
    while !(s.round() == 3 && s.phase() == PhaseKind::Resources) {
        let seat = s.actor().seat().unwrap();
        s.legal_actions(&mut legal);
        let money: Vec<u32> = (0..4).map(|i| s.money(Seat(i))).collect();
        let a = Heuristic::decide(&s.view(Viewer::Seat(seat)), &legal, &money);
        s.apply_as(seat, &a).unwrap();
    }
    let seat = s.actor().seat().unwrap();
    s.legal_actions(&mut legal);
    let view = s.view(Viewer::Seat(seat));
    let t = Ctx::new(&view).unwrap();
    // The casual player buys one token at a time, the others all they lack at once.
    let goal = fuel_goal(&t, 1.0);
    let held = view.players[seat.index()].resources;
    let lacking = Resource::ALL.into_iter().find(|&r| {
        goal[r] > held[r]
            && legal
                .iter()
                .any(|a| matches!(a, Action::Buy { resource, .. } if *resource == r))
    });
    if let Some(r) = lacking {
        let casual = Casual::bot(1).choose_one(&view, &legal);
        assert_eq!(
            casual,
            Action::Buy {
                resource: r,
                amount: 1
            }
        );
    }
    let hoard = fuel_goal(&t, 2.0);
    for r in Resource::ALL {
        assert_eq!(hoard[r], 2 * goal[r], "{r:?}");
    }
}
