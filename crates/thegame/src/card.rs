//! Cards, sets of cards, the four piles and the two signals.
//!
//! A set of cards is a `u128` bitmask (bit `n` is card `n`), so a hand, the cards already played
//! and the cards a pile accepts are all one machine word pair: checking a play, listing the legal
//! plays and counting them are a few bit operations, with no allocation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A number card, `2..=99`. The field is private so a `Card` is always in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Card(u8);

impl Card {
    /// The lowest card.
    pub const MIN: u8 = 2;
    /// The highest card.
    pub const MAX: u8 = 99;
    /// How many cards the game has.
    pub const COUNT: usize = 98;

    /// The card with this number, if it is in `2..=99`.
    ///
    /// ```
    /// use thegame::Card;
    /// assert_eq!(Card::new(35).map(Card::get), Some(35));
    /// assert_eq!(Card::new(1), None);
    /// assert_eq!(Card::new(100), None);
    /// ```
    pub const fn new(n: u8) -> Option<Card> {
        if n >= Card::MIN && n <= Card::MAX {
            Some(Card(n))
        } else {
            None
        }
    }

    /// The caller guarantees `n` is in `2..=99`.
    pub(crate) const fn new_unchecked(n: u8) -> Card {
        debug_assert!(n >= Card::MIN && n <= Card::MAX);
        Card(n)
    }

    /// The card's number.
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// Why a number is not a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// The number is outside `2..=99`.
    #[error("{0} is not a card: cards are 2..=99")]
    OutOfRange(i64),
    /// The text is not a number.
    #[error("{0:?} is not a card number: cards are 2..=99")]
    NotANumber(String),
}

impl TryFrom<u8> for Card {
    type Error = CardError;
    fn try_from(n: u8) -> Result<Card, CardError> {
        Card::new(n).ok_or(CardError::OutOfRange(n.into()))
    }
}

impl From<Card> for u8 {
    fn from(c: Card) -> u8 {
        c.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        let n: i64 = s
            .parse()
            .map_err(|_| CardError::NotANumber(s.to_string()))?;
        u8::try_from(n)
            .ok()
            .and_then(Card::new)
            .ok_or(CardError::OutOfRange(n))
    }
}

/// A set of cards as a bitmask: bit `n` set means card `n` is in the set.
///
/// Serialized as the ascending list of its card numbers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

/// Bits 2..=99.
const ALL_BITS: u128 = ((1u128 << 100) - 1) & !0b11;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 98 cards.
    pub const ALL: CardSet = CardSet(ALL_BITS);

    /// The set with these bits; bits outside 2..=99 are dropped.
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits & ALL_BITS)
    }

    /// The raw bitmask (bit `n` is card `n`).
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// How many cards are in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    #[inline(always)]
    pub const fn contains(self, card: Card) -> bool {
        // One 64-bit word, selected, then shifted: cheaper than a 128-bit shift.
        let word = if card.0 < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        (word >> (card.0 & 63)) & 1 != 0
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1u128 << card.0;
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1u128 << card.0);
        present
    }

    /// The cards in both sets.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in either set.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `self` not in `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The lowest card, if any.
    pub const fn min(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest card, if any.
    pub const fn max(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(127 - self.0.leading_zeros() as u8))
        }
    }

    /// The `n`-th lowest card (from 0), if the set has that many.
    pub fn nth(self, n: usize) -> Option<Card> {
        let lo = self.0 as u64;
        let lo_count = lo.count_ones() as usize;
        let (mut word, mut n, base) = if n < lo_count {
            (lo, n, 0)
        } else {
            ((self.0 >> 64) as u64, n - lo_count, 64)
        };
        if n >= word.count_ones() as usize {
            return None;
        }
        while n > 0 {
            word &= word - 1;
            n -= 1;
        }
        Some(Card((base + word.trailing_zeros()) as u8))
    }

    /// The cards in ascending order.
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }
}

/// Iterates a [`CardSet`] in ascending order.
#[derive(Clone, Debug)]
pub struct CardIter(u128);

impl Iterator for CardIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let n = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(n))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Card::get)).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in cards {
            if !set.insert(c) {
                return Err(serde::de::Error::custom(format!(
                    "card {c} appears twice in a set"
                )));
            }
        }
        Ok(set)
    }
}

