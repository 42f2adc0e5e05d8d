//! What a game starts from: a player count and a seed, or an explicit deal; and mid-game
//! positions for analysis and search.
//!
//! Decisions:
//! - The deal is a Fisher–Yates shuffle of the cards `2..=99` (ascending before the shuffle,
//!   swapping position `i` with a uniform `j <= i` for `i` from 97 down to 1). The random
//!   numbers come from SplitMix64 (Steele, Lea and Flood, 2014) started at `seed`: each 64-bit
//!   output is split into two 32-bit halves (low half first), and each half picks one `j` by
//!   Lemire's multiply-and-reject method (`Deck::pick`). SplitMix64 is ten lines, passes
//!   BigCrush, and its state advances by one addition, so the shuffle pipelines well (a deal
//!   costs well under 200 ns). Being written out here, the procedure cannot change under us
//!   with a dependency's release: a seed gives the same deal forever (a test pins one).
//!   Seat `s` gets the shuffled cards `s*H..(s+1)*H` (H = hand size), the rest is the draw
//!   pile, drawn from its front.
//! - An explicit deal uses `u8` numbers, not [`Card`]s, so a bad number is reported as a
//!   [`SetupProblem`] with all the other problems, not as a parse failure.

use crate::card::{Card, CardSet, Pile, Signal};
use rand_core::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players The Game allows.
pub const MAX_PLAYERS: usize = 5;

/// Cards in hand for a player count: 8 for one player, 7 for two, 6 for three to five.
///
/// ```
/// assert_eq!(thegame::hand_size(1), 8);
/// assert_eq!(thegame::hand_size(2), 7);
/// assert_eq!(thegame::hand_size(5), 6);
/// ```
pub const fn hand_size(players: u8) -> u8 {
    match players {
        1 => 8,
        2 => 7,
        _ => 6,
    }
}

/// What a game is started from. Checked by [`crate::State::new`].
///
/// Unknown fields are refused when reading it from JSON (a misspelt `first` would otherwise
/// start the wrong seat without a word); a deals file's lines ([`DealRecord`]) are lenient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// 1 to 5 players.
    pub players: u8,
    /// Seeds the shuffle; ignored when `deal` is given.
    #[serde(default)]
    pub seed: u64,
    /// The seat that plays first (the team chooses; default 0).
    #[serde(default)]
    pub first: u8,
    /// An explicit deal instead of a shuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Deal>,
}

/// An explicit deal: every hand and the draw pile's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// One hand per seat, each exactly the hand size.
    pub hands: Vec<Vec<u8>>,
    /// The rest of the cards; `draw_pile[0]` is drawn first.
    pub draw_pile: Vec<u8>,
}

/// One line of a deals file: `{"hands": [[..],..], "draw_pile": [..], "first": 0}`. Other
/// fields (an id, a source seed, written by other tools) are ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    /// One hand per seat.
    pub hands: Vec<Vec<u8>>,
    /// The rest of the cards; `draw_pile[0]` is drawn first.
    pub draw_pile: Vec<u8>,
    /// The seat that plays first.
    #[serde(default)]
    pub first: u8,
}

impl Setup {
    /// A shuffled game for `players` starting at seat 0.
    pub fn seeded(players: u8, seed: u64) -> Setup {
        Setup {
            players,
            seed,
            first: 0,
            deal: None,
        }
    }

