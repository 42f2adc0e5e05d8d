//! Helpers shared by the integration tests, and a deliberately naive second implementation of
//! the rules (plain vectors and the rule text, no bitmasks) to check the fast one against.

#![allow(dead_code)]

use thegame::{Action, Card, Pile, Position, State};

pub fn card(n: u8) -> Card {
    Card::new(n).unwrap()
}

pub fn play(n: u8, pile: Pile) -> Action {
    Action::Play {
        card: card(n),
        pile,
    }
}

/// A position where every card not in a hand or the draw pile is already played.
pub fn position(
    current: u8,
    hands: &[&[u8]],
    tops: [u8; 4],
    draw_pile: &[u8],
    played_this_turn: u8,
) -> State {
    let mut played = Vec::new();
    for n in 2..=99u8 {
        if !hands.iter().any(|h| h.contains(&n)) && !draw_pile.contains(&n) {
            played.push(n);
        }
    }
    State::from_position(Position {
        players: hands.len() as u8,
        current,
        played_this_turn,
        hands: hands.iter().map(|h| h.to_vec()).collect(),
        draw_pile: draw_pile.to_vec(),
        tops,
        played,
        signals: Vec::new(),
    })
    .unwrap()
}

/// The rules read literally from `shared/rules/thegame.md`.
#[derive(Clone, Debug)]
pub struct Reference {
    pub hands: Vec<Vec<u8>>,
    pub draw: Vec<u8>,
    pub tops: [u8; 4],
    pub on_piles: usize,
    pub current: usize,
    pub played: usize,
    pub hand_size: usize,
    pub over: Option<bool>,
}

impl Reference {
    pub fn from_state(s: &State) -> Reference {
        let p = s.position();
        let mut r = Reference {
            hands: p.hands.clone(),
            draw: p.draw_pile.clone(),
            tops: p.tops,
            on_piles: p.played.len(),
            current: p.current as usize,
            played: p.played_this_turn as usize,
            hand_size: thegame::hand_size(p.players) as usize,
            over: None,
        };
        r.settle();
        r
    }

    pub fn minimum(&self) -> usize {
        if self.draw.is_empty() {
            1
        } else {
            2
        }
    }

    fn fits(top: u8, ascending: bool, c: u8) -> bool {
        if ascending {
            c > top || c + 10 == top
        } else {
            c < top || c == top + 10
        }
    }

    /// Legal plays and end, sorted like `State::legal_actions` (signals left out).
    pub fn turn_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.over.is_some() {
            return out;
        }
        let mut hand = self.hands[self.current].clone();
        hand.sort_unstable();
        for &c in &hand {
            for (i, pile) in Pile::ALL.iter().enumerate() {
                if Self::fits(self.tops[i], i < 2, c) {
                    out.push(play(c, *pile));
                }
            }
        }
        if self.played >= self.minimum() {
            out.push(Action::EndTurn);
        }
        out
    }

    fn settle(&mut self) {
        if self.on_piles == 98 {
            self.over = Some(true);
        } else if self.played < self.minimum()
            && !self
                .turn_actions()
                .iter()
                .any(|a| matches!(a, Action::Play { .. }))
        {
            self.over = Some(false);
        }
    }

    pub fn apply(&mut self, a: &Action) {
        match *a {
            Action::Play { card, pile } => {
                let hand = &mut self.hands[self.current];
                let at = hand.iter().position(|&c| c == card.get()).unwrap();
                hand.remove(at);
                self.tops[pile.index()] = card.get();
                self.on_piles += 1;
                self.played += 1;
            }
            Action::EndTurn => {
                while self.hands[self.current].len() < self.hand_size && !self.draw.is_empty() {
                    let c = self.draw.remove(0);
                    self.hands[self.current].push(c);
                }
                self.played = 0;
                let n = self.hands.len();
                for i in 1..=n {
                    let s = (self.current + i) % n;
                    if !self.hands[s].is_empty() {
                        self.current = s;
                        break;
                    }
                }
            }
            Action::Signal { .. } => {}
        }
        self.settle();
    }

    pub fn cards_left(&self) -> usize {
        98 - self.on_piles
    }
}

/// Leaves of the tree of plays and `end` (no signals) down to `depth`; a finished game is a
/// leaf wherever it ends.
pub fn perft(state: &State, depth: u32) -> u64 {
    if depth == 0 || state.is_over() {
        return 1;
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal
        .iter()
        .filter(|a| !matches!(a, Action::Signal { .. }))
        .map(|a| {
            let mut next = state.clone();
            next.apply(a).unwrap();
            perft(&next, depth - 1)
        })
        .sum()
}

/// The same count on the reference rules.
pub fn perft_reference(r: &Reference, depth: u32) -> u64 {
    if depth == 0 || r.over.is_some() {
        return 1;
    }
    r.turn_actions()
        .iter()
        .map(|a| {
            let mut next = r.clone();
            next.apply(a);
            perft_reference(&next, depth - 1)
        })
        .sum()
}

/// Every complete action sequence (no signals) to the end of the game: (wins, losses).
pub fn complete_games(state: &State) -> (u64, u64) {
    if let Some(o) = state.outcome() {
        return if o.is_win() { (1, 0) } else { (0, 1) };
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut total = (0, 0);
    for a in legal.iter().filter(|a| !matches!(a, Action::Signal { .. })) {
        let mut next = state.clone();
        next.apply(a).unwrap();
        let (w, l) = complete_games(&next);
        total.0 += w;
        total.1 += l;
    }
    total
}
