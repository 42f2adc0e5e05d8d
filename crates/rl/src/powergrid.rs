//! Power Grid for learning agents: a 2,768-action encoding (the same size for both maps and
//! every player count) and a 925-float observation.
//!
//! Action indices (`P` = a plant's position in the card list, plant 3 is 0 and plant 50 is 41):
//! - `0..1344` open an auction: plant `P` at `number + k` Elektro is `P * 32 + k`, `k < 32`;
//! - `1344..1376` raise: bid `high_bid + 1 + j` is `1344 + j`, `j < 32`;
//! - `1376` pass;
//! - `1377..2469` discard plant `P`: `1377 + P * 26 + s`, `s = 0` when the engine asks no
//!   coal/oil choice, `s = 1 + c` to keep `c` coal (`c <= 24`);
//! - `2469..2565` buy: resource `r` (coal, oil, garbage, uranium = 0..4), `n` tokens
//!   (1..=24) is `2469 + r * 24 + n - 1`;
//! - `2565..2607` build in the city with local index `i` of the game's map (the order of
//!   `crates/powergrid/data`): `2565 + i`;
//! - `2607..2767` power: `2607 + m * 10 + h`, `m` a bit set over the acting player's plants
//!   lowest first (bit 0 = the lowest; four plants in a 2-player game), `h` the coal burned by
//!   its hybrids (0..=9);
//! - `2767` done.
//!
//! The bounds (24 coal kept or bought, 9 hybrid coal) are what four plants of the card list can
//! store or burn; constant assertions recompute them from the plant table.
//!
//! So the encoding covers the engine's `legal_actions_limited(BIDS)`: every action the engine
//! lists but a bid more than [`BIDS`] above the lowest has exactly one index. Larger bids are
//! still open through the dict and text forms; the conformance tests check the rest.
//!
//! Observation of seat `v` (seats relative to `v`; money of other seats only where the view
//! shows it):
//!
//! | range | what |
//! |---|---|
//! | `0..5` | one-hot: players - 2 |
//! | `5..7` | one-hot: map (germany, usa) |
//! | `7` | round / 20 |
//! | `8..11` | one-hot: step - 1 |
//! | `11..16` | one-hot: phase (auction, resources, building, bureaucracy, over) |
//! | `16..20` | public money, Step 3 pending, Step 3 card in the market, deck size / 42 |
//! | `20..26` | one-hot: the relative seat to act |
//! | `26..32` | each relative seat's place in the turn order / 5 |
//! | `32..98` | per relative seat (11 each): money / 100, 1 if the money is shown, cities / 22, houses left / 22, coal, oil, garbage, uranium / 24, plants / 4, done in this auction phase, bought in it |
//! | `98..518` | per plant `P` (10 each): owner (6, relative one-hot), in the current market, in the future market, out of the game, under the Step 3 card |
//! | `518..560` | one-hot: the plant being auctioned |
//! | `560..574` | auction running, high bid / 100, high bidder (6, relative), seats still bidding (6, relative) |
//! | `574..617` | a discard is due, the plant just bought (42, one-hot) |
//! | `617..625` | resource market then supply, coal, oil, garbage, uranium / 24 |
//! | `625..667` | 1 for each city in play, by local index |
//! | `667..919` | houses: city * 6 + relative seat |
//! | `919..925` | winners by relative seat, once the game is over |
//!
//! Returns: 1 for each winner (tied players share first place) once the game is over, else 0.

use crate::{one_hot, relative, Encoded};
use ::powergrid::plants::{PlantKind, PLANTS};
use ::powergrid::{
    Action, Board, CityId, MapId, PhaseKind, PlantId, PlantSet, Resource, State, View, Viewer,
};
use engine::{Actor, Seat};
use std::cell::RefCell;

/// Amounts per auction opening and per raise that have an index (the lowest ones).
pub const BIDS: usize = 32;
/// Number of plant cards.
const PLANTS_N: usize = PLANTS.len();
/// Most coal a discard can keep (four plants' coal and hybrid storage).
pub const KEEP_COAL_MAX: usize = 24;
/// Most tokens of one resource one purchase can take.
pub const AMOUNT_MAX: usize = 24;
/// Most coal the hybrids one player runs can burn.
pub const HYBRID_MAX: usize = 9;
/// Most plants a player holds when powering (four with two players).
const POWER_SLOTS: usize = 4;
/// Cities per map.
const CITIES: usize = ::powergrid::map::CITIES_PER_MAP;

