//! A game's static data for bots: what a bot needs to plan and that no view carries, sent once
//! per game as the `static` field of `start` (`docs/bot-protocol.md`, "Static data").
//!
//! Decisions:
//! - The hook is [`BotGame::static_data`], with a default of none, so the host stays generic
//!   over [`engine::Game`]: a game kind with nothing to add implements [`BotGame`] with no
//!   items.
//! - It is computed from the seat's first view, which every host has (simulations, the
//!   checker, and `tabletop connect`, where the setup is not published).
//! - Power Grid's data is [`powergrid::static_data`], the one value the Python package returns
//!   too: the tables the server serves at `/assets/powergrid/rules.json` and
//!   `/assets/powergrid/{germany,usa}.json`, with what of the board the game plays on, so a
//!   bot reads the tables the engine charges by.

use engine::Game;
use serde_json::Value;

/// A game as the bot protocol hosts it: an [`engine::Game`] and what it sends bots beyond its
/// views.
pub trait BotGame: Game {
    /// The game's static data for a bot whose first view is `view`, sent in `start` as
    /// `static`; `None` (the default) sends no such field.
    fn static_data(view: &Self::View) -> Option<Value> {
        let _ = view;
        None
    }
}

impl BotGame for thegame::State {}

impl BotGame for powergrid::State {
    fn static_data(view: &powergrid::View) -> Option<Value> {
        serde_json::to_value(powergrid::static_data(view.map, &view.regions)).ok()
    }
}

#[cfg(test)]
mod tests {
    //! A bot that knows only the static data prices connections as the engine does.
    use super::*;
    use engine::{Actor, Seat, Viewer};
    use powergrid::{CityId, MapId, Setup, State};
    use std::collections::{BTreeMap, BinaryHeap};

    /// The cheapest connection cost from any city of `network` to `target` over the
    /// connections between cities in play, from the static data alone (Dijkstra).
    fn cheapest(data: &Value, network: &[&str], target: &str) -> Option<u64> {
        let in_play: Vec<&str> = data["cities_in_play"]
            .as_array()?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let mut edges: BTreeMap<&str, Vec<(&str, u64)>> = BTreeMap::new();
        for c in data["map"]["connections"].as_array()? {
            let (a, b, cost) = (c["a"].as_str()?, c["b"].as_str()?, c["cost"].as_u64()?);
            if in_play.contains(&a) && in_play.contains(&b) {
                edges.entry(a).or_default().push((b, cost));
                edges.entry(b).or_default().push((a, cost));
            }
        }
        let mut best: BTreeMap<&str, u64> = BTreeMap::new();
        let mut queue = BinaryHeap::new();
        for &city in network {
            best.insert(city, 0);
            queue.push(std::cmp::Reverse((0, city)));
        }
        while let Some(std::cmp::Reverse((cost, city))) = queue.pop() {
            if city == target {
                return Some(cost);
            }
            if best.get(city).is_some_and(|&b| b < cost) {
                continue;
            }
            for &(next, step) in edges.get(city).into_iter().flatten() {
                let c = cost + step;
                if best.get(next).is_none_or(|&b| c < b) {
                    best.insert(next, c);
                    queue.push(std::cmp::Reverse((c, next)));
                }
            }
        }
        None
    }

    #[test]
    fn the_static_data_prices_every_connection_as_the_engine_does() {
        let mut compared = 0;
        for (map, players, seed) in [(MapId::Germany, 3, 5), (MapId::Usa, 5, 11)] {
            let mut state = State::new(Setup::new(players, map, seed)).unwrap();
            let data = <State as BotGame>::static_data(&state.view(Viewer::Seat(Seat(0)))).unwrap();
            let cities: Vec<CityId> = state.board().cities().collect();
            assert_eq!(
                data["cities_in_play"].as_array().unwrap().len(),
                cities.len()
            );
            let mut pick = crate::Fallback(seed);
            let mut legal = Vec::new();
            for turn in 0..3000 {
                let Actor::Seat(actor) = state.actor() else {
                    break;
                };
                if turn % 50 == 0 {
                    for seat in (0..players).map(Seat) {
                        let view = state.view(Viewer::Seat(seat));
                        let network: Vec<String> = view.players[seat.index()]
                            .cities
                            .iter()
                            .map(|c| {
                                serde_json::to_value(c)
                                    .unwrap()
                                    .as_str()
                                    .unwrap()
                                    .to_string()
                            })
                            .collect();
                        if network.is_empty() {
                            continue;
                        }
                        let network: Vec<&str> = network.iter().map(String::as_str).collect();
                        for &city in &cities {
                            let key = serde_json::to_value(city).unwrap();
                            let engine = state.connection(seat, city).map(|(cost, _)| cost as u64);
                            let from_data = cheapest(&data, &network, key.as_str().unwrap());
                            assert_eq!(from_data, engine, "{map}, {seat} to {key}");
                            compared += 1;
                        }
                    }
                }
                state.legal_actions(&mut legal);
                let action = legal[pick.pick(legal.len())];
                state.apply_as(actor, &action).unwrap();
            }
        }
        assert!(compared > 1000, "only {compared} connections compared");
    }

    #[test]
    fn a_game_without_static_data_sends_none() {
        let state = thegame::State::new(thegame::Setup::seeded(2, 1)).unwrap();
        let view = state.view(Viewer::Seat(Seat(0)));
        assert_eq!(<thegame::State as BotGame>::static_data(&view), None);
    }
}
