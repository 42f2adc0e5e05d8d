//! The rules of High Card (see the crate docs).

use engine::{Actor, Game, Seat, Viewer};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

pub const DECK: u8 = 24;
pub const HAND: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u8);

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("card:{}", self.0))
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.strip_prefix("card:")
            .and_then(|n| n.parse().ok())
            .filter(|n| (1..=DECK).contains(n))
            .map(Card)
            .ok_or_else(|| {
                serde::de::Error::custom(format!("{s:?} is not a card (card:1..card:24)"))
            })
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub players: u8,
    pub seed: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    Play { card: Card },
    Signal { high: bool },
}

impl std::str::FromStr for Action {
    type Err = String;

    /// The text form `Display` writes: `play N` or `signal high|low`.
    fn from_str(text: &str) -> Result<Action, String> {
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["play", n] => n
                .parse()
                .ok()
                .filter(|n| (1..=DECK).contains(n))
                .map(|n| Action::Play { card: Card(n) })
                .ok_or_else(|| format!("{n:?} is not a card (1..24)")),
            ["signal", "high"] => Ok(Action::Signal { high: true }),
            ["signal", "low"] => Ok(Action::Signal { high: false }),
            _ => Err(format!(
                "{text:?}: expected \"play N\" or \"signal high|low\""
            )),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { card } => write!(f, "play {}", card.0),
            Action::Signal { high } => write!(f, "signal {}", if *high { "high" } else { "low" }),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Played { seat: Seat, card: Card },
    TrickWon { seat: Seat, card: Card },
    Drew { seat: Seat, card: Option<Card> },
    Signalled { seat: Seat, high: bool },
    Ended,
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Option<Seat>,
    pub turn: Seat,
    pub hand: Option<Vec<Card>>,
    pub hand_sizes: Vec<usize>,
    pub deck_size: usize,
    pub trick: Vec<(Seat, Card)>,
    pub tricks: Vec<u32>,
    pub signals: Vec<Option<bool>>,
}

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("{0} players; High Card takes 2 to 4")]
    Players(u8),
}

#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    #[error("it is {turn}'s turn, not {seat}'s")]
    NotYourTurn { seat: Seat, turn: Seat },
    #[error("card {0} is not in your hand")]
    NotInHand(u8),
    #[error("the game is over")]
    Over,
    #[error("your signal is already {0}")]
    SameSignal(&'static str),
}

#[derive(Debug, thiserror::Error)]
#[error("no deal fits this view: {0}")]
pub struct SampleError(&'static str);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HighCard {
    hands: Vec<Vec<Card>>,
    deck: Vec<Card>,
    trick: Vec<(Seat, Card)>,
    turn: Seat,
    tricks: Vec<u32>,
    signals: Vec<Option<bool>>,
}

impl HighCard {
    /// Every card a seat holds now (for tests).
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat.index()]
    }

    fn over(&self) -> bool {
        self.hands.iter().all(Vec::is_empty)
    }

    /// The deck, the next card to draw last.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// Every seat's trick count.
    pub fn tricks(&self) -> &[u32] {
        &self.tricks
    }

    /// The cards played to the running trick, with their seats.
    pub fn trick(&self) -> &[(Seat, Card)] {
        &self.trick
    }

    /// Each seat's signal.
    pub fn signals(&self) -> &[Option<bool>] {
        &self.signals
    }

    /// A state read from its JSON form, checked whole: 2 to 4 seats with a trick count and a
    /// signal each, the turn among them, and every card once (in a hand, the deck, the trick,
    /// or played before).
    ///
    /// # Errors
    /// What does not fit.
    pub fn from_json(text: &str) -> Result<HighCard, String> {
        let state: HighCard = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let n = state.hands.len();
        if !(2..=4).contains(&n) || state.tricks.len() != n || state.signals.len() != n {
            return Err(format!(
                "{n} hands, {} trick counts and {} signals: one each for 2 to 4 seats",
                state.tricks.len(),
                state.signals.len()
            ));
        }
        if state.turn.index() >= n || state.trick.iter().any(|(s, _)| s.index() >= n) {
            return Err(format!("a seat beyond the {n} seats"));
        }
        let mut seen = [false; DECK as usize + 1];
        let cards = state.hands.iter().flatten().chain(&state.deck);
        for card in cards.chain(state.trick.iter().map(|(_, c)| c)) {
            if std::mem::replace(&mut seen[usize::from(card.0)], true) {
                return Err(format!("card {} appears twice", card.0));
            }
        }
        Ok(state)
    }
}

impl Game for HighCard {
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Outcome = Vec<u32>;
    type SetupError = SetupError;
    type RuleError = RuleError;
    /// The cards a seat has seen played (every play is public).
    type Memory = Vec<Card>;
    type SampleError = SampleError;
    const NAME: &'static str = "highcard";

    fn new(setup: Setup) -> Result<Self, SetupError> {
        if !(2..=4).contains(&setup.players) {
            return Err(SetupError::Players(setup.players));
        }
        let n = setup.players as usize;
        let mut deck: Vec<Card> = (1..=DECK).map(Card).collect();
        deck.shuffle(&mut ChaCha8Rng::seed_from_u64(setup.seed));
        let mut hands = vec![Vec::new(); n];
        for hand in &mut hands {
            for _ in 0..HAND {
                hand.push(deck.pop().expect("24 cards deal 4 hands of 4"));
            }
            hand.sort();
        }
        Ok(HighCard {
            hands,
            deck,
            trick: Vec::new(),
            turn: Seat(0),
            tricks: vec![0; n],
            signals: vec![None; n],
        })
    }

