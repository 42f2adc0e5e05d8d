//! The state's invariants, checked after every action by the conformance tests and on every
//! state read from JSON (so a hand-edited or corrupt file is refused, never a panic later), and
//! the state's JSON form.
//!
//! Decision: the JSON form ([`CoreFile`]) is flat, as it was before the phase became data: the
//! phase's name and the fields of every phase side by side (`done`, `bought`, `auction`,
//! `discard`, `cursor`, `standings`), zero or empty where the phase has none. Files and
//! snapshots written before keep loading, and reading one refuses fields that do not belong to
//! its phase.

use crate::event::{PhaseKind, Standing};
use crate::fixed::FixedList;
use crate::map::{MapId, RegionSet};
use crate::phase::{Auction, AuctionPhase, AuctionTurn, PendingDiscard, Phase};
use crate::plants::{FuelNeeds, PlantId, PlantSet};
use crate::resources::{player_count_rules, ByResource, Resource};
use crate::state::{Core, PlayerState, State, HOUSES, STEP3_CARD};
use engine::Seat;
use serde::{Deserialize, Serialize};

impl State {
    /// Checks every invariant of the rules: 24/24/24/12 tokens across market, plants and supply,
    /// each plant card in exactly one place, storage, houses and city limits, the market's order
    /// and size, and the bookkeeping of the current phase.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        check_core(&self.core)
    }
}

/// Most Elektro a player may hold in a state read from a file.
pub const MONEY_LIMIT: u32 = 100_000;

