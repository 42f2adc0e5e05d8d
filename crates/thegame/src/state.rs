//! The game state and its rules.
//!
//! Decisions:
//! - The state is a small `Copy`-free but allocation-free value (240 bytes, tested): hands are
//!   [`CardSet`] bitmasks, pile tops `[u8; 4]`, the draw pile a fixed array read from a cursor.
//!   Cloning it is a `memcpy`, which is what a search bot needs.
//! - One implementation of the rules serves both the checked API ([`State::apply`], returning
//!   events) and the fast path ([`State::apply_quiet`], no events, no allocation): the event
//!   log is a generic sink that compiles to nothing when events are not wanted.
//! - The end of the game is settled eagerly: after every play and every turn change the state
//!   checks for the win (98 cards on the piles) and the loss (the active player is below the
//!   minimum and no card in hand fits any pile). A player who reached the minimum and cannot
//!   play on must still end the turn explicitly.
//! - Signals: each seat has at most one standing signal per pile. Sending a signal where that
//!   seat already has one is refused ([`RuleError::SignalAlreadySent`]); a seat's signals are
//!   cleared when its turn starts. So between two of its turns a seat sends at most four
//!   signals, and random play over [`State::legal_actions`] cannot loop on them.
//! - [`State::legal_actions`] lists the active seat's plays, `end` when allowed, and the
//!   signals the active seat may still send. Other seats' signals are legal too (any seat may
//!   signal at any time, through [`State::apply_as`]) but are not listed, because the list is
//!   the active seat's choices; [`State::is_legal`] judges the active seat, so it agrees with
//!   the list exactly.

use crate::action::{Action, Event};
use crate::card::{accepts, Card, CardSet, Pile, Signal};
use crate::error::RuleError;
use crate::setup::{
    check_players, hand_size, Position, Setup, SetupError, SetupProblem, MAX_PLAYERS,
};
use crate::view::View;
use crate::Outcome;
use engine::{Actor, Seat, Viewer};
use rand_core::RngCore;
use std::fmt;

/// A game of The Game in progress (or over). Built by [`State::new`] or
/// [`State::from_position`]; changed only by actions.
#[derive(Clone)]
pub struct State {
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    /// `hands[s].len()`, kept up to date (counting bits is slow without `popcnt`).
    pub(crate) hand_lens: [u8; MAX_PLAYERS],
    /// `played.len()`, kept up to date.
    played_count: u8,
    /// The draw pile is `draw[draw_next..]`, drawn from the front; the slots before
    /// `draw_next` are stale and ignored (equality and hashing read only the draw pile).
    draw: [u8; Card::COUNT],
    draw_next: u8,
    pub(crate) tops: [u8; 4],
    pub(crate) played: CardSet,
    pub(crate) signals: [[Option<Signal>; 4]; MAX_PLAYERS],
    pub(crate) players: u8,
    hand_size: u8,
    pub(crate) current: u8,
    pub(crate) played_this_turn: u8,
    pub(crate) outcome: Option<Outcome>,
}

/// Where events go: a `Vec` for the checked API, nowhere for the fast path.
pub(crate) trait Log {
    fn push(&mut self, event: impl FnOnce() -> Event);
}

impl Log for () {
    #[inline(always)]
    fn push(&mut self, _event: impl FnOnce() -> Event) {}
}

impl Log for Vec<Event> {
    fn push(&mut self, event: impl FnOnce() -> Event) {
        Vec::push(self, event());
    }
}

