//! The rule numbers as one public value: the plant cards, the resource market's price track,
//! the payment table, the house prices and the player-count table with its refill rows.
//!
//! Decisions:
//! - [`RuleTables`] is assembled from the tables the engine itself plays by ([`PLANTS`],
//!   [`Resource::place_prices`], [`PAYMENT`], [`refill`], [`player_count_rules`],
//!   [`HOUSE_PRICES`]), never written out a second time, so what a client is told cannot drift
//!   from what the engine charges and pays. The server serves it as
//!   `/assets/powergrid/rules.json` for the page's previews; it is also what an external bot
//!   needs to plan without re-deriving a rule.
//! - Its serde form is the wire format: field names are stable, and the page reads `plants`,
//!   `place_prices`, `payment` and `city_place_prices` by name.
//! - The house prices live here, not in the building phase, because bots and the page price
//!   houses too: [`house_price`] is the one definition the building phase charges by.
//! - [`StaticData`] is everything a player needs to plan that no view carries: these tables,
//!   the board (serialised in its file's layout, [`crate::MapId::json`]) and what of it one
//!   game plays on. It is one value for every reader: the bot protocol sends it in `start`,
//!   the Python package returns it (`tabletop.powergrid.static_data`).

use crate::map::{CityId, Map, MapId, Region};
use crate::plants::{PlantSpec, PLANTS};
use crate::resources::{
    player_count_rules, refill, ByResource, PlayerCountRules, Resource, PAYMENT,
};
use crate::state::{HOUSES, STARTING_MONEY};
use serde::Serialize;

/// `HOUSE_PRICES[n]`: the place price of a house in a city where `n` houses already stand.
pub const HOUSE_PRICES: [u32; 3] = [10, 15, 20];

/// The place price of a house in a city where `occupied` houses already stand: 10, 15 or 20
/// Elektro for the city's first, second or third house. The connection cost is paid on top.
///
/// ```
/// assert_eq!(powergrid::house_price(0), 10);
/// assert_eq!(powergrid::house_price(2), 20);
/// ```
pub const fn house_price(occupied: u8) -> u32 {
    let i = if occupied < 2 { occupied as usize } else { 2 };
    HOUSE_PRICES[i]
}

/// Every rule number a client needs to price and plan moves (see the module docs). Built by
/// [`rule_tables`]; serialises to the JSON the page and external bots read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleTables {
    /// Every power plant card in number order: `number` (also its minimum price), `kind`
    /// (what it burns), `fuel` (tokens one run burns, 0 for eco and fusion) and `cities` (cities
    /// one run powers).
    pub plants: &'static [PlantSpec],
    /// For each resource, the price of each place of its market track, cheapest first (24
    /// places for coal, oil and garbage, 12 for uranium). The market holds tokens on its most
    /// expensive places; a purchase takes the cheapest tokens present.
    pub place_prices: ByResource<&'static [u8]>,
    /// Tokens of each resource in the game (market, supply and storage together).
    pub resource_totals: ByResource<u8>,
    /// Tokens of each resource in the market when the game starts.
    pub starting_market: ByResource<u8>,
    /// `payment[n]`: Elektro a player earns in bureaucracy for powering `n` cities (0..=20;
    /// more than 20 pay as 20).
    pub payment: [u32; 21],
    /// `city_place_prices[n]`: the place price of a house in a city where `n` houses already
    /// stand ([`HOUSE_PRICES`]); the cheapest connection from the player's network is added.
    pub city_place_prices: [u32; 3],
    /// Houses each player has to build with.
    pub houses: u8,
    /// Elektro each player starts with.
    pub starting_money: u32,
    /// The player-count table, one row for each of 2 to 6 players, in that order.
    pub player_counts: [PlayerCountTable; 5],
}

/// One row of the player-count table, with the resource refill for that many players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerCountTable {
    /// The number of players this row is for.
    pub players: u8,
    /// Regions played, plants removed at setup, the most plants a player may hold (the plant
    /// limit), and the cities one player connects to start Step 2 and to end the game.
    #[serde(flatten)]
    pub rules: PlayerCountRules,
    /// `refill[step - 1]`: tokens of each resource moved from the supply to the market at the
    /// end of a round in Step 1, 2 and 3 (never more than the supply holds).
    pub refill: [ByResource<u8>; 3],
}