    /// The deal this setup produces (the shuffle for a seeded setup, or the explicit one).
    ///
    /// # Errors
    /// Every problem with the setup.
    pub fn deal_record(&self) -> Result<DealRecord, SetupError> {
        let mut problems = Vec::new();
        check_players(self.players, self.first, &mut problems);
        if let Some(deal) = &self.deal {
            check_deal(self.players, deal, &mut problems);
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        Ok(match &self.deal {
            Some(deal) => DealRecord {
                hands: deal.hands.clone(),
                draw_pile: deal.draw_pile.clone(),
                first: self.first,
            },
            None => {
                let cards = shuffled_deck(self.seed);
                let h = usize::from(hand_size(self.players));
                let n = usize::from(self.players);
                DealRecord {
                    hands: (0..n).map(|s| cards[s * h..(s + 1) * h].to_vec()).collect(),
                    draw_pile: cards[n * h..].to_vec(),
                    first: self.first,
                }
            }
        })
    }
}

impl DealRecord {
    /// The setup that plays exactly this deal.
    pub fn into_setup(self) -> Setup {
        Setup {
            players: u8::try_from(self.hands.len()).unwrap_or(u8::MAX),
            seed: 0,
            first: self.first,
            deal: Some(Deal {
                hands: self.hands,
                draw_pile: self.draw_pile,
            }),
        }
    }
}

/// The 98 cards shuffled by `seed` (see the module docs for the exact procedure).
///
/// ```
/// let deck = thegame::shuffled_deck(7);
/// assert_eq!(deck, thegame::shuffled_deck(7));
/// let mut sorted = deck;
/// sorted.sort_unstable();
/// assert_eq!(sorted[0], 2);
/// assert_eq!(sorted[97], 99);
/// ```
pub fn shuffled_deck(seed: u64) -> [u8; Card::COUNT] {
    // The fast path draws all 97 positions first (independent of the cards, so the compiler
    // computes the random numbers side by side in the build target's vector registers; no
    // run-time CPU detection), assuming no pick is rejected, then swaps. A possible rejection (the low half of a product below
    // `n`, about one deal in a million) sends the deal to the step-by-step procedure, which
    // defines it: the result is the same either way.
    //
    // Output `k` (from 0) of SplitMix64 is `mix(seed + (k + 1) * GAMMA)`. Output `k < 48`
    // feeds positions `97 - 2k` (low half) and `96 - 2k` (high half); output 48's low half
    // feeds position 1.
    let mut lows = [0u64; 49];
    let mut highs = [0u64; 49];
    let mut doubtful = 0u64;
    for k in 0..49 {
        let x = splitmix_mix(seed.wrapping_add((k as u64 + 1).wrapping_mul(SPLITMIX_GAMMA)));
        let i = (Card::COUNT - 1 - 2 * k) as u64;
        // For k = 48 the high half is unused (its "position" 0 takes no pick): a bound of 1
        // makes its product harmless and never doubtful.
        let (a, b) = if k < 48 { (i + 1, i) } else { (2, 1) };
        let m = (x & 0xFFFF_FFFF) * a;
        let n = (x >> 32) * b;
        doubtful |= u64::from(((m as u32) < a as u32) | ((n as u32) < b as u32 && k < 48));
        lows[k] = m >> 32;
        highs[k] = n >> 32;
    }
    if doubtful != 0 {
        return shuffled_deck_stepwise(seed);
    }
    let mut cards = ORDERED_DECK;
    for k in 0..49 {
        let i = Card::COUNT - 1 - 2 * k;
        // `lows[k] <= i` and `highs[k] <= i - 1` by construction; `min` states it without a
        // branch.
        cards.swap(i, (lows[k] as usize).min(i));
        if k < 48 {
            cards.swap(i - 1, (highs[k] as usize).min(i - 1));
        }
    }
    cards
}

/// The cards `2..=99` in order.
const ORDERED_DECK: [u8; Card::COUNT] = {
    let mut cards = [0u8; Card::COUNT];
    let mut i = 0;
    while i < Card::COUNT {
        cards[i] = i as u8 + Card::MIN;
        i += 1;
    }
    cards
};

/// The deal's definition, one pick at a time (see the module docs).
fn shuffled_deck_stepwise(seed: u64) -> [u8; Card::COUNT] {
    let mut cards = ORDERED_DECK;
    let mut deck = Deck::new(seed);
    for i in (1..Card::COUNT).rev() {
        let j = deck.pick(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    cards
}

const SPLITMIX_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function.
#[inline(always)]
fn splitmix_mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The random source of the deal: SplitMix64, consumed 32 bits at a time.
struct Deck {
    state: u64,
    /// The unused high half of the last output, if any.
    spare: Option<u32>,
}

impl Deck {
    fn new(seed: u64) -> Deck {
        Deck {
            state: seed,
            spare: None,
        }
    }

    /// SplitMix64's next output.
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(SPLITMIX_GAMMA);
        splitmix_mix(self.state)
    }

    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        match self.spare.take() {
            Some(high) => high,
            None => {
                let x = self.next_u64();
                self.spare = Some((x >> 32) as u32);
                x as u32
            }
        }
    }

    /// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-and-reject method.
    #[inline(always)]
    fn pick(&mut self, n: u32) -> u32 {
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

/// Fisher–Yates from the back, with [`bounded32`] picks (for determinization).
pub(crate) fn shuffle<R: RngCore + ?Sized>(cards: &mut [u8], rng: &mut R) {
    for i in (1..cards.len()).rev() {
        let j = bounded32(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// A uniform integer in `0..n` (`n > 0`) from 32-bit outputs, by Lemire's method.
#[inline]
pub fn bounded32<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// A uniform integer in `0..n` (`n > 0`) by Lemire's multiply-and-reject method.
#[inline]
pub fn bounded<R: RngCore>(rng: &mut R, n: u64) -> u64 {
    debug_assert!(n > 0);
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// Why a setup or a position was refused: every problem found, at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid setup: {}", list(.problems))]
pub struct SetupError {
    /// Each broken rule.
    pub problems: Vec<SetupProblem>,
}

/// The problems, `; `-separated. Runs of consecutive missing (or duplicated) cards read as one
/// range, so a deal missing most of the deck is one line, not ninety.
fn list(problems: &[SetupProblem]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < problems.len() {
        let run = |p: &SetupProblem| match *p {
            SetupProblem::MissingCard { card } => Some((false, card)),
            SetupProblem::DuplicateCard { card } => Some((true, card)),
            _ => None,
        };
        let Some((dup, first)) = run(&problems[i]) else {
            parts.push(problems[i].to_string());
            i += 1;
            continue;
        };
        let mut last = first;
        while let Some((d, c)) = problems.get(i + 1).and_then(run) {
            if d != dup || Some(c) != last.checked_add(1) {
                break;
            }
            last = c;
            i += 1;
        }
        i += 1;
        parts.push(match (dup, first == last) {
            (_, true) => problems[i - 1].to_string(),
            (false, false) => format!(
                "cards {first} to {last} are missing ({} cards)",
                last - first + 1
            ),
            (true, false) => format!(
                "cards {first} to {last} appear more than once ({} cards)",
                last - first + 1
            ),
        });
    }
    parts.join("; ")
}

/// One broken setup rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The player count is outside 1..=5.
    #[error("{players} players: The Game is for 1 to 5 players")]
    PlayerCount {
        /// The count given.
        players: u8,
    },
    /// The first (or current) seat does not exist.
    #[error("seat {seat} cannot start: seats are 0..{players}")]
    NoSuchSeat {
        /// The seat given.
        seat: u8,
        /// The player count.
        players: u8,
    },
    /// The number of hands differs from the player count.
    #[error("{hands} hands for {players} players")]
    HandCount {
        /// Hands given.
        hands: usize,
        /// The player count.
        players: u8,
    },
    /// A hand has the wrong number of cards.
    #[error("seat {seat} holds {len} cards; the hand size is {expected}")]
    HandSize {
        /// The seat.
        seat: usize,
        /// Its card count.
        len: usize,
        /// The hand size (or, in a position, the most allowed).
        expected: usize,
    },
    /// The draw pile has the wrong number of cards.
    #[error("the draw pile holds {len} cards; it must hold {expected}")]
    DrawPileSize {
        /// Its card count.
        len: usize,
        /// What the rest of the deal requires.
        expected: usize,
    },
    /// A number that is not a card.
    #[error("{card} is not a card: cards are 2..=99")]
    CardOutOfRange {
        /// The number.
        card: u8,
    },
    /// A card given more than once.
    #[error("card {card} appears more than once")]
    DuplicateCard {
        /// The card.
        card: u8,
    },
    /// A card given nowhere.
    #[error("card {card} is missing")]
    MissingCard {
        /// The card.
        card: u8,
    },
    /// A pile top that is neither the pile's start nor a played card.
    #[error("{pile} shows {top}, which is neither its start ({start}) nor a played card")]
    BadTop {
        /// The pile.
        pile: Pile,
        /// Its top.
        top: u8,
        /// The pile's start (1 or 100).
        start: u8,
    },
    /// More cards played this turn than anyone could have.
    #[error("{played} cards played this turn; at most {max} is possible")]
    PlayedThisTurn {
        /// The count given.
        played: u8,
        /// The bound.
        max: u8,
    },
    /// The signals table has the wrong number of seats.
    #[error("signals for {len} seats, {players} players")]
    SignalSeats {
        /// Rows given.
        len: usize,
        /// The player count.
        players: u8,
    },
}

pub(crate) fn check_players(players: u8, first: u8, problems: &mut Vec<SetupProblem>) {
    if !(1..=MAX_PLAYERS as u8).contains(&players) {
        problems.push(SetupProblem::PlayerCount { players });
    } else if first >= players {
        problems.push(SetupProblem::NoSuchSeat {
            seat: first,
            players,
        });
    }
}

/// Checks that `groups` hold each of the 98 cards exactly once.
pub(crate) fn check_cards<'a>(
    groups: impl Iterator<Item = &'a [u8]>,
    problems: &mut Vec<SetupProblem>,
) {
    let mut seen = CardSet::EMPTY;
    let mut reported = CardSet::EMPTY;
    for group in groups {
        for &n in group {
            match Card::new(n) {
                None => problems.push(SetupProblem::CardOutOfRange { card: n }),
                Some(c) => {
                    if !seen.insert(c) && reported.insert(c) {
                        problems.push(SetupProblem::DuplicateCard { card: n });
                    }
                }
            }
        }
    }
    for c in CardSet::ALL.difference(seen) {
        problems.push(SetupProblem::MissingCard { card: c.get() });
    }
}

fn check_deal(players: u8, deal: &Deal, problems: &mut Vec<SetupProblem>) {
    if deal.hands.len() != usize::from(players) {
        problems.push(SetupProblem::HandCount {
            hands: deal.hands.len(),
            players,
        });
    }
    if (1..=MAX_PLAYERS as u8).contains(&players) {
        let h = usize::from(hand_size(players));
        for (seat, hand) in deal.hands.iter().enumerate() {
            if hand.len() != h {
                problems.push(SetupProblem::HandSize {
                    seat,
                    len: hand.len(),
                    expected: h,
                });
            }
        }
        let expected = Card::COUNT - usize::from(players) * h;
        if deal.draw_pile.len() != expected {
            problems.push(SetupProblem::DrawPileSize {
                len: deal.draw_pile.len(),
                expected,
            });
        }
    }
    check_cards(
        deal.hands
            .iter()
            .map(Vec::as_slice)
            .chain(std::iter::once(deal.draw_pile.as_slice())),
        problems,
    );
}

/// A game in progress, described in full: for analysis, tests and search.
///
/// Validated by [`crate::State::from_position`]; [`crate::State`]'s JSON form is this.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// 1 to 5 players.
    pub players: u8,
    /// Whose turn it is.
    pub current: u8,
    /// Cards the current player has played this turn.
    #[serde(default)]
    pub played_this_turn: u8,
    /// Every hand (at most the hand size each).
    pub hands: Vec<Vec<u8>>,
    /// The draw pile; `draw_pile[0]` is drawn first.
    pub draw_pile: Vec<u8>,
    /// Pile tops in the order up1, up2, down1, down2 (1 and 100 for an empty pile).
    pub tops: [u8; 4],
    /// Every card on the piles, tops included.
    pub played: Vec<u8>,
    /// Each seat's standing signal per pile (order up1, up2, down1, down2); empty for none.
    #[serde(default)]
    pub signals: Vec<[Option<Signal>; 4]>,
}

impl Position {
    pub(crate) fn check(&self) -> Result<(), SetupError> {
        let mut problems = Vec::new();
        check_players(self.players, self.current, &mut problems);
        if self.hands.len() != usize::from(self.players) {
            problems.push(SetupProblem::HandCount {
                hands: self.hands.len(),
                players: self.players,
            });
        }
        let h = usize::from(hand_size(self.players));
        for (seat, hand) in self.hands.iter().enumerate() {
            if hand.len() > h {
                problems.push(SetupProblem::HandSize {
                    seat,
                    len: hand.len(),
                    expected: h,
                });
            }
        }
        check_cards(
            self.hands
                .iter()
                .map(Vec::as_slice)
                .chain([self.draw_pile.as_slice(), self.played.as_slice()]),
            &mut problems,
        );
        let played: CardSet = self.played.iter().filter_map(|&n| Card::new(n)).collect();
        let mut tops_seen = CardSet::EMPTY;
        for pile in Pile::ALL {
            let top = self.tops[pile.index()];
            let ok = top == pile.start()
                || Card::new(top).is_some_and(|c| played.contains(c) && tops_seen.insert(c));
            if !ok {
                problems.push(SetupProblem::BadTop {
                    pile,
                    top,
                    start: pile.start(),
                });
            }
        }
        let max = u8::try_from(played.len())
            .unwrap_or(u8::MAX)
            .min(hand_size(self.players));
        if self.played_this_turn > max {
            problems.push(SetupProblem::PlayedThisTurn {
                played: self.played_this_turn,
                max,
            });
        }
        if !self.signals.is_empty() && self.signals.len() != usize::from(self.players) {
            problems.push(SetupProblem::SignalSeats {
                len: self.signals.len(),
                players: self.players,
            });
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SetupError { problems })
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tops {:?}, seat {} to play ({} played), {} in the draw pile",
            self.tops,
            self.current,
            self.played_this_turn,
            self.draw_pile.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_its_reference_outputs() {
        // Seed 1234567: the first outputs of the reference implementation.
        let mut d = Deck::new(1_234_567);
        assert_eq!(d.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(d.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn every_pick_is_uniform() {
        let mut d = Deck::new(9);
        let mut counts = [0u32; 98];
        for _ in 0..98_000 {
            counts[d.pick(98) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_deal_forever() {
        let deck = shuffled_deck(42);
        let mut sorted = deck;
        sorted.sort_unstable();
        assert_eq!(sorted.to_vec(), (2..=99).collect::<Vec<u8>>());
        assert_eq!(deck, shuffled_deck(42));
        assert_ne!(deck, shuffled_deck(43));
        // Pinned: a change of shuffle would silently change every recorded seeded game.
        assert_eq!(&deck[..8], &GOLDEN_SEED_42[..]);
    }

    #[test]
    fn runs_of_missing_or_duplicated_cards_read_as_ranges() {
        let missing = |card| SetupProblem::MissingCard { card };
        let dup = |card| SetupProblem::DuplicateCard { card };
        let err = SetupError {
            problems: vec![
                SetupProblem::DrawPileSize {
                    len: 0,
                    expected: 90,
                },
                dup(3),
                dup(4),
                dup(9),
                missing(4),
                missing(5),
                missing(6),
                missing(8),
                missing(9),
            ],
        };
        assert_eq!(
            err.to_string(),
            "invalid setup: the draw pile holds 0 cards; it must hold 90; \
             cards 3 to 4 appear more than once (2 cards); card 9 appears more than once; \
             cards 4 to 6 are missing (3 cards); cards 8 to 9 are missing (2 cards)"
        );
        // The structured list is untouched: one problem per card.
        assert_eq!(err.problems.len(), 9);
    }

    #[test]
    fn the_fast_deal_is_the_stepwise_deal() {
        for seed in (0..20_000u64).chain([u64::MAX, u64::MAX - 1, 1 << 63]) {
            let stepwise = shuffled_deck_stepwise(seed);
            assert_eq!(shuffled_deck(seed), stepwise, "seed {seed}");
        }
    }

    /// The simulation's fast deal (`State::seeded`, fast shuffle, hands built as bitmasks)
    /// equals the checked path (`State::new` with the explicit deal of the stepwise shuffle).
    #[test]
    fn the_fast_seeded_state_is_the_checked_one() {
        for players in 1..=5u8 {
            for seed in 0..2_000u64 {
                let cards = shuffled_deck_stepwise(seed);
                let h = usize::from(hand_size(players));
                let n = usize::from(players);
                let setup = Setup {
                    players,
                    seed: 0,
                    first: (seed % u64::from(players)) as u8,
                    deal: Some(Deal {
                        hands: (0..n).map(|s| cards[s * h..(s + 1) * h].to_vec()).collect(),
                        draw_pile: cards[n * h..].to_vec(),
                    }),
                };
                let first = setup.first;
                let checked = crate::State::new(setup).unwrap();
                let fast = crate::State::seeded(players, seed, first).unwrap();
                assert_eq!(fast, checked, "{players} players, seed {seed}");
            }
        }
    }

    /// The inverse of `splitmix_mix`, to build a seed with a chosen first output.
    fn splitmix_unmix(mut z: u64) -> u64 {
        fn inverse(a: u64) -> u64 {
            // Newton's iteration for the inverse of an odd number modulo 2^64.
            let mut x = a;
            for _ in 0..6 {
                x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
            }
            x
        }
        z ^= (z >> 31) ^ (z >> 62);
        z = z.wrapping_mul(inverse(0x94D0_49BB_1331_11EB));
        z ^= (z >> 27) ^ (z >> 54);
        z = z.wrapping_mul(inverse(0xBF58_476D_1CE4_E5B9));
        z ^ (z >> 30) ^ (z >> 60)
    }

    /// A seed whose first pick is rejected (its first output's low half is 0, below
    /// 2^32 mod 98 = 88) is dealt by the stepwise procedure, which draws again.
    #[test]
    fn a_rejected_pick_draws_again() {
        let output = 0xDEAD_BEEF_0000_0000u64;
        let seed = splitmix_unmix(output).wrapping_sub(SPLITMIX_GAMMA);
        let mut d = Deck::new(seed);
        assert_eq!(d.next_u64(), output);
        let mut d = Deck::new(seed);
        // The low half (0) is rejected; the high half decides.
        assert_eq!(d.pick(98), ((0xDEAD_BEEFu64 * 98) >> 32) as u32);
        let deck = shuffled_deck(seed);
        assert_eq!(deck, shuffled_deck_stepwise(seed));
        assert_eq!(deck[97], ((0xDEAD_BEEFu64 * 98) >> 32) as u8 + 2);
    }

    const GOLDEN_SEED_42: [u8; 8] = [30, 28, 62, 58, 53, 69, 16, 37];

    #[test]
    fn bounded_stays_in_range() {
        use rand_core::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[bounded(&mut rng, 7) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn a_bad_deal_lists_every_problem() {
        let mut hands = vec![(2..=8).collect::<Vec<u8>>(), (9..=15).collect()];
        hands[0][0] = 9; // duplicate 9, missing 2
        hands[1].push(120); // out of range, hand too big
        let setup = Setup {
            players: 2,
            seed: 0,
            first: 0,
            deal: Some(Deal {
                hands,
                draw_pile: (16..=99).collect(),
            }),
        };
        let err = setup.deal_record().unwrap_err();
        assert!(err
            .problems
            .contains(&SetupProblem::DuplicateCard { card: 9 }));
        assert!(err
            .problems
            .contains(&SetupProblem::MissingCard { card: 2 }));
        assert!(err
            .problems
            .contains(&SetupProblem::CardOutOfRange { card: 120 }));
        assert!(err.problems.contains(&SetupProblem::HandSize {
            seat: 1,
            len: 8,
            expected: 7
        }));
        assert_eq!(err.problems.len(), 4, "{err}");
    }
}