impl State {
    /// Deals a game.
    ///
    /// # Errors
    /// Every problem of the setup at once: player count, starting seat, and for an explicit
    /// deal the hand and draw pile sizes and every duplicate, missing or out-of-range card.
    ///
    /// ```
    /// use thegame::{Setup, State};
    /// let state = State::new(Setup::seeded(3, 7)).unwrap();
    /// assert_eq!(state.draw_pile_len(), 98 - 3 * 6);
    /// assert!(State::new(Setup::seeded(6, 7)).is_err());
    /// ```
    pub fn new(setup: Setup) -> Result<State, SetupError> {
        if setup.deal.is_none() {
            return State::seeded(setup.players, setup.seed, setup.first);
        }
        let deal = setup.deal_record()?;
        let players = setup.players;
        let mut state = State {
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            hand_lens: [0; MAX_PLAYERS],
            played_count: 0,
            draw: [0; Card::COUNT],
            draw_next: 0,
            tops: [1, 1, 100, 100],
            played: CardSet::EMPTY,
            signals: [[None; 4]; MAX_PLAYERS],
            players,
            hand_size: hand_size(players),
            current: setup.first,
            played_this_turn: 0,
            outcome: None,
        };
        for (seat, hand) in deal.hands.iter().enumerate() {
            state.hands[seat] = hand.iter().map(|&n| Card::new_unchecked(n)).collect();
        }
        state.set_draw_pile(&deal.draw_pile);
        state.recount();
        state.settle(&mut ());
        Ok(state)
    }

    /// A shuffled game, dealt without allocating: the simulation's fast path, equal to
    /// `State::new(Setup { players, seed, first, deal: None })`.
    ///
    /// # Errors
    /// A player count outside 1..=5 or a first seat that does not exist.
    pub fn seeded(players: u8, seed: u64, first: u8) -> Result<State, SetupError> {
        let mut problems = Vec::new();
        check_players(players, first, &mut problems);
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let cards = crate::setup::shuffled_deck(seed);
        let h = usize::from(hand_size(players));
        let n = usize::from(players);
        let mut state = State {
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            hand_lens: [0; MAX_PLAYERS],
            played_count: 0,
            draw: [0; Card::COUNT],
            draw_next: (n * h) as u8,
            tops: [1, 1, 100, 100],
            played: CardSet::EMPTY,
            signals: [[None; 4]; MAX_PLAYERS],
            players,
            hand_size: h as u8,
            current: first,
            played_this_turn: 0,
            outcome: None,
        };
        for (seat, hand) in state.hands.iter_mut().take(n).enumerate() {
            let (mut low, mut high) = (0u64, 0u64);
            for &c in &cards[seat * h..(seat + 1) * h] {
                // Two 64-bit halves: cheaper than a 128-bit shift by a variable amount.
                let bit = 1u64 << (c & 63);
                if c < 64 {
                    low |= bit;
                } else {
                    high |= bit;
                }
            }
            *hand = CardSet::from_bits(u128::from(low) | (u128::from(high) << 64));
        }
        state.hand_lens[..n].fill(h as u8);
        state.draw[n * h..].copy_from_slice(&cards[n * h..]);
        // A fresh deal always has a play (an ascending pile at 1 takes any card): no outcome.
        Ok(state)
    }

    /// A game in progress, from a full description.
    ///
    /// # Errors
    /// Every inconsistency: cards not accounted for exactly once, impossible tops, oversized
    /// hands, a seat that does not exist.
    pub fn from_position(position: Position) -> Result<State, SetupError> {
        position.check()?;
        let players = position.players;
        let mut state = State {
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            hand_lens: [0; MAX_PLAYERS],
            played_count: 0,
            draw: [0; Card::COUNT],
            draw_next: 0,
            tops: position.tops,
            played: position
                .played
                .iter()
                .map(|&n| Card::new_unchecked(n))
                .collect(),
            signals: [[None; 4]; MAX_PLAYERS],
            players,
            hand_size: hand_size(players),
            current: position.current,
            played_this_turn: position.played_this_turn,
            outcome: None,
        };
        for (seat, hand) in position.hands.iter().enumerate() {
            state.hands[seat] = hand.iter().map(|&n| Card::new_unchecked(n)).collect();
        }
        for (seat, row) in position.signals.iter().enumerate() {
            state.signals[seat] = *row;
        }
        state.set_draw_pile(&position.draw_pile);
        state.recount();
        state.settle(&mut ());
        Ok(state)
    }

    /// The full description of this state (every hand and the draw order included).
    pub fn position(&self) -> Position {
        let n = usize::from(self.players);
        Position {
            players: self.players,
            current: self.current,
            played_this_turn: self.played_this_turn,
            hands: self.hands[..n]
                .iter()
                .map(|h| h.iter().map(Card::get).collect())
                .collect(),
            draw_pile: self.draw_pile().to_vec(),
            tops: self.tops,
            played: self.played.iter().map(Card::get).collect(),
            signals: self.signals[..n].to_vec(),
        }
    }

