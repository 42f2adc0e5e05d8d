//! What the two closed-form planners ([`super::greedy`], [`super::team`]) share: card-range
//! mask tables and the packed move key.

/// Bits 2..=99: every card.
pub(super) const ALL_CARDS: u128 = thegame::CardSet::ALL.bits();

/// A 129-entry mask table (`n` in `0..=128`) computed at compile time from `$f(n)`.
macro_rules! table {
    ($f:expr) => {{
        let mut t = [0u128; 129];
        let mut n = 0;
        while n <= 128 {
            t[n] = $f(n);
            n += 1;
        }
        t
    }};
}
pub(super) use table;

/// Cards strictly below `n`.
pub(super) const fn below(n: usize) -> u128 {
    if n >= 128 {
        ALL_CARDS
    } else {
        ALL_CARDS & ((1u128 << n) - 1)
    }
}

/// Cards strictly above `n`.
pub(super) const fn above(n: usize) -> u128 {
    ALL_CARDS & !below(n + 1)
}

/// `ABOVE[n]`: cards greater than `n`; `BELOW[n]`: cards smaller than `n` (`n` in `0..=128`).
pub(super) static ABOVE: [u128; 129] = table!(above);
pub(super) static BELOW: [u128; 129] = table!(below);

/// A move packed as `cost << 32 | pile << 16 | plain << 8 | card`: ordering keys orders by
/// cost, then pile.
pub(super) type Key = i64;

#[inline(always)]
pub(super) fn key(cost: i32, pile: usize, plain: bool, card: u32) -> Key {
    (i64::from(cost) << 32)
        | ((pile as i64) << 16)
        | (i64::from(plain) << 8)
        | i64::from(card & 0xff)
}

#[inline(always)]
pub(super) fn cost_of(k: Key) -> i32 {
    (k >> 32) as i32
}

#[inline(always)]
pub(super) fn card_of(k: Key) -> u8 {
    k as u8
}

#[inline(always)]
pub(super) fn plain_of(k: Key) -> bool {
    (k >> 8) & 1 != 0
}

#[inline(always)]
pub(super) fn pile_of(k: Key) -> usize {
    ((k >> 16) & 3) as usize
}

/// 0x80 in each zero byte of `v`, 0 elsewhere (exact: no false positives).
#[inline(always)]
pub(super) fn zero_bytes(v: u32) -> u32 {
    !(((v & 0x7f7f_7f7f) + 0x7f7f_7f7f) | v | 0x7f7f_7f7f)
}

/// 0x80 in byte `j` where byte `j` of `cards` is `x`, `x + 10` or `x - 10` (cards and `x`
/// below 128).
#[inline(always)]
pub(super) fn near_bytes(cards: u32, x: u8) -> u32 {
    // Each byte becomes 128 + card - x (no borrow crosses bytes).
    let d = (cards | 0x8080_8080).wrapping_sub(u32::from(x) * 0x0101_0101);
    zero_bytes(d ^ 0x8080_8080) | zero_bytes(d ^ 0x8a8a_8a8a) | zero_bytes(d ^ 0x7676_7676)
}