    fn seats(&self) -> usize {
        self.hands.len()
    }

    fn actor(&self) -> Actor {
        if self.over() {
            Actor::Terminal
        } else {
            Actor::Seat(self.turn)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.over() {
            return;
        }
        for &card in &self.hands[self.turn.index()] {
            out.push(Action::Play { card });
        }
        for high in [false, true] {
            if self.signals[self.turn.index()] != Some(high) {
                out.push(Action::Signal { high });
            }
        }
    }

    fn is_legal(&self, action: &Action) -> bool {
        self.clone().apply_as(self.turn, action).is_ok()
    }

    fn apply_as(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        if self.over() {
            return Err(RuleError::Over);
        }
        if seat.index() >= self.hands.len() {
            return Err(RuleError::NotYourTurn {
                seat,
                turn: self.turn,
            });
        }
        match *action {
            Action::Signal { high } => {
                if self.signals[seat.index()] == Some(high) {
                    return Err(RuleError::SameSignal(if high { "high" } else { "low" }));
                }
                self.signals[seat.index()] = Some(high);
                Ok(vec![Event::Signalled { seat, high }])
            }
            Action::Play { card } => {
                if seat != self.turn {
                    return Err(RuleError::NotYourTurn {
                        seat,
                        turn: self.turn,
                    });
                }
                let hand = &mut self.hands[seat.index()];
                let Some(at) = hand.iter().position(|&c| c == card) else {
                    return Err(RuleError::NotInHand(card.0));
                };
                hand.remove(at);
                let mut events = vec![Event::Played { seat, card }];
                self.trick.push((seat, card));
                let n = self.hands.len();
                if self.trick.len() < n {
                    self.turn = Seat(((seat.index() + 1) % n) as u8);
                    return Ok(events);
                }
                let &(winner, high) = self.trick.iter().max_by_key(|(_, c)| *c).expect("full");
                self.trick.clear();
                self.tricks[winner.index()] += 1;
                events.push(Event::TrickWon {
                    seat: winner,
                    card: high,
                });
                for k in 0..n {
                    let s = Seat(((winner.index() + k) % n) as u8);
                    if let Some(c) = self.deck.pop() {
                        self.hands[s.index()].push(c);
                        self.hands[s.index()].sort();
                        events.push(Event::Drew {
                            seat: s,
                            card: Some(c),
                        });
                    }
                }
                self.turn = winner;
                if self.over() {
                    events.push(Event::Ended);
                }
                Ok(events)
            }
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        View {
            viewer: match viewer {
                Viewer::Seat(s) => Some(s),
                Viewer::Spectator => None,
            },
            turn: self.turn,
            hand: match viewer {
                Viewer::Seat(s) => Some(self.hands[s.index()].clone()),
                Viewer::Spectator => None,
            },
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            deck_size: self.deck.len(),
            trick: self.trick.clone(),
            tricks: self.tricks.clone(),
            signals: self.signals.clone(),
        }
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        match event {
            Event::Drew { seat, .. } if viewer != Viewer::Seat(*seat) => Some(Event::Drew {
                seat: *seat,
                card: None,
            }),
            e => Some(e.clone()),
        }
    }

    fn outcome(&self) -> Option<Vec<u32>> {
        self.over().then(|| self.tricks.clone())
    }

    fn remember(memory: &mut Vec<Card>, event: &Event) {
        if let Event::Played { card, .. } = event {
            memory.push(*card);
        }
    }

    /// The other hands and the deck, drawn from the cards neither in the seat's hand nor seen
    /// played.
    fn determinize<R: rand::RngCore + ?Sized>(
        view: &View,
        memory: &Vec<Card>,
        rng: &mut R,
    ) -> Result<HighCard, SampleError> {
        let (Some(me), Some(hand)) = (view.viewer, &view.hand) else {
            return Err(SampleError("a spectator's view"));
        };
        let mut unseen: Vec<Card> = (1..=DECK)
            .map(Card)
            .filter(|c| !hand.contains(c) && !memory.contains(c))
            .collect();
        let others: usize = view
            .hand_sizes
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != me.index())
            .map(|(_, &n)| n)
            .sum();
        if unseen.len() != others + view.deck_size {
            return Err(SampleError(
                "the unseen cards do not fill the hands and the deck",
            ));
        }
        unseen.shuffle(rng);
        let mut hands = Vec::new();
        for (s, &n) in view.hand_sizes.iter().enumerate() {
            if s == me.index() {
                hands.push(hand.clone());
            } else {
                let mut h = unseen.split_off(unseen.len() - n);
                h.sort();
                hands.push(h);
            }
        }
        Ok(HighCard {
            hands,
            deck: unseen,
            trick: view.trick.clone(),
            turn: view.turn,
            tricks: view.tricks.clone(),
            signals: view.signals.clone(),
        })
    }

    /// A play that completes no trick reveals and draws nothing: it may be taken back.
    fn undoable(action: &Action, events: &[Event]) -> bool {
        matches!(action, Action::Play { .. })
            && events.iter().all(|e| matches!(e, Event::Played { .. }))
    }
}
