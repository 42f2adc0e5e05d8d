//! High Card: a tiny hidden-hand card game that exists to prove the game contract. It is used
//! only by tests: every layer (the simulation runner, records and their replay, the bot
//! protocol and `bot-check`, the server) is run with it through the same generic code as the
//! real games, so a third game needs nothing but the contract and one registration per layer.
//!
//! Rules: a deck of cards 1..=24 is shuffled from the seed and each of 2–4 players is dealt 4
//! cards. In turn each player plays one card to the trick; when everyone has played, the highest
//! card wins the trick, its player leads the next one, and every player (winner first) draws one
//! card while the deck lasts. The game ends when the hands are empty; the outcome is the number
//! of tricks each seat won, and the seats with the most tricks win. Any seat may on its turn
//! change its public signal ("high" or "low"), like The Game's signals, so a turn can be more
//! than one action. A seat sees its own hand only; nobody sees the deck.
//!
//! Cards serialise as strings `"card:N"`, so a test can find every card in any message.
//!
//! What it registers, as a game crate outside this workspace would (the traits are foreign,
//! the game is local, so the impls live here): its bots ([`bots::Registered`]: `random` and
//! `high`) and what a tournament measures ([`sim::SimGame`]: tricks won).

mod game;

pub use game::{
    Action, Card, Event, HighCard, RuleError, SampleError, Setup, SetupError, View, DECK, HAND,
};

use bots::{BotEntry, PlayOptions, Registered};
use engine::{Bot, Game, Legal, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sim::{Score, SimGame};

/// Plays a uniformly random card of its hand; never signals.
pub struct RandomCard {
    rng: ChaCha8Rng,
}

impl Bot<HighCard> for RandomCard {
    fn name(&self) -> &str {
        "random"
    }

    fn plan(&mut self, _view: &View, legal: &Legal<'_, HighCard>, out: &mut Vec<Action>) {
        let plays: Vec<&Action> = legal
            .actions()
            .iter()
            .filter(|a| matches!(a, Action::Play { .. }))
            .collect();
        if !plays.is_empty() {
            out.push(plays[self.rng.gen_range(0..plays.len())].clone());
        }
    }

    fn reset(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}

/// Wins the trick with its highest card when that card beats the trick, and otherwise throws
/// its lowest; first signals "high" when it holds a card above 18 and "low" otherwise, when its
/// signal says something else (a two-action turn).
#[derive(Default)]
pub struct High;

impl Bot<HighCard> for High {
    fn name(&self) -> &str {
        "high"
    }

    fn plan(&mut self, view: &View, legal: &Legal<'_, HighCard>, out: &mut Vec<Action>) {
        let Some(hand) = view.hand.as_ref().filter(|h| !h.is_empty()) else {
            return;
        };
        let (lowest, highest) = (hand[0], hand[hand.len() - 1]);
        let high = highest.0 > 18;
        let me = view.viewer.map_or(0, Seat::index);
        if view.signals.get(me).copied().flatten() != Some(high) {
            let signal = Action::Signal { high };
            if legal.contains(&signal) {
                out.push(signal);
            }
        }
        let best = view.trick.iter().map(|&(_, c)| c).max();
        let card = if best.is_none_or(|b| highest > b) {
            highest
        } else {
            lowest
        };
        out.push(Action::Play { card });
    }
}

impl Registered for HighCard {
    type Config = ();
    const REGISTRY: &'static [BotEntry<HighCard>] = &[
        BotEntry {
            name: "random",
            about: "a random card of its hand; never signals",
            make: |seed, _| {
                Box::new(RandomCard {
                    rng: ChaCha8Rng::seed_from_u64(seed),
                })
            },
        },
        BotEntry {
            name: "high",
            about: "wins the trick when it can, else throws its lowest card; signals its best",
            make: |_, _| Box::new(High),
        },
    ];
}

/// High Card has no static data: its views say everything.
impl botproto::BotGame for HighCard {}

/// A tournament deals `Setup { players, seed: S + deal }`; the seed is the whole deal, so a
/// record's setup is written as it is. Every event is shown to the bots; tricks won are
/// measured.
impl SimGame for HighCard {
    const TITLE: &'static str = "High Card";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=4;
    const PLAY: PlayOptions = PlayOptions {
        record: false,
        ..PlayOptions::FULL
    };
    const MEASURES: &'static [&'static str] = &["tricks"];
    type Deals = ();

    fn setup(_: &(), players: u8, seed: u64, deal: u64) -> Result<Setup, String> {
        Ok(Setup {
            players,
            seed: seed.wrapping_add(deal),
        })
    }

    fn score(_setup: &Setup, _end: &HighCard, tricks: &Vec<u32>) -> Vec<Score> {
        let best = tricks.iter().copied().max().unwrap_or(0);
        let winners = tricks.iter().filter(|&&t| t == best).count() as f64;
        tricks
            .iter()
            .map(|&t| Score {
                win: if t == best { 1.0 / winners } else { 0.0 },
                measures: vec![f64::from(t)],
            })
            .collect()
    }
}