pub(crate) fn check_core(c: &Core) -> Result<(), String> {
    let rules = player_count_rules(c.players).ok_or("player count is not 2 to 6")?;
    let n = c.players as usize;
    if c.seats.len() != n {
        return Err(format!("{} seats for {n} players", c.seats.len()));
    }
    let mut seen = 0u8;
    for s in &c.order {
        if s.index() >= n || seen & (1 << s.0) != 0 {
            return Err(format!("turn order {:?} is not a permutation", c.order));
        }
        seen |= 1 << s.0;
    }
    if c.order.len() != n {
        return Err("turn order misses a seat".into());
    }
    if !(1..=3).contains(&c.step) || c.round == 0 {
        return Err(format!("step {} / round {}", c.step, c.round));
    }
    let map = c.map.map();
    if c.regions.len() != rules.regions as usize || !map.regions_connected(c.regions) {
        return Err("regions are not a connected area of the right size".into());
    }
    let board = crate::map::Board::get(c.map, c.regions);

    // Plant cards: each in exactly one place.
    let mut places = 0u64;
    let mut card_places = 0;
    let mut put = |p: u8, places: &mut u64| -> Result<(), String> {
        if p == STEP3_CARD {
            card_places += 1;
            return Ok(());
        }
        if !PlantId(p).is_card() || *places & (1 << p) != 0 {
            return Err(format!("plant {p} is not a card or is in two places"));
        }
        *places |= 1 << p;
        Ok(())
    };
    for &p in c.market.iter().chain(c.deck.iter()) {
        put(p, &mut places)?;
    }
    for (i, seat) in c.seats.iter().enumerate() {
        let pending = matches!(c.phase, Phase::Auction(AuctionPhase {
            turn: AuctionTurn::Discard(d),
            ..
        }) if d.seat.index() == i);
        let max = rules.max_plants as usize + usize::from(pending);
        if seat.plants.len() > max {
            return Err(format!("seat {i} holds {} plants", seat.plants.len()));
        }
        if !seat.plants.windows(2).all(|w| w[0] < w[1]) {
            return Err(format!("seat {i}'s plants are not sorted"));
        }
        for p in &seat.plants {
            put(p.0, &mut places)?;
        }
    }
    for set in [c.removed_at_setup, c.out_of_game] {
        for p in set.iter() {
            put(p.0, &mut places)?;
        }
    }
    if places.count_ones() != 42 {
        return Err(format!(
            "{} plant cards accounted for, not 42",
            places.count_ones()
        ));
    }
    let card_in_market = c.market.contains(&STEP3_CARD);
    let card_in_deck = c.deck.contains(&STEP3_CARD);
    let card_ok = match (c.step, c.step3_pending) {
        (3, false) => card_places == 0,
        (_, true) => card_places == 0 || (card_in_market && c.phase.kind() == PhaseKind::Auction),
        (_, false) => card_places == 1 && card_in_deck,
    };
    if !card_ok {
        return Err("the Step 3 card is misplaced".into());
    }
    for p in &c.step3_order {
        if !p.is_card() {
            return Err(format!("step 3 order lists {p}"));
        }
    }

    // The market: sorted, no small plants, the right size.
    if !c.market.windows(2).all(|w| w[0] < w[1]) {
        return Err(format!("market {:?} is not sorted", c.market));
    }
    let most = c.seats.iter().map(|s| s.cities()).max().unwrap_or(0);
    if let Some(&low) = c.market.first() {
        if low != STEP3_CARD && low <= most {
            return Err(format!(
                "plant {low} is in the market with {most} cities connected"
            ));
        }
    }
    let six = c.step == 3 || (c.step3_pending && !card_in_market);
    let size = if six { 6 } else { 8 };
    if c.market.len() > size || (c.market.len() < size && !c.deck.is_empty()) {
        return Err(format!(
            "market holds {} cards ({size} expected, deck {})",
            c.market.len(),
            c.deck.len()
        ));
    }

    // Money: a sanity bound far beyond any real game (at most 150 Elektro of income a round),
    // so that a corrupt file cannot ask `legal_actions` to list billions of bids.
    if let Some(seat) = c.seats.iter().position(|s| s.money > MONEY_LIMIT) {
        return Err(format!("seat {seat} holds more than {MONEY_LIMIT} Elektro"));
    }

    // Resources.
    for r in Resource::ALL {
        let held: u32 = c.seats.iter().map(|s| s.resources[r] as u32).sum();
        let total = c.resource_market[r] as u32 + c.supply[r] as u32 + held;
        if total != r.total() as u32 {
            return Err(format!("{total} {r} in the game, not {}", r.total()));
        }
    }
    for (i, seat) in c.seats.iter().enumerate() {
        if !FuelNeeds::of(seat.plants.iter().copied()).can_store(seat.resources) {
            return Err(format!("seat {i} stores more than its plants hold"));
        }
    }

    // Houses.
    let mut occupancy = [0u8; 64];
    for (i, seat) in c.seats.iter().enumerate() {
        if seat.houses & !board.in_play != 0 {
            return Err(format!("seat {i} has a house outside the area"));
        }
        if seat.cities() > HOUSES {
            return Err(format!("seat {i} has {} houses", seat.cities()));
        }
        for (b, o) in occupancy.iter_mut().enumerate() {
            *o += ((seat.houses >> b) & 1) as u8;
        }
    }
    if occupancy.iter().any(|&o| o > c.step) {
        return Err(format!("a city holds more than {} houses", c.step));
    }

    // Phase bookkeeping.
    let all = ((1u16 << n) - 1) as u8;
    match &c.phase {
        Phase::Auction(p) => {
            if p.done & !all != 0 || p.bought & !p.done != 0 {
                return Err("auction bookkeeping".into());
            }
            match p.turn {
                AuctionTurn::Bidding(a) => {
                    let two = a.bidders.count_ones() >= 2;
                    let inside = |s: Seat| s.index() < n && a.bidders & (1 << s.0) != 0;
                    let money = c.seats.get(a.high_bidder.index()).map_or(0, |s| s.money);
                    if !two
                        || a.bidders & !all != 0
                        || a.bidders & p.done != 0
                        || !inside(a.high_bidder)
                        || !inside(a.to_bid)
                        || a.to_bid == a.high_bidder
                        || a.starter.index() >= n
                        || a.high_bid > money
                        || a.high_bid < a.plant.0 as u32
                        || !c.market.contains(&a.plant.0)
                    {
                        return Err(format!("auction {a:?} is inconsistent"));
                    }
                }
                AuctionTurn::Discard(d) => {
                    let ok = c.seats.get(d.seat.index()).is_some_and(|s| {
                        s.plants.len() == rules.max_plants as usize + 1
                            && s.plants.contains(&d.bought)
                    });
                    if !ok {
                        return Err("pending discard is inconsistent".into());
                    }
                }
                AuctionTurn::Open if p.done == all => {
                    return Err("phase 2 is over but did not end".into());
                }
                AuctionTurn::Open => {}
            }
        }
        Phase::Resources { cursor }
        | Phase::Building { cursor }
        | Phase::Bureaucracy { cursor } => {
            if *cursor as usize >= n {
                return Err("turn bookkeeping".into());
            }
        }
        Phase::Over { standings } => {
            if standings.len() != n {
                return Err("final standings missing".into());
            }
        }
    }
    Ok(())
}