    /// A full state consistent with what `view`'s seat knows: the unseen cards are shuffled
    /// into the other hands (at their known sizes) and the draw pile. This is the
    /// determinization step of a search bot; it costs one shuffle of at most 98 bytes.
    ///
    /// # Errors
    /// A spectator's view, or a view whose counts do not add up.
    pub fn determinize<R: RngCore + ?Sized>(view: &View, rng: &mut R) -> Result<State, SetupError> {
        let mut problems = Vec::new();
        let seat = view.viewer.map_or(0, |s| s.0);
        check_players(view.players, seat, &mut problems);
        if view.viewer.is_none() {
            problems.push(SetupProblem::NoSuchSeat {
                seat: u8::MAX,
                players: view.players,
            });
        }
        let n = usize::from(view.players).min(MAX_PLAYERS);
        let unseen = view.unseen();
        let others: usize = (0..n)
            .filter(|&s| s != usize::from(seat))
            .map(|s| usize::from(view.hand_sizes[s]))
            .sum();
        let expected = unseen.len().saturating_sub(others);
        if usize::from(view.draw_pile) != expected || others > unseen.len() {
            problems.push(SetupProblem::DrawPileSize {
                len: view.draw_pile.into(),
                expected,
            });
        }
        if view.hand.len() != usize::from(view.hand_sizes[usize::from(seat) % MAX_PLAYERS]) {
            problems.push(SetupProblem::HandSize {
                seat: seat.into(),
                len: view.hand.len(),
                expected: view.hand_sizes[usize::from(seat) % MAX_PLAYERS].into(),
            });
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let mut pool = [0u8; Card::COUNT];
        let mut len = 0;
        for c in unseen {
            pool[len] = c.get();
            len += 1;
        }
        crate::setup::shuffle(&mut pool[..len], rng);
        let mut state = State {
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            hand_lens: [0; MAX_PLAYERS],
            played_count: 0,
            draw: [0; Card::COUNT],
            draw_next: 0,
            tops: view.tops,
            played: view.played,
            signals: view.signals,
            players: view.players,
            hand_size: hand_size(view.players),
            current: view.current.0,
            played_this_turn: view.played_this_turn,
            outcome: view.outcome,
        };
        let mut at = 0;
        for s in 0..n {
            if s == usize::from(seat) {
                state.hands[s] = view.hand;
            } else {
                let k = usize::from(view.hand_sizes[s]);
                state.hands[s] = pool[at..at + k]
                    .iter()
                    .map(|&c| Card::new_unchecked(c))
                    .collect();
                at += k;
            }
        }
        state.set_draw_pile(&pool[at..len]);
        state.recount();
        Ok(state)
    }

    fn recount(&mut self) {
        for (len, hand) in self.hand_lens.iter_mut().zip(&self.hands) {
            *len = hand.len() as u8;
        }
        self.played_count = self.played.len() as u8;
    }

    fn set_draw_pile(&mut self, pile: &[u8]) {
        let start = Card::COUNT - pile.len();
        self.draw[start..].copy_from_slice(pile);
        self.draw_next = start as u8;
    }

    /// How many seats play.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Who must act: the active seat, or `Terminal` once the game is over.
    pub fn actor(&self) -> Actor {
        match self.outcome {
            Some(_) => Actor::Terminal,
            None => Actor::Seat(Seat(self.current)),
        }
    }

    /// The active seat (the last one to act once the game is over).
    pub fn current(&self) -> Seat {
        Seat(self.current)
    }

    /// The hand of `seat` (empty for a seat that does not exist).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The pile tops in the order up1, up2, down1, down2.
    pub fn tops(&self) -> [u8; 4] {
        self.tops
    }

    /// The top of one pile.
    pub fn top(&self, pile: Pile) -> u8 {
        self.tops[pile.index()]
    }

    /// Every card on the piles.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// The draw pile, next card first.
    pub fn draw_pile(&self) -> &[u8] {
        &self.draw[usize::from(self.draw_next)..]
    }

    /// How many cards are left to draw.
    pub fn draw_pile_len(&self) -> u8 {
        Card::COUNT as u8 - self.draw_next
    }

    /// Cards the active player has played this turn.
    pub fn played_this_turn(&self) -> u8 {
        self.played_this_turn
    }

    /// Cards to play at least this turn: 2, or 1 once the draw pile is empty.
    pub fn minimum(&self) -> u8 {
        if self.draw_next < Card::COUNT as u8 {
            2
        } else {
            1
        }
    }

    /// Cards not on the piles (hands and draw pile): the score, 0 for a win.
    pub fn cards_left(&self) -> u8 {
        Card::COUNT as u8 - self.played_count
    }

    /// The standing signal of `seat` on `pile`.
    pub fn signal(&self, seat: Seat, pile: Pile) -> Option<Signal> {
        self.signals
            .get(seat.index())
            .and_then(|row| row[pile.index()])
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The cards of the active player's hand that `pile` takes now.
    #[inline]
    pub fn playable(&self, pile: Pile) -> CardSet {
        self.hands[usize::from(self.current)]
            .intersection(accepts(pile.is_ascending(), self.tops[pile.index()]))
    }

    /// The active player's playable cards for each pile (index order up1, up2, down1, down2);
    /// all empty once the game is over.
    #[inline]
    pub fn legal_plays(&self) -> [CardSet; 4] {
        if self.outcome.is_some() {
            return [CardSet::EMPTY; 4];
        }
        Pile::ALL.map(|p| self.playable(p))
    }

    #[inline]
    fn has_play(&self) -> bool {
        let hand = self.hands[usize::from(self.current)].bits();
        let t = self.tops;
        let any = accepts(true, t[0]).bits()
            | accepts(true, t[1]).bits()
            | accepts(false, t[2]).bits()
            | accepts(false, t[3]).bits();
        hand & any != 0
    }

    /// Whether the active player may end the turn now.
    #[inline]
    pub fn can_end_turn(&self) -> bool {
        self.outcome.is_none() && self.played_this_turn >= self.minimum()
    }

    /// Appends the active seat's legal actions to `out` (cleared first), sorted: plays by card
    /// then pile, `end` if allowed, then the signals it may still send. Empty once the game is
    /// over.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let plays = self.legal_plays();
        for card in self.hands[usize::from(self.current)] {
            for pile in Pile::ALL {
                if plays[pile.index()].contains(card) {
                    out.push(Action::Play { card, pile });
                }
            }
        }
        if self.can_end_turn() {
            out.push(Action::EndTurn);
        }
        for pile in Pile::ALL {
            if self.signals[usize::from(self.current)][pile.index()].is_none() {
                for signal in Signal::ALL {
                    out.push(Action::Signal { pile, signal });
                }
            }
        }
    }

    /// Whether the active seat may take `action` now; agrees with [`State::legal_actions`].
    pub fn is_legal(&self, action: &Action) -> bool {
        self.check(Seat(self.current), action).is_ok()
    }

    /// Why `seat` may not take `action` now, if it may not.
    ///
    /// # Errors
    /// The rule the action breaks.
    #[inline]
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        // The common case in a few comparisons, inlined into every caller: a legal play by
        // the current seat (each test is one of `check_rules`'s conditions, so this admits
        // nothing it refuses). Everything else, and every error, goes through the rules.
        if let Action::Play { card, pile } = *action {
            if self.outcome.is_none()
                && seat.0 == self.current
                && self.hands[usize::from(self.current) % MAX_PLAYERS].contains(card)
                && pile.takes(self.tops[pile.index()], card)
            {
                return Ok(());
            }
        }
        self.check_rules(seat, action)
    }