/// The rule tables of the game, from the crate's own tables.
///
/// ```
/// let t = powergrid::rule_tables();
/// assert_eq!(t.payment[3], 44);
/// assert_eq!(t.player_counts[0].players, 2);
/// assert_eq!(t.player_counts[0].rules.max_plants, 4);
/// let json = serde_json::to_value(&t).unwrap();
/// assert_eq!(json["city_place_prices"], serde_json::json!([10, 15, 20]));
/// ```
pub fn rule_tables() -> RuleTables {
    RuleTables {
        plants: &PLANTS,
        place_prices: ByResource::from_fn(Resource::place_prices),
        resource_totals: ByResource::from_fn(Resource::total),
        starting_market: crate::resources::STARTING_MARKET,
        payment: PAYMENT,
        city_place_prices: HOUSE_PRICES,
        houses: HOUSES,
        starting_money: STARTING_MONEY,
        player_counts: std::array::from_fn(|i| {
            let players = i as u8 + 2;
            PlayerCountTable {
                players,
                rules: player_count_rules(players).expect("2 to 6 players have a row"),
                refill: std::array::from_fn(|s| refill(players, s as u8 + 1)),
            }
        }),
    }
}

/// A game's static data: the rule tables, the board and the part of it in play (see the
/// module docs). Its JSON form is documented in `docs/bot-protocol.md` ("Static data").
#[derive(Clone, Debug, Serialize)]
pub struct StaticData {
    /// The rule tables ([`rule_tables`]).
    pub rules: RuleTables,
    /// The whole board as printed: regions, cities and every connection with its cost.
    pub map: &'static Map,
    /// The regions this game plays on, in colour order.
    pub regions_in_play: Vec<Region>,
    /// The cities of those regions, in the map's order: a connection counts only when both its
    /// cities are in play.
    pub cities_in_play: Vec<CityId>,
}