/// The state's JSON form (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CoreFile {
    pub players: u8,
    pub map: MapId,
    pub regions: RegionSet,
    pub seed: u64,
    pub public_money: bool,
    pub step3_order: FixedList<PlantId, 42>,
    pub round: u16,
    pub step: u8,
    pub step3_pending: bool,
    pub phase: PhaseKind,
    pub order: FixedList<Seat, 6>,
    pub seats: FixedList<PlayerState, 6>,
    pub market: FixedList<u8, 9>,
    pub deck: FixedList<u8, 43>,
    pub removed_at_setup: PlantSet,
    pub out_of_game: PlantSet,
    pub resource_market: ByResource<u8>,
    pub supply: ByResource<u8>,
    pub done: u8,
    pub bought: u8,
    pub auction: Option<Auction>,
    pub discard: Option<PendingDiscard>,
    pub cursor: u8,
    pub standings: FixedList<Standing, 6>,
}

impl From<Core> for CoreFile {
    fn from(c: Core) -> CoreFile {
        let (mut done, mut bought, mut auction, mut discard, mut cursor) = (0, 0, None, None, 0);
        let mut standings = FixedList::new();
        match c.phase {
            Phase::Auction(p) => {
                (done, bought) = (p.done, p.bought);
                match p.turn {
                    AuctionTurn::Open => {}
                    AuctionTurn::Bidding(a) => auction = Some(a),
                    AuctionTurn::Discard(d) => discard = Some(d),
                }
            }
            Phase::Resources { cursor: k }
            | Phase::Building { cursor: k }
            | Phase::Bureaucracy { cursor: k } => cursor = k,
            Phase::Over { standings: s } => standings = s,
        }
        CoreFile {
            players: c.players,
            map: c.map,
            regions: c.regions,
            seed: c.seed,
            public_money: c.public_money,
            step3_order: c.step3_order,
            round: c.round,
            step: c.step,
            step3_pending: c.step3_pending,
            phase: c.phase.kind(),
            order: c.order,
            seats: c.seats,
            market: c.market,
            deck: c.deck,
            removed_at_setup: c.removed_at_setup,
            out_of_game: c.out_of_game,
            resource_market: c.resource_market,
            supply: c.supply,
            done,
            bought,
            auction,
            discard,
            cursor,
            standings,
        }
    }
}

impl TryFrom<CoreFile> for Core {
    type Error = String;