    /// [`State::check`], rule by rule.
    #[inline(never)]
    fn check_rules(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if let Some(outcome) = self.outcome {
            return Err(RuleError::GameOver { outcome });
        }
        if seat.0 >= self.players {
            return Err(RuleError::NoSuchSeat {
                seat,
                players: self.players,
            });
        }
        match *action {
            Action::Signal { pile, .. } => match self.signals[seat.index()][pile.index()] {
                Some(standing) => Err(RuleError::SignalAlreadySent {
                    seat,
                    pile,
                    signal: standing,
                }),
                None => Ok(()),
            },
            _ if seat.0 != self.current => Err(RuleError::NotYourTurn {
                seat,
                current: Seat(self.current),
            }),
            Action::Play { card, pile } => {
                if !self.hands[seat.index()].contains(card) {
                    Err(RuleError::CardNotInHand { card })
                } else if !pile.takes(self.tops[pile.index()], card) {
                    Err(RuleError::PileRejects {
                        card,
                        pile,
                        top: self.tops[pile.index()],
                        direction: pile.direction(),
                    })
                } else {
                    Ok(())
                }
            }
            Action::EndTurn => {
                if self.played_this_turn < self.minimum() {
                    Err(RuleError::MinimumNotReached {
                        played: self.played_this_turn,
                        minimum: self.minimum(),
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Applies `action` by the active seat (signals included), returning what happened.
    ///
    /// # Errors
    /// The rule the action breaks; the state is then unchanged.
    ///
    /// ```
    /// use thegame::{Action, Card, Pile, RuleError, Setup, State};
    /// let mut state = State::new(Setup::seeded(2, 1)).unwrap();
    /// let seat = state.current();
    /// let card = state.hand(seat).max().unwrap();
    /// let events = state.apply(&Action::Play { card, pile: Pile::Up1 }).unwrap();
    /// assert_eq!(events.len(), 1);
    /// let before = state.clone();
    /// let err = state.apply(&Action::EndTurn).unwrap_err();
    /// assert!(matches!(err, RuleError::MinimumNotReached { played: 1, minimum: 2 }));
    /// assert_eq!(state, before);
    /// ```
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.apply_as(Seat(self.current), action)
    }

    /// Applies `action` taken by `seat`: plays and `end` only by the active seat, signals by any.
    ///
    /// # Errors
    /// The rule the action breaks; the state is then unchanged.
    pub fn apply_as(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.check(seat, action)?;
        let mut log = Vec::with_capacity(4);
        self.perform(seat, action, &mut log);
        Ok(log)
    }

    /// Like [`State::apply_as`] without events: the allocation-free path for simulation.
    ///
    /// # Errors
    /// The rule the action breaks; the state is then unchanged.
    #[inline]
    pub fn apply_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        self.check(seat, action)?;
        self.perform(seat, action, &mut ());
        Ok(())
    }

    /// Plays `card` on `pile` for the active player without checking it. The caller guarantees
    /// the play is legal (e.g. taken from [`State::legal_plays`]); checked in debug builds.
    #[inline]
    pub fn play_unchecked(&mut self, card: Card, pile: Pile) {
        debug_assert!(self
            .check(Seat(self.current), &Action::Play { card, pile })
            .is_ok());
        self.do_play(card, pile, &mut ());
    }

    /// Ends the active player's turn without checking it. The caller guarantees
    /// [`State::can_end_turn`]; checked in debug builds.
    #[inline]
    pub fn end_turn_unchecked(&mut self) {
        debug_assert!(self.can_end_turn());
        self.do_end_turn(&mut ());
    }

    fn perform(&mut self, seat: Seat, action: &Action, log: &mut impl Log) {
        match *action {
            Action::Play { card, pile } => self.do_play(card, pile, log),
            Action::EndTurn => self.do_end_turn(log),
            Action::Signal { pile, signal } => {
                self.signals[seat.index()][pile.index()] = Some(signal);
                log.push(|| Event::Signalled { seat, pile, signal });
            }
        }
    }

    #[inline]
    pub(crate) fn do_play(&mut self, card: Card, pile: Pile, log: &mut impl Log) {
        let seat = self.current;
        let top = self.tops[pile.index()];
        self.hands[usize::from(seat)].remove(card);
        self.hand_lens[usize::from(seat)] -= 1;
        self.played.insert(card);
        self.played_count += 1;
        self.tops[pile.index()] = card.get();
        self.played_this_turn += 1;
        log.push(|| Event::Played {
            seat: Seat(seat),
            card,
            pile,
            backwards: pile.is_backwards(top, card),
        });
        self.settle(log);
    }

    pub(crate) fn do_end_turn(&mut self, log: &mut impl Log) {
        let seat = usize::from(self.current);
        log.push(|| Event::TurnEnded {
            seat: Seat(seat as u8),
        });
        let want = self.hand_size.saturating_sub(self.hand_lens[seat]);
        let count = want.min(self.draw_pile_len());
        let from = usize::from(self.draw_next);
        let drawn = &self.draw[from..from + usize::from(count)];
        // Two 64-bit halves: cheaper than a 128-bit shift by a variable amount.
        let (mut low, mut high) = (0u64, 0u64);
        for &n in drawn {
            let bit = 1u64 << (n & 63);
            if n < 64 {
                low |= bit;
            } else {
                high |= bit;
            }
        }
        self.hands[seat] = CardSet::from_bits(
            self.hands[seat].bits() | u128::from(low) | (u128::from(high) << 64),
        );
        if count > 0 {
            log.push(|| Event::Drew {
                seat: Seat(seat as u8),
                count,
                cards: Some(drawn.iter().map(|&n| Card::new_unchecked(n)).collect()),
            });
        }
        self.draw_next += count;
        self.hand_lens[seat] += count;
        self.played_this_turn = 0;
        let players = usize::from(self.players);
        let mut next = seat;
        for i in 1..=players {
            // `seat + i < 2 * players`: a subtraction instead of a division.
            let s = if seat + i >= players {
                seat + i - players
            } else {
                seat + i
            };
            if self.hand_lens[s] != 0 {
                next = s;
                break;
            }
            log.push(|| Event::Skipped {
                seat: Seat(s as u8),
            });
        }
        self.current = next as u8;
        self.signals[next] = [None; 4];
        let minimum = self.minimum();
        log.push(|| Event::TurnStarted {
            seat: Seat(next as u8),
            minimum,
        });
        self.settle(log);
    }

    /// Decides whether the game has just ended.
    #[inline]
    fn settle(&mut self, log: &mut impl Log) {
        if self.outcome.is_some() {
            return;
        }
        if usize::from(self.played_count) == Card::COUNT {
            self.outcome = Some(Outcome::Won);
            log.push(|| Event::Won);
        } else if self.played_this_turn < self.minimum() && !self.has_play() {
            let cards_left = self.cards_left();
            self.outcome = Some(Outcome::Lost { cards_left });
            log.push(|| Event::Lost { cards_left });
        }
    }

    /// What `viewer` may know: its own hand (none for a spectator), never another hand or the
    /// draw order.
    pub fn view(&self, viewer: Viewer) -> View {
        let seat = match viewer {
            Viewer::Seat(s) if s.0 < self.players => Some(s),
            _ => None,
        };
        View {
            viewer: seat,
            players: self.players,
            hand: seat.map_or(CardSet::EMPTY, |s| self.hands[s.index()]),
            tops: self.tops,
            played: self.played,
            draw_pile: self.draw_pile_len(),
            hand_sizes: self.hand_lens,
            current: Seat(self.current),
            played_this_turn: self.played_this_turn,
            minimum: self.minimum(),
            signals: self.signals,
            outcome: self.outcome,
        }
    }
}

/// Equal games: the same hands, draw pile, table, signals and turn (stale slots of the drawn
/// part of the draw array are ignored).
impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.hands == other.hands
            && self.hand_lens == other.hand_lens
            && self.played_count == other.played_count
            && self.draw_pile() == other.draw_pile()
            && self.tops == other.tops
            && self.played == other.played
            && self.signals == other.signals
            && self.players == other.players
            && self.hand_size == other.hand_size
            && self.current == other.current
            && self.played_this_turn == other.played_this_turn
            && self.outcome == other.outcome
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.hands.hash(h);
        self.draw_pile().hash(h);
        self.tops.hash(h);
        self.played.hash(h);
        self.signals.hash(h);
        self.players.hash(h);
        self.current.hash(h);
        self.played_this_turn.hash(h);
        self.outcome.hash(h);
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("current", &self.current)
            .field("played_this_turn", &self.played_this_turn)
            .field("tops", &self.tops)
            .field("hands", &&self.hands[..usize::from(self.players)])
            .field("draw_pile", &self.draw_pile())
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl serde::Serialize for State {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.position().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for State {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<State, D::Error> {
        let p = Position::deserialize(d)?;
        State::from_position(p).map_err(serde::de::Error::custom)
    }
}