/// The static data of a game on `map` with `regions` in play (any regions of the colour set;
/// a game's own are its view's `regions`).
///
/// ```
/// use powergrid::{static_data, MapId, Region};
/// let data = static_data(MapId::Germany, &[Region::Green, Region::Brown, Region::Red]);
/// assert_eq!(data.cities_in_play.len(), 21);
/// let json = serde_json::to_value(&data).unwrap();
/// assert_eq!(json["map"]["connections"][0], serde_json::json!({"a": "flensburg", "b": "kiel", "cost": 4}));
/// assert_eq!(json["regions_in_play"], serde_json::json!(["green", "brown", "red"]));
/// ```
pub fn static_data(map: MapId, regions: &[Region]) -> StaticData {
    let board = map.map();
    let in_play = crate::RegionSet::of(regions);
    StaticData {
        rules: rule_tables(),
        map: board,
        regions_in_play: in_play.iter().collect(),
        cities_in_play: board
            .city_ids()
            .filter(|c| in_play.contains(c.city().region))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    //! The tables checked against the rules file's numbers and against what the engine charges,
    //! and the JSON checked for the fields its readers name.
    use super::*;
    use crate::{MapId, Seat, Setup, State};
    use serde_json::{json, Value};

    fn tables_json() -> Value {
        serde_json::to_value(rule_tables()).unwrap()
    }

    #[test]
    fn houses_cost_10_15_and_20_by_houses_already_in_the_city() {
        assert_eq!(
            (0..=2).map(house_price).collect::<Vec<_>>(),
            [10, 15, 20],
            "rules file, Phase 4"
        );
        // Step 3 allows no fourth house; the price stays the third's.
        assert_eq!(house_price(3), 20);
        // A fresh player's first house costs the place alone, as the engine charges it.
        let state = State::new(Setup::new(3, MapId::Germany, 1)).unwrap();
        let city = state.board().cities().next().unwrap();
        assert_eq!(state.build_cost(Seat(0), city), Ok((0, house_price(0))));
        assert_eq!(tables_json()["city_place_prices"], json!([10, 15, 20]));
    }

    #[test]
    fn income_for_0_to_20_cities_is_the_payment_table() {
        let expected = [
            10, 22, 33, 44, 54, 64, 73, 82, 90, 98, 105, 112, 118, 124, 129, 134, 138, 142, 145,
            148, 150,
        ];
        let payment = tables_json()["payment"].clone();
        for cities in 0..=20u8 {
            let earned = crate::resources::payment(cities);
            assert_eq!(earned, expected[usize::from(cities)], "{cities} cities");
            assert_eq!(
                payment[usize::from(cities)],
                json!(earned),
                "{cities} cities"
            );
        }
    }

    #[test]
    fn plant_13_is_a_wind_plant_powering_one_city_for_nothing() {
        let plants = tables_json()["plants"].clone();
        let p13 = plants
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == 13)
            .unwrap();
        assert_eq!(
            *p13,
            json!({"number": 13, "kind": "eco", "fuel": 0, "cities": 1})
        );
        assert_eq!(plants.as_array().unwrap().len(), 42);
        assert_eq!(
            plants[41],
            json!({"number": 50, "kind": "fusion", "fuel": 0, "cities": 6})
        );
    }

    #[test]
    fn the_market_track_and_its_start() {
        let t = tables_json();
        let coal = t["place_prices"]["coal"].as_array().unwrap();
        assert_eq!(coal.len(), 24);
        assert_eq!((coal[0].clone(), coal[23].clone()), (json!(1), json!(8)));
        assert_eq!(
            t["place_prices"]["uranium"],
            json!([1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16])
        );
        assert_eq!(
            t["starting_market"],
            json!({"coal": 24, "oil": 18, "garbage": 6, "uranium": 2})
        );
        assert_eq!(
            t["resource_totals"],
            json!({"coal": 24, "oil": 24, "garbage": 24, "uranium": 12})
        );
        assert_eq!(
            (t["houses"].clone(), t["starting_money"].clone()),
            (json!(22), json!(50))
        );
    }

    #[test]
    fn each_player_count_row_holds_its_limits_and_refill() {
        let t = tables_json();
        let rows = t["player_counts"].as_array().unwrap();
        assert_eq!(rows.len(), 5);
        // 2 players: 3 regions, 8 plants out, 4 plants held, Step 2 at 10, end at 21.
        assert_eq!(
            rows[0],
            json!({
                "players": 2, "regions": 3, "plants_removed": 8, "max_plants": 4,
                "step2_cities": 10, "end_cities": 21,
                "refill": [
                    {"coal": 3, "oil": 2, "garbage": 1, "uranium": 1},
                    {"coal": 4, "oil": 2, "garbage": 2, "uranium": 1},
                    {"coal": 3, "oil": 4, "garbage": 3, "uranium": 1},
                ],
            })
        );
        // 5 players in Step 2: 7 coal, 5 oil, 3 garbage, 3 uranium.
        assert_eq!(
            rows[3]["refill"][1],
            json!({"coal": 7, "oil": 5, "garbage": 3, "uranium": 3})
        );
        for (row, players) in rows.iter().zip(2u8..) {
            let rules = player_count_rules(players).unwrap();
            assert_eq!(row["players"], json!(players));
            assert_eq!(row["max_plants"], json!(rules.max_plants));
            assert_eq!(row["end_cities"], json!(rules.end_cities));
        }
    }

    #[test]
    fn the_static_data_serialises_the_map_as_its_file() {
        for map in MapId::ALL {
            let file: Value = serde_json::from_str(map.json()).unwrap();
            let data = serde_json::to_value(static_data(map, &Region::ALL)).unwrap();
            assert_eq!(data["map"], file, "{map}");
            assert_eq!(data["rules"], tables_json());
            assert_eq!(data["cities_in_play"].as_array().unwrap().len(), 42);
        }
        // The cities in play are exactly those of the regions in play, whatever their order.
        let state = State::new(Setup::new(3, MapId::Usa, 4)).unwrap();
        let view = state.view(crate::Viewer::Seat(Seat(0)));
        let data = static_data(view.map, &view.regions);
        let board: Vec<_> = state.board().cities().collect();
        assert_eq!(data.cities_in_play, board);
        let mut reversed = view.regions.clone();
        reversed.reverse();
        assert_eq!(
            static_data(view.map, &reversed).regions_in_play,
            data.regions_in_play
        );
    }

    /// The field names are the wire format: a renamed field breaks the page and the bots.
    #[test]
    fn the_json_has_the_documented_fields() {
        let t = tables_json();
        let mut keys: Vec<&str> = t.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = [
            "plants",
            "place_prices",
            "resource_totals",
            "starting_market",
            "payment",
            "city_place_prices",
            "houses",
            "starting_money",
            "player_counts",
        ];
        expected.sort_unstable();
        keys.sort_unstable();
        assert_eq!(keys, expected);
    }
}