/// Which way a pile runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Starts at 1; takes a greater card, or exactly 10 less.
    Ascending,
    /// Starts at 100; takes a smaller card, or exactly 10 more.
    Descending,
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Ascending => "ascending",
            Direction::Descending => "descending",
        })
    }
}

/// One of the four foundation piles: two ascending (`up1`, `up2`), two descending
/// (`down1`, `down2`). Their index order is `up1, up2, down1, down2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    /// The first ascending pile.
    Up1,
    /// The second ascending pile.
    Up2,
    /// The first descending pile.
    Down1,
    /// The second descending pile.
    Down2,
}

impl Pile {
    /// The four piles in index order.
    pub const ALL: [Pile; 4] = [Pile::Up1, Pile::Up2, Pile::Down1, Pile::Down2];

    /// The pile's index, `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The pile at this index (taken modulo 4).
    pub const fn from_index(i: usize) -> Pile {
        Pile::ALL[i & 3]
    }

    /// Which way the pile runs.
    pub const fn direction(self) -> Direction {
        match self {
            Pile::Up1 | Pile::Up2 => Direction::Ascending,
            Pile::Down1 | Pile::Down2 => Direction::Descending,
        }
    }

    /// Whether the pile is ascending.
    pub const fn is_ascending(self) -> bool {
        matches!(self, Pile::Up1 | Pile::Up2)
    }

    /// The pile's starting top card: 1 or 100.
    pub const fn start(self) -> u8 {
        if self.is_ascending() {
            1
        } else {
            100
        }
    }

    /// The cards this pile accepts when its top is `top` (`1..=100`): greater cards or exactly
    /// 10 less for an ascending pile, smaller cards or exactly 10 more for a descending one.
    ///
    /// ```
    /// use thegame::{Card, Pile};
    /// let ok = Pile::Up1.accepts(16);
    /// assert!(ok.contains(Card::new(17).unwrap()));
    /// assert!(ok.contains(Card::new(6).unwrap())); // the backwards trick
    /// assert!(!ok.contains(Card::new(7).unwrap()));
    /// ```
    pub fn accepts(self, top: u8) -> CardSet {
        accepts(self.is_ascending(), top)
    }

    /// Whether this pile at `top` takes `card`: a card past the top, or exactly 10 behind it
    /// (the backwards trick). The same as [`Pile::accepts`]`(top).contains(card)` (tops above
    /// 100 read as 100), in a few comparisons instead of a table of masks.
    #[inline(always)]
    pub const fn takes(self, top: u8, card: Card) -> bool {
        let t = if top > 100 { 100 } else { top };
        let c = card.0;
        if self.is_ascending() {
            c > t || c + 10 == t
        } else {
            c < t || c == t + 10
        }
    }

    /// Whether playing `card` on this pile at `top` is the backwards trick.
    pub const fn is_backwards(self, top: u8, card: Card) -> bool {
        // Widened: a hand-made view's top may be anything up to 255.
        if self.is_ascending() {
            card.0 as u16 + 10 == top as u16
        } else {
            card.0 as u16 == top as u16 + 10
        }
    }
}

/// The accepted cards for a pile direction and top (`1..=100`; larger tops read as 100).
#[inline(always)]
pub(crate) fn accepts(ascending: bool, top: u8) -> CardSet {
    let top = if top > 100 { 100 } else { top } as usize;
    CardSet(ACCEPTS[usize::from(!ascending)][top])
}

/// `ACCEPTS[0][top]`: an ascending pile's accepted cards; `ACCEPTS[1][top]`: a descending one's.
/// A table lookup keeps the hot path free of shifts and branches.
static ACCEPTS: [[u128; 101]; 2] = [accept_table(true), accept_table(false)];

const fn accept_table(ascending: bool) -> [u128; 101] {
    let mut table = [0u128; 101];
    let mut top = 0;
    while top <= 100 {
        table[top] = compute_accepts(ascending, top as u8).0;
        top += 1;
    }
    table
}

const fn compute_accepts(ascending: bool, top: u8) -> CardSet {
    if ascending {
        let above = if top >= 127 { 0 } else { !0u128 << (top + 1) };
        let back = if top >= 12 { 1u128 << (top - 10) } else { 0 };
        CardSet::from_bits(above | back)
    } else {
        let below = (1u128 << top) - 1;
        let back = if top + 10 <= Card::MAX {
            1u128 << (top + 10)
        } else {
            0
        };
        CardSet::from_bits(below | back)
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pile::Up1 => "up1",
            Pile::Up2 => "up2",
            Pile::Down1 => "down1",
            Pile::Down2 => "down2",
        })
    }
}