/// Indices for learning: 0..24 play card `i + 1`, 24 signals low, 25 signals high. The
/// observation (seat-relative, all in 0..=1) is the seat's hand (24), the cards on the trick
/// (24), every seat's tricks over the most a game can have (4), and every seat's signal as
/// high (4) and low (4). A seat's return is its tricks over the tricks of a game.
impl rl::Encoded for HighCard {
    const ACTIONS: usize = DECK as usize + 2;
    const OBSERVATION: usize = 2 * DECK as usize + 12;
    const MAX_LEGAL: usize = HAND + 2;
    const MAX_SEATS: usize = 4;

    fn encode(&self, action: &Action) -> Option<usize> {
        Some(match *action {
            Action::Play { card } => usize::from(card.0) - 1,
            Action::Signal { high } => DECK as usize + usize::from(high),
        })
    }

    fn decode(&self, index: usize) -> Option<Action> {
        let deck = DECK as usize;
        match index {
            i if i < deck => Some(Action::Play {
                card: Card(i as u8 + 1),
            }),
            i if i < deck + 2 => Some(Action::Signal { high: i > deck }),
            _ => None,
        }
    }

    fn legal_indices(&self, out: &mut Vec<u32>) {
        out.clear();
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        out.extend(
            legal
                .iter()
                .filter_map(|a| self.encode(a))
                .map(|i| i as u32),
        );
        out.sort_unstable();
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let deck = DECK as usize;
        let n = self.seats();
        let view = self.view(engine::Viewer::Seat(seat));
        for card in view.hand.iter().flatten() {
            out[usize::from(card.0) - 1] = 1.0;
        }
        for (_, card) in self.trick() {
            out[deck + usize::from(card.0) - 1] = 1.0;
        }
        let most = f32::from(DECK / 2);
        for s in 0..n {
            let r = (s + n - seat.index() % n) % n;
            out[2 * deck + r] = self.tricks()[s] as f32 / most;
            match self.signals()[s] {
                Some(true) => out[2 * deck + 4 + r] = 1.0,
                Some(false) => out[2 * deck + 8 + r] = 1.0,
                None => {}
            }
        }
    }

    fn returns(&self, out: &mut [f32]) {
        out.fill(0.0);
        let per_game = f32::from(DECK) / self.seats() as f32;
        for (r, &t) in out.iter_mut().zip(self.tricks()) {
            *r = t as f32 / per_game;
        }
    }
}

/// The seats with the most tricks.
pub fn winners(tricks: &[u32]) -> Vec<Seat> {
    let best = tricks.iter().copied().max().unwrap_or(0);
    (0..tricks.len())
        .filter(|&s| tricks[s] == best)
        .map(|s| Seat(s as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered bot finishes legal games at every player count.
    #[test]
    fn every_bot_finishes_every_player_count() {
        for entry in HighCard::REGISTRY {
            for players in 2..=4 {
                for seed in 0..20 {
                    let mut state = HighCard::new(Setup { players, seed }).unwrap();
                    let mut bots: Vec<Box<dyn Bot<HighCard>>> = (0..players)
                        .map(|s| entry.build(seed * 10 + u64::from(s)))
                        .collect();
                    let played =
                        bots::play(&mut state, &mut bots, &PlayOptions::FULL, |_, _, _, _| {})
                            .unwrap();
                    let tricks: u32 = played.outcome.iter().sum();
                    // 4 cards a hand plus the deck: every card is played, one trick per round.
                    assert_eq!(
                        tricks,
                        u32::from(DECK) / u32::from(players),
                        "{}",
                        entry.name
                    );
                    assert!(!winners(&played.outcome).is_empty());
                }
            }
        }
    }

    /// Every legal action's index decodes to it, and the legal indices are exactly theirs.
    #[test]
    fn indices_round_trip_over_whole_games() {
        use rl::Encoded;
        for seed in 0..20 {
            let mut state = HighCard::new(Setup { players: 3, seed }).unwrap();
            let mut bots: Vec<Box<dyn Bot<HighCard>>> =
                (0..3).map(|s| HighCard::REGISTRY[1].build(s)).collect();
            let (mut legal, mut indices) = (Vec::new(), Vec::new());
            while let engine::Actor::Seat(seat) = state.actor() {
                state.legal_actions(&mut legal);
                state.legal_indices(&mut indices);
                assert_eq!(indices.len(), legal.len());
                for a in &legal {
                    let i = state.encode(a).unwrap();
                    assert_eq!(state.decode(i).as_ref(), Some(a));
                    assert!(indices.contains(&(i as u32)));
                }
                let mut obs = vec![0.0; HighCard::OBSERVATION];
                state.observe(seat, &mut obs);
                assert!(obs.iter().all(|x| (0.0..=1.0).contains(x)));
                let mut plan = Vec::new();
                bots[seat.index()].plan(
                    &state.view(engine::Viewer::Seat(seat)),
                    &Legal::of(&state),
                    &mut plan,
                );
                state.apply_as(seat, &plan[0]).unwrap();
            }
            let mut returns = [0.0; 4];
            state.returns(&mut returns);
            assert!((returns.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        }
        assert_eq!(
            HighCard::new(Setup {
                players: 2,
                seed: 0
            })
            .unwrap()
            .decode(26),
            None
        );
    }
}