/// First index of each kind of action.
pub const START: usize = 0;
/// First raise.
pub const RAISE: usize = START + PLANTS_N * BIDS;
/// Pass.
pub const PASS: usize = RAISE + BIDS;
/// First discard.
pub const DISCARD: usize = PASS + 1;
const DISCARD_SLOTS: usize = KEEP_COAL_MAX + 2;
/// First purchase.
pub const BUY: usize = DISCARD + PLANTS_N * DISCARD_SLOTS;
/// First build.
pub const BUILD: usize = BUY + 4 * AMOUNT_MAX;
/// First power choice.
pub const POWER: usize = BUILD + CITIES;
/// Done.
pub const DONE: usize = POWER + (1 << POWER_SLOTS) * (HYBRID_MAX + 1);
/// Number of action indices.
pub const ACTIONS: usize = DONE + 1;
/// Length of an observation.
pub const OBSERVATION: usize = 925;

/// The greatest storage four plants of the matching kinds give (each stores twice its fuel).
const fn top3_storage(coal: bool, oil: bool, garbage: bool, uranium: bool, hybrid: bool) -> usize {
    let mut best = [0u8; 4];
    let mut i = 0;
    while i < PLANTS.len() {
        let p = PLANTS[i];
        let fits = match p.kind {
            PlantKind::Coal => coal,
            PlantKind::Oil => oil,
            PlantKind::Garbage => garbage,
            PlantKind::Uranium => uranium,
            PlantKind::Hybrid => hybrid,
            PlantKind::Eco | PlantKind::Fusion => false,
        };
        if fits {
            let mut v = p.fuel;
            let mut j = 0;
            while j < 4 {
                if v > best[j] {
                    let t = best[j];
                    best[j] = v;
                    v = t;
                }
                j += 1;
            }
        }
        i += 1;
    }
    (best[0] + best[1] + best[2] + best[3]) as usize
}

// The bounds above are what the plant table allows; a new table would fail to compile here.
const _: () = assert!(2 * top3_storage(true, false, false, false, true) <= KEEP_COAL_MAX);
const _: () = assert!(2 * top3_storage(true, false, false, false, true) <= AMOUNT_MAX);
const _: () = assert!(2 * top3_storage(false, true, false, false, true) <= AMOUNT_MAX);
const _: () = assert!(2 * top3_storage(false, false, true, false, false) <= AMOUNT_MAX);
const _: () = assert!(2 * top3_storage(false, false, false, true, false) <= AMOUNT_MAX);
const _: () = assert!(top3_storage(false, false, false, false, true) <= HYBRID_MAX);
const _: () = assert!(DONE == 2767 && OBSERVATION == 919 + 6);

/// A plant's position in the card list.
fn plant_index(p: PlantId) -> Option<usize> {
    PLANTS.iter().position(|s| s.number == p.0)
}

fn resource_index(r: Resource) -> usize {
    Resource::ALL.iter().position(|&x| x == r).unwrap_or(0)
}

fn map_index(m: MapId) -> usize {
    MapId::ALL.iter().position(|&x| x == m).unwrap_or(0)
}

fn city_at(map: MapId, local: usize) -> Option<CityId> {
    map.map().city_ids().nth(local)
}

thread_local! {
    static LEGAL: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
}

impl Encoded for State {
    const ACTIONS: usize = ACTIONS;
    const OBSERVATION: usize = OBSERVATION;
    /// Six plants times the bids and a pass; every other phase lists fewer (at most 160
    /// power choices, 97 purchases, 100 discards).
    const MAX_LEGAL: usize = 6 * BIDS + 1;
    const MAX_SEATS: usize = 6;

