//! The speed ceiling of a heuristic for The Game: the barest greedy bot, written for speed,
//! played through `Turn` handles by `play_out` as `tabletop bench thegame` plays the registered
//! bots (deal included, one thread, thread-CPU time).
//!
//! The bot plays each pile's closest card (its cost: the live cards it buries), a backwards
//! trick first, extra cards only when they bury nothing, and never signals. Each pile's move
//! is a few loads from mask tables, an AND and two popcounts; after a play only the pile
//! played on and piles whose move used that card are scored again (the others keep slightly
//! stale costs). It is much weaker than the heuristic (below the published 2-player rate), so
//! it is not a registered bot: it measures how fast any heuristic can be with this engine.
//!
//! ```sh
//! cargo run --release -p bots --example thegame_lean -- PLAYERS [GAMES]
//! ```
use bots::thegame::{play_out, Player};
use thegame::{Action, Card, Pile, RuleError, State, Turn, View};

const ALL: u128 = thegame::CardSet::ALL.bits();

const fn below(n: usize) -> u128 {
    if n >= 128 {
        ALL
    } else {
        ALL & ((1u128 << n) - 1)
    }
}
const fn above(n: usize) -> u128 {
    ALL & !below(n + 1)
}
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
const fn tu(t: usize) -> u128 {
    if t >= 12 {
        ALL & (1u128 << (t - 10))
    } else {
        0
    }
}
const fn td(t: usize) -> u128 {
    if t + 10 < 128 {
        ALL & (1u128 << (t + 10))
    } else {
        0
    }
}
const fn one(n: usize) -> u128 {
    if n < 128 {
        1u128 << n
    } else {
        0
    }
}
static ABOVE: [u128; 129] = table!(above);
static BELOW: [u128; 129] = table!(below);
static TU: [u128; 129] = table!(tu);
static TD: [u128; 129] = table!(td);
static ONE: [u128; 129] = table!(one);

/// Packed move: cost << 16 | card. NONE: no move.
const NONE: i64 = i64::MAX;

#[inline(always)]
fn up(t: usize, hand: u128, live: u128) -> i64 {
    let t = t & 127;
    if hand & TU[t] != 0 {
        let c = t - 10;
        let re = (live & ABOVE[c] & BELOW[t]).count_ones() as i64;
        return ((-1 - re) << 16) | c as i64;
    }
    let a = hand & ABOVE[t];
    if a == 0 {
        return NONE;
    }
    let c = a.trailing_zeros() as usize & 127;
    let gap = (live & ABOVE[t] & BELOW[c]).count_ones() as i64;
    (gap << 16) | c as i64
}

#[inline(always)]
fn down(t: usize, hand: u128, live: u128) -> i64 {
    let t = t & 127;
    if hand & TD[t] != 0 {
        let c = t + 10;
        let re = (live & ABOVE[t] & BELOW[c]).count_ones() as i64;
        return ((-1 - re) << 16) | c as i64;
    }
    let b = hand & BELOW[t];
    if b == 0 {
        return NONE;
    }
    let c = (127 - b.leading_zeros()) as usize & 127;
    let gap = (live & ABOVE[c] & BELOW[t]).count_ones() as i64;
    (gap << 16) | c as i64
}

#[inline(always)]
fn eval(i: usize, t: usize, hand: u128, live: u128) -> i64 {
    if i < 2 {
        up(t, hand, live)
    } else {
        down(t, hand, live)
    }
}

struct Lean;

impl Player for Lean {
    fn name(&self) -> &str {
        "lean"
    }
    /// One action, from a view (the turn's first choice; `play_out` uses `play_turn`).
    fn act(&mut self, view: &View) -> Action {
        let hand = view.hand.bits();
        let live = ALL & !view.played.bits();
        let need = view.minimum.saturating_sub(view.played_this_turn);
        let t = view.tops.map(usize::from);
        let b = [
            up(t[0], hand, live),
            up(t[1], hand, live),
            down(t[2], hand, live),
            down(t[3], hand, live),
        ];
        let k = argmin(&b);
        let m = b[k];
        match Card::new((m & 0xff) as u8) {
            Some(card) if m != NONE && (need > 0 || (m >> 16) <= 0) => Action::Play {
                card,
                pile: Pile::from_index(k),
            },
            _ => Action::EndTurn,
        }
    }

    fn play_turn(&mut self, turn: &mut Turn<'_>) -> Result<bool, RuleError> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("bmi1")
            {
                // SAFETY: the CPU has these features, as checked just above.
                return unsafe { native(turn) };
            }
        }
        lean_turn(turn)
    }
}

/// The pile of the cheapest move, ties to the lowest pile.
#[inline(always)]
fn argmin(b: &[i64; 4]) -> usize {
    let k01 = if b[1] < b[0] { 1 } else { 0 };
    let k23 = if b[3] < b[2] { 3 } else { 2 };
    if b[k23] < b[k01] {
        k23
    } else {
        k01
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
fn native(turn: &mut Turn<'_>) -> Result<bool, RuleError> {
    lean_turn(turn)
}

#[inline(always)]
fn lean_turn(turn: &mut Turn<'_>) -> Result<bool, RuleError> {
    let mut hand = turn.hand().bits();
    let mut live = ALL & !turn.played().bits();
    let mut tops = turn.tops().map(usize::from);
    let mut need = turn.minimum().saturating_sub(turn.played_this_turn());
    let mut b = [
        up(tops[0], hand, live),
        up(tops[1], hand, live),
        down(tops[2], hand, live),
        down(tops[3], hand, live),
    ];
    loop {
        let k = argmin(&b);
        let m = b[k];
        if m == NONE || (need == 0 && (m >> 16) > 0) {
            break;
        }
        let c = (m & 0xff) as usize;
        let Some(card) = Card::new(c as u8) else {
            break;
        };
        turn.play(card, Pile::from_index(k))?;
        if turn.outcome().is_some() {
            return Ok(true);
        }
        hand &= !ONE[c];
        live &= !ONE[c];
        tops[k] = c;
        need = need.saturating_sub(1);
        b[k] = eval(k, c, hand, live);
        for i in 0..4 {
            if i != k && (b[i] & 0xff) as usize == c {
                b[i] = eval(i, tops[i], hand, live);
            }
        }
    }
    if turn.can_end() {
        turn.end()?;
    }
    Ok(true)
}

fn main() {
    let players: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    if !(1..=5).contains(&players) {
        eprintln!("players must be 1 to 5");
        std::process::exit(2);
    }
    let games: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200_000);
    let mut bots: Vec<Box<dyn Player>> = (0..players)
        .map(|_| Box::new(Lean) as Box<dyn Player>)
        .collect();
    let c0 = cpu();
    let (mut wins, mut left) = (0u64, 0u64);
    for seed in 0..games {
        let mut s = State::seeded(players, seed, 0).unwrap();
        match play_out(&mut s, &mut bots) {
            Ok(outcome) => {
                wins += u64::from(outcome.is_win());
                left += u64::from(outcome.cards_left());
            }
            Err(e) => {
                eprintln!("seed {seed}: {e}");
                std::process::exit(1);
            }
        }
    }
    let el = (cpu() - c0) as f64 / 1e9;
    println!(
        "{players}p lean: {:.2} % wins, {:.2} cards left, {:.0} games/s (seeds 0..{games})",
        100.0 * wins as f64 / games as f64,
        left as f64 / games as f64,
        games as f64 / el
    );
}

fn cpu() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