/// Why a text is not a pile, a signal or a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what:?} is not a {kind}: expected one of {expected}")]
pub struct NameError {
    /// The text that was read.
    pub what: String,
    /// What was expected ("pile", "signal").
    pub kind: &'static str,
    /// The allowed names.
    pub expected: &'static str,
}

impl FromStr for Pile {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Pile, NameError> {
        match s {
            "up1" => Ok(Pile::Up1),
            "up2" => Ok(Pile::Up2),
            "down1" => Ok(Pile::Down1),
            "down2" => Ok(Pile::Down2),
            _ => Err(NameError {
                what: s.to_string(),
                kind: "pile",
                expected: "up1, up2, down1, down2",
            }),
        }
    }
}

/// What a player may tell the team about one pile. Signals carry no numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Signal {
    /// "Please don't play here."
    DontPlay,
    /// "I have a good card for this pile."
    GoodCard,
}

impl Signal {
    /// Both signals.
    pub const ALL: [Signal; 2] = [Signal::DontPlay, Signal::GoodCard];
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Signal::DontPlay => "dont_play",
            Signal::GoodCard => "good_card",
        })
    }
}

impl FromStr for Signal {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Signal, NameError> {
        match s {
            "dont_play" => Ok(Signal::DontPlay),
            "good_card" => Ok(Signal::GoodCard),
            _ => Err(NameError {
                what: s.to_string(),
                kind: "signal",
                expected: "dont_play, good_card",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cards: &[u8]) -> CardSet {
        cards.iter().map(|&n| Card::new(n).unwrap()).collect()
    }

    #[test]
    fn takes_is_accepts_for_every_top_and_card() {
        for pile in Pile::ALL {
            for top in 0..=255u8 {
                for n in Card::MIN..=Card::MAX {
                    let card = Card::new(n).unwrap();
                    assert_eq!(
                        pile.takes(top, card),
                        pile.accepts(top).contains(card),
                        "{pile} at {top}, card {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn accepts_matches_the_rule_for_every_top() {
        for top in 1..=100u8 {
            let up = accepts(true, top);
            let down = accepts(false, top);
            for n in 2..=99u8 {
                let c = Card::new(n).unwrap();
                assert_eq!(
                    up.contains(c),
                    n > top || n + 10 == top,
                    "up top {top} card {n}"
                );
                assert_eq!(
                    down.contains(c),
                    n < top || n == top + 10,
                    "down top {top} card {n}"
                );
            }
        }
    }

    #[test]
    fn card_set_basics() {
        let s = set(&[2, 50, 63, 64, 65, 99]);
        assert_eq!(s.len(), 6);
        assert_eq!(s.min().unwrap().get(), 2);
        assert_eq!(s.max().unwrap().get(), 99);
        let v: Vec<u8> = s.iter().map(Card::get).collect();
        assert_eq!(v, [2, 50, 63, 64, 65, 99]);
        for (i, &n) in v.iter().enumerate() {
            assert_eq!(s.nth(i).unwrap().get(), n);
        }
        assert_eq!(s.nth(6), None);
        assert_eq!(CardSet::ALL.len(), 98);
        assert_eq!(serde_json::to_string(&s).unwrap(), "[2,50,63,64,65,99]");
        let back: CardSet = serde_json::from_str("[99,2,50,63,64,65]").unwrap();
        assert_eq!(back, s);
        assert!(serde_json::from_str::<CardSet>("[3,3]").is_err());
        assert!(serde_json::from_str::<CardSet>("[1]").is_err());
    }

    #[test]
    fn names_round_trip() {
        for p in Pile::ALL {
            assert_eq!(p.to_string().parse::<Pile>().unwrap(), p);
            assert_eq!(Pile::from_index(p.index()), p);
        }
        for s in Signal::ALL {
            assert_eq!(s.to_string().parse::<Signal>().unwrap(), s);
        }
        assert!("up3".parse::<Pile>().is_err());
        assert_eq!("7".parse::<Card>().unwrap().get(), 7);
        assert_eq!("100".parse::<Card>(), Err(CardError::OutOfRange(100)));
        assert_eq!("-3".parse::<Card>(), Err(CardError::OutOfRange(-3)));
        assert!("x".parse::<Card>().is_err());
    }
}