    fn encode(&self, action: &Action) -> Option<usize> {
        let seat = self.actor().seat()?;
        Some(match *action {
            Action::StartAuction { plant, bid } => {
                let k = usize::try_from(bid.checked_sub(u32::from(plant.0))?).ok()?;
                (k < BIDS).then_some(())?;
                START + plant_index(plant)? * BIDS + k
            }
            Action::Bid { amount } => {
                let j = amount.checked_sub(self.high_bid()? + 1)? as usize;
                (j < BIDS).then_some(())?;
                RAISE + j
            }
            Action::Pass => PASS,
            Action::Discard { plant, keep_coal } => {
                let s = match keep_coal {
                    None => 0,
                    Some(c) if usize::from(c) <= KEEP_COAL_MAX => 1 + usize::from(c),
                    Some(_) => return None,
                };
                DISCARD + plant_index(plant)? * DISCARD_SLOTS + s
            }
            Action::Buy { resource, amount } => {
                let n = usize::from(amount);
                (1..=AMOUNT_MAX).contains(&n).then_some(())?;
                BUY + resource_index(resource) * AMOUNT_MAX + n - 1
            }
            Action::Build { city } => {
                (city.map() == self.board().map_id()).then_some(())?;
                BUILD + city.local()
            }
            Action::Power {
                plants,
                hybrid_coal,
            } => {
                let mine = self.plants(seat);
                let mut m = 0;
                for p in plants.iter() {
                    let slot = mine.iter().position(|&q| q == p)?;
                    (slot < POWER_SLOTS).then_some(())?;
                    m |= 1 << slot;
                }
                let h = usize::from(hybrid_coal);
                (h <= HYBRID_MAX).then_some(())?;
                POWER + m * (HYBRID_MAX + 1) + h
            }
            Action::Done => DONE,
        })
    }

    fn decode(&self, index: usize) -> Option<Action> {
        let seat = self.actor().seat()?;
        Some(if index < RAISE {
            let spec = PLANTS[index / BIDS];
            Action::StartAuction {
                plant: PlantId(spec.number),
                bid: u32::from(spec.number) + (index % BIDS) as u32,
            }
        } else if index < PASS {
            Action::Bid {
                amount: self.high_bid()? + 1 + (index - RAISE) as u32,
            }
        } else if index == PASS {
            Action::Pass
        } else if index < BUY {
            let i = index - DISCARD;
            Action::Discard {
                plant: PlantId(PLANTS[i / DISCARD_SLOTS].number),
                keep_coal: match i % DISCARD_SLOTS {
                    0 => None,
                    s => Some((s - 1) as u8),
                },
            }
        } else if index < BUILD {
            let i = index - BUY;
            Action::Buy {
                resource: Resource::ALL[i / AMOUNT_MAX],
                amount: (i % AMOUNT_MAX + 1) as u8,
            }
        } else if index < POWER {
            Action::Build {
                city: city_at(self.board().map_id(), index - BUILD)?,
            }
        } else if index < DONE {
            let i = index - POWER;
            let (m, h) = (i / (HYBRID_MAX + 1), i % (HYBRID_MAX + 1));
            let mine = self.plants(seat);
            let mut plants = PlantSet::EMPTY;
            for (slot, &p) in mine.iter().enumerate().take(POWER_SLOTS) {
                if m & (1 << slot) != 0 {
                    plants.insert(p);
                }
            }
            if plants.len() != m.count_ones() as usize {
                return None;
            }
            Action::Power {
                plants,
                hybrid_coal: h as u8,
            }
        } else if index == DONE {
            Action::Done
        } else {
            return None;
        })
    }

    fn legal_indices(&self, out: &mut Vec<u32>) {
        out.clear();
        LEGAL.with_borrow_mut(|legal| {
            self.legal_actions_limited(legal, BIDS as u32);
            out.extend(
                legal
                    .iter()
                    .filter_map(|a| self.encode(a))
                    .map(|i| i as u32),
            );
        });
        out.sort_unstable();
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let view = self.view(Viewer::Seat(seat));
        write_observation(&view, self.board(), seat, &mut out[..OBSERVATION]);
    }