    /// The state of a flat file, refusing fields that do not belong to its phase.
    fn try_from(f: CoreFile) -> Result<Core, String> {
        let auction_only =
            f.done != 0 || f.bought != 0 || f.auction.is_some() || f.discard.is_some();
        let phase = match f.phase {
            PhaseKind::Auction if f.cursor == 0 && f.standings.is_empty() => {
                let turn = match (f.auction, f.discard) {
                    (None, None) => AuctionTurn::Open,
                    (Some(a), None) => AuctionTurn::Bidding(a),
                    (None, Some(d)) => AuctionTurn::Discard(d),
                    (Some(_), Some(_)) => {
                        return Err("an auction runs while a discard is due".into())
                    }
                };
                Phase::Auction(AuctionPhase {
                    done: f.done,
                    bought: f.bought,
                    turn,
                })
            }
            PhaseKind::Resources | PhaseKind::Building | PhaseKind::Bureaucracy
                if !auction_only && f.standings.is_empty() =>
            {
                let cursor = f.cursor;
                match f.phase {
                    PhaseKind::Resources => Phase::Resources { cursor },
                    PhaseKind::Building => Phase::Building { cursor },
                    _ => Phase::Bureaucracy { cursor },
                }
            }
            PhaseKind::GameOver if !auction_only && f.cursor == 0 => Phase::Over {
                standings: f.standings,
            },
            phase => return Err(format!("fields that {phase} does not have")),
        };
        Ok(Core {
            players: f.players,
            map: f.map,
            regions: f.regions,
            seed: f.seed,
            public_money: f.public_money,
            step3_order: f.step3_order,
            round: f.round,
            step: f.step,
            step3_pending: f.step3_pending,
            phase,
            order: f.order,
            seats: f.seats,
            market: f.market,
            deck: f.deck,
            removed_at_setup: f.removed_at_setup,
            out_of_game: f.out_of_game,
            resource_market: f.resource_market,
            supply: f.supply,
        })
    }
}

impl Serialize for State {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.core.serialize(s)
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let core = Core::deserialize(d)?;
        check_core(&core).map_err(serde::de::Error::custom)?;
        Ok(State::from_core(core))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, MapId, PhaseKind, Setup, State};
    use serde_json::{json, Value};

    /// A 3-player state in `phase`, reached by playing the first legal action each time.
    fn reach(phase: PhaseKind) -> State {
        let mut s = State::new(Setup::new(3, MapId::Germany, 5)).unwrap();
        let mut legal = Vec::new();
        while s.phase() != phase {
            s.legal_actions(&mut legal);
            let a = legal[0];
            s.apply(&a).unwrap();
        }
        s
    }

    fn load(json: Value) -> Result<State, String> {
        serde_json::from_value::<State>(json).map_err(|e| e.to_string())
    }

    #[test]
    fn the_flat_json_form_round_trips_in_every_phase() {
        for phase in [
            PhaseKind::Auction,
            PhaseKind::Resources,
            PhaseKind::Building,
            PhaseKind::Bureaucracy,
        ] {
            let s = reach(phase);
            let json = serde_json::to_value(&s).unwrap();
            assert_eq!(json["phase"], json!(serde_json::to_value(phase).unwrap()));
            assert_eq!(load(json).unwrap(), s);
        }
    }

    #[test]
    fn fields_of_another_phase_are_refused() {
        let mut s = State::new(Setup::new(3, MapId::Germany, 5)).unwrap();
        s.apply(&"auction 3 3".parse::<Action>().unwrap()).unwrap();
        let bidding = serde_json::to_value(&s).unwrap();
        assert!(bidding["auction"].is_object());
        let resources = serde_json::to_value(reach(PhaseKind::Resources)).unwrap();

        let mut j = resources.clone();
        j["auction"] = bidding["auction"].clone();
        assert!(load(j)
            .unwrap_err()
            .contains("phase 3 (buy resources) does not have"));
        let mut j = resources.clone();
        j["done"] = json!(1);
        assert!(load(j).is_err());
        let mut j = resources;
        j["standings"] = json!([]);
        j["phase"] = json!("game_over");
        j["cursor"] = json!(1);
        assert!(load(j)
            .unwrap_err()
            .contains("the end of the game does not have"));

        let mut j = bidding.clone();
        j["cursor"] = json!(2);
        assert!(load(j).is_err());
        let mut j = bidding;
        j["discard"] = json!({"seat": 0, "bought": 3});
        assert!(load(j)
            .unwrap_err()
            .contains("an auction runs while a discard is due"));
    }
}
