//! The plant market and the deck, shared by the phases: drawing (and the Step 3 card), removing
//! plants, the Step 3 shuffle, the start of Step 3, and the turn order.
//!
//! Decision: the Step 3 card is a sentinel ([`STEP3_CARD`]) in the deck and market arrays. When
//! it is drawn the deck is shuffled at once; what follows depends on the phase it was drawn in
//! (rules file, "Step 3"): in phase 2 it waits at the end of the market until the phase ends, in
//! phases 4 and 5 it leaves at once with the lowest plant.

use crate::event::{Event, RemovalReason};
use crate::fixed::FixedList;
use crate::plants::PlantId;
use crate::setup;
use crate::state::{Sink, State, STEP3_CARD};
use rand::seq::SliceRandom;

/// The phase a card is drawn in (it decides what the Step 3 card does).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum DrawContext {
    Auction,
    Building,
    Bureaucracy,
}

impl State {
    /// The lowest plant of the market (not the Step 3 card).
    pub(crate) fn lowest_plant(&self) -> Option<u8> {
        self.core
            .market
            .first()
            .copied()
            .filter(|&p| p != STEP3_CARD)
    }

    /// Removes the lowest plant of the market from the game.
    pub(crate) fn remove_lowest<S: Sink>(&mut self, reason: RemovalReason, log: &mut S) {
        if let Some(low) = self.lowest_plant() {
            self.core.market.remove(0);
            self.core.out_of_game.insert(PlantId(low));
            log.emit(|| Event::PlantRemoved {
                plant: PlantId(low),
                reason,
            });
        }
    }

    /// Draws the top card into the market (or handles the Step 3 card).
    pub(crate) fn draw<S: Sink>(&mut self, ctx: DrawContext, log: &mut S) {
        let Some(top) = self.core.deck.pop() else {
            return;
        };
        if top != STEP3_CARD {
            let at = self.core.market.partition_point(|p| *p < top);
            self.core.market.insert(at, top);
            log.emit(|| Event::PlantDrawn {
                plant: PlantId(top),
            });
            return;
        }
        log.emit(|| Event::Step3CardDrawn);
        self.shuffle_deck();
        let size = self.core.deck.len() as u8;
        log.emit(|| Event::DeckShuffled { size });
        self.core.step3_pending = true;
        match ctx {
            DrawContext::Auction => self.core.market.push(STEP3_CARD),
            DrawContext::Building | DrawContext::Bureaucracy => {
                log.emit(|| Event::Step3CardRemoved);
                self.remove_lowest(RemovalReason::Step3, log);
            }
        }
    }

    /// The Step 3 shuffle: seeded, with the setup's fixed order on top (see `setup`).
    fn shuffle_deck(&mut self) {
        let mut rng = setup::rng(self.core.seed, setup::STREAM_STEP3);
        self.core.deck.shuffle(&mut rng);
        if self.core.step3_order.is_empty() {
            return;
        }
        let listed = |p: u8| self.core.step3_order.iter().position(|q| q.0 == p);
        let mut fixed: FixedList<u8, 43> = FixedList::new();
        let mut rest: FixedList<u8, 43> = FixedList::new();
        for &p in &self.core.deck {
            if listed(p).is_some() {
                fixed.push(p);
            } else {
                rest.push(p);
            }
        }
        // Listed plants on top (deck top is the end), first listed topmost.
        fixed.sort_by_key(|&p| std::cmp::Reverse(listed(p)));
        rest.extend(fixed.iter().copied());
        self.core.deck = rest;
    }

    /// Removes market plants numbered at most the most cities connected, drawing replacements.
    pub(crate) fn remove_small_plants<S: Sink>(&mut self, ctx: DrawContext, log: &mut S) {
        loop {
            let cities = self.most_cities();
            match self.lowest_plant() {
                Some(low) if low <= cities => {
                    self.remove_lowest(RemovalReason::SmallPlant { cities }, log);
                    self.draw(ctx, log);
                }
                _ => return,
            }
        }
    }

    /// Step 3 begins: the card (if it waits in the market) leaves with the lowest plant.
    pub(crate) fn begin_step3<S: Sink>(&mut self, log: &mut S) {
        if self.core.market.last() == Some(&STEP3_CARD) {
            self.core.market.pop();
            log.emit(|| Event::Step3CardRemoved);
            self.remove_lowest(RemovalReason::Step3, log);
        }
        self.core.step3_pending = false;
        self.core.step = 3;
        log.emit(|| Event::StepStarted { step: 3 });
    }

    /// Sets the turn order: most cities first, ties by the highest plant.
    pub(crate) fn determine_turn_order<S: Sink>(&mut self, log: &mut S) {
        let seats = &self.core.seats;
        // Stable: players tied on both keys keep their order.
        self.core.order.sort_by_key(|s| {
            let p = &seats[s.index()];
            std::cmp::Reverse((p.cities(), p.highest_plant()))
        });
        let order = self.core.order.to_vec();
        log.emit(|| Event::TurnOrder { order });
    }
}