    fn returns(&self, out: &mut [f32]) {
        out.fill(0.0);
        if let Some(outcome) = self.outcome() {
            for w in outcome.winners {
                if let Some(r) = out.get_mut(w.index()) {
                    *r = 1.0;
                }
            }
        }
    }
}

/// Writes the observation of `viewer` from its view (see the module docs for the layout).
pub fn write_observation(view: &View, board: &Board, viewer: Seat, out: &mut [f32]) {
    out.fill(0.0);
    let n = view.players.len();
    let rel = |s: Seat| relative(s, viewer, n);
    one_hot(&mut out[0..5], n.saturating_sub(2));
    one_hot(&mut out[5..7], map_index(view.map));
    out[7] = f32::from(view.round) / 20.0;
    one_hot(&mut out[8..11], usize::from(view.step.saturating_sub(1)));
    let phase = match view.phase {
        PhaseKind::Auction => 0,
        PhaseKind::Resources => 1,
        PhaseKind::Building => 2,
        PhaseKind::Bureaucracy => 3,
        PhaseKind::GameOver => 4,
    };
    one_hot(&mut out[11..16], phase);
    out[16] = f32::from(u8::from(view.public_money));
    out[17] = f32::from(u8::from(view.step3_pending));
    out[18] = f32::from(u8::from(view.step3_card_in_market));
    out[19] = view.deck_size as f32 / 42.0;
    if let Actor::Seat(s) = view.actor {
        one_hot(&mut out[20..26], rel(s));
    }
    for (place, &s) in view.turn_order.iter().enumerate() {
        if let Some(x) = out[26..32].get_mut(rel(s)) {
            *x = place as f32 / 5.0;
        }
    }
    for p in &view.players {
        let r = rel(p.seat);
        if r >= 6 {
            continue;
        }
        let o = &mut out[32 + r * 11..32 + r * 11 + 11];
        if let Some(m) = p.money {
            o[0] = m as f32 / 100.0;
            o[1] = 1.0;
        }
        o[2] = p.cities.len() as f32 / 22.0;
        o[3] = f32::from(p.houses_left) / 22.0;
        for (k, res) in Resource::ALL.iter().enumerate() {
            o[4 + k] = f32::from(p.resources[*res]) / 24.0;
        }
        o[8] = p.plants.len() as f32 / 4.0;
        o[9] = f32::from(u8::from(view.auction_done.contains(&p.seat)));
        o[10] = f32::from(u8::from(view.auction_bought.contains(&p.seat)));
        for &plant in &p.plants {
            if let Some(i) = plant_index(plant) {
                out[98 + i * 10 + r] = 1.0;
            }
        }
        for c in &p.cities {
            out[667 + c.local() * 6 + r] = 1.0;
        }
    }
    let mut mark = |plants: &[PlantId], slot: usize| {
        for &plant in plants {
            if let Some(i) = plant_index(plant) {
                out[98 + i * 10 + slot] = 1.0;
            }
        }
    };
    mark(&view.current_market, 6);
    mark(&view.future_market, 7);
    mark(&view.removed_plants, 8);
    mark(&view.under_step3_card, 9);
    if let Some(a) = &view.auction {
        if let Some(i) = plant_index(a.plant) {
            out[518 + i] = 1.0;
        }
        out[560] = 1.0;
        out[561] = a.high_bid as f32 / 100.0;
        one_hot(&mut out[562..568], rel(a.high_bidder));
        for &s in &a.bidders {
            one_hot(&mut out[568..574], rel(s));
        }
    }
    if let Some((_, plant)) = view.pending_discard {
        out[574] = 1.0;
        if let Some(i) = plant_index(plant) {
            out[575 + i] = 1.0;
        }
    }
    for (k, res) in Resource::ALL.iter().enumerate() {
        out[617 + k] = f32::from(view.resource_market[*res]) / 24.0;
        out[621 + k] = f32::from(view.supply[*res]) / 24.0;
    }
    for c in board.cities() {
        out[625 + c.local()] = 1.0;
    }
    if let Some(standings) = &view.standings {
        for s in standings.iter().filter(|s| s.rank == 1) {
            one_hot(&mut out[919..925], rel(s.seat));
        }
    }
}
