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

/// A hybrid's fuel counts what the seat holds of coal and oil beyond its other plants' share:
/// a player holding the oil for its hybrid buys no coal for it when coal is the cheaper (one
/// run, as the styles' docs say, not one of each).
#[test]
fn a_hybrid_is_fuelled_once_whichever_resource_it_holds() {
    let s = State::new(Setup::new(4, MapId::Germany, 5)).unwrap();
    let me = s.actor().seat().unwrap();
    let mut view = s.view(Viewer::Seat(me));
    // Plant 21 burns 2 coal or oil, plant 26 2 oil; coal is the cheaper at the start.
    view.players[me.index()].plants = vec![PlantId(21), PlantId(26)];
    let goal = |view: &View, runs: f64| fuel_goal(&Ctx::new(view).unwrap(), runs);
    let t = Ctx::new(&view).unwrap();
    assert!(t.unit_price(Resource::Coal) < t.unit_price(Resource::Oil));
    let fuel = |coal: u8, oil: u8| ByResource {
        coal,
        oil,
        garbage: 0,
        uranium: 0,
    };
    for (held, runs, want) in [
        // Nothing held: the hybrid's share as coal.
        (fuel(0, 0), 1.0, fuel(2, 2)),
        // The oil of both plants held: nothing more.
        (fuel(0, 4), 1.0, fuel(0, 4)),
        // Half the hybrid's share held as oil, the rest as coal.
        (fuel(0, 3), 1.0, fuel(1, 3)),
        // Coal held for it counts too.
        (fuel(2, 2), 1.0, fuel(2, 2)),
        // Two runs: the oil held covers plant 26, the hybrid's four as coal.
        (fuel(0, 4), 2.0, fuel(4, 4)),
    ] {
        view.players[me.index()].resources = held;
        assert_eq!(goal(&view, runs), want, "held {held:?}, {runs} runs");
    }
}
