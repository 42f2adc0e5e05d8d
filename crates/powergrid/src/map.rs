//! The two 2004 boards (Germany, USA) and the playing area chosen for one game.
//!
//! Decisions:
//! - The map files `data/germany.json` and `data/usa.json` are embedded in the binary with
//!   `include_str!` and parsed once, on first use; a unit test parses both, and the conformance
//!   tests check them against `shared/data/powergrid/`, so a broken file cannot ship. The files
//!   are also public as they are ([`MapId::json`]): the server sends them to the page, which
//!   draws the board from them, so the repository holds one copy of each map.
//! - [`CityId`] is one number space for both maps (Germany 0..42, USA 42..84), so an action or an
//!   event names a city without knowing the map, and serializes as the city's stable ASCII id
//!   (`"berlin"`, `"frankfurt_main"`). City ids are unique across the two maps.
//! - A [`Board`] is a map restricted to the regions in play, with the all-pairs cheapest-path
//!   table of that area (Floyd–Warshall on 42 nodes). Boards are computed once per process for each
//!   (map, regions) pair and shared by `&'static` reference, so cloning a game state copies no table.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// Cities on each map.
pub const CITIES_PER_MAP: usize = 42;
/// Cost used for "no path" in the distance table.
pub(crate) const UNREACHABLE: u16 = u16::MAX;

/// Which board is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MapId {
    /// The German board (Funkenschlag 2004).
    Germany,
    /// The USA board.
    Usa,
}

impl MapId {
    /// Both maps.
    pub const ALL: [MapId; 2] = [MapId::Germany, MapId::Usa];

    fn index(self) -> usize {
        self as usize
    }

    /// The stable lower-case name used in files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            MapId::Germany => "germany",
            MapId::Usa => "usa",
        }
    }

    /// The map file as embedded (`data/<map>.json`): the map's id and name, its regions, its
    /// cities (stable id, display name, region, drawing position) and its connections (the
    /// two cities' ids and the printed cost). [`MapId::map`] is parsed from it.
    ///
    /// ```
    /// use powergrid::MapId;
    /// let file: serde_json::Value = serde_json::from_str(MapId::Usa.json()).unwrap();
    /// assert_eq!(file["id"], "usa");
    /// assert_eq!(file["cities"].as_array().unwrap().len(), 42);
    /// ```
    pub fn json(self) -> &'static str {
        match self {
            MapId::Germany => include_str!("../data/germany.json"),
            MapId::Usa => include_str!("../data/usa.json"),
        }
    }

    /// The map's data.
    pub fn map(self) -> &'static Map {
        &maps()[self.index()]
    }
}

impl fmt::Display for MapId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for MapId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "germany" => Ok(MapId::Germany),
            "usa" => Ok(MapId::Usa),
            _ => Err(format!("unknown map {s:?} (expected germany or usa)")),
        }
    }
}

/// A region of a board, named by its colour (both boards use the same six colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    /// Green.
    Green,
    /// Brown.
    Brown,
    /// Yellow.
    Yellow,
    /// Red.
    Red,
    /// Cyan.
    Cyan,
    /// Purple.
    Purple,
}

impl Region {
    /// All six regions.
    pub const ALL: [Region; 6] = [
        Region::Green,
        Region::Brown,
        Region::Yellow,
        Region::Red,
        Region::Cyan,
        Region::Purple,
    ];

    pub(crate) fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// The colour's lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Region::Green => "green",
            Region::Brown => "brown",
            Region::Yellow => "yellow",
            Region::Red => "red",
            Region::Cyan => "cyan",
            Region::Purple => "purple",
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Region {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Region::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| format!("unknown region {s:?}"))
    }
}

/// A set of regions, one bit per [`Region`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RegionSet(pub(crate) u8);

impl RegionSet {
    /// The set holding exactly these regions.
    pub fn of(regions: &[Region]) -> RegionSet {
        RegionSet(regions.iter().fold(0, |m, r| m | r.bit()))
    }

    /// Whether `r` is in the set.
    pub fn contains(self, r: Region) -> bool {
        self.0 & r.bit() != 0
    }

    /// How many regions are in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The regions in colour order.
    pub fn iter(self) -> impl Iterator<Item = Region> {
        Region::ALL.into_iter().filter(move |r| self.contains(*r))
    }
}

impl Serialize for RegionSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for RegionSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Region>::deserialize(d)?;
        Ok(RegionSet::of(&v))
    }
}

/// A city on either board. Serializes as the city's ASCII id (`"koeln"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CityId(pub(crate) u8);

impl CityId {
    /// The city with this ASCII id on either map.
    pub fn from_key(key: &str) -> Option<CityId> {
        maps().iter().find_map(|m| m.city_by_key(key))
    }

    /// The map this city belongs to.
    pub fn map(self) -> MapId {
        if (self.0 as usize) < CITIES_PER_MAP {
            MapId::Germany
        } else {
            MapId::Usa
        }
    }

    /// The index of the city within its map (0..42).
    pub fn local(self) -> usize {
        self.0 as usize % CITIES_PER_MAP
    }

    /// The city's data.
    pub fn city(self) -> &'static City {
        &self.map().map().cities[self.local()]
    }

    /// The stable ASCII id.
    pub fn key(self) -> &'static str {
        &self.city().id
    }

    /// The proper display name (`"Lübeck"`).
    pub fn name(self) -> &'static str {
        &self.city().name
    }

    pub(crate) fn from_local(map: MapId, local: usize) -> CityId {
        CityId((map.index() * CITIES_PER_MAP + local) as u8)
    }
}

impl fmt::Display for CityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for CityId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CityId::from_key(s).ok_or_else(|| format!("unknown city {s:?}"))
    }
}

impl Serialize for CityId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for CityId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        CityId::from_key(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown city {s:?}")))
    }
}

/// One city of a board.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct City {
    /// Stable ASCII id.
    pub id: String,
    /// Proper display name.
    pub name: String,
    /// The region it lies in.
    pub region: Region,
    /// Drawing position, x grows eastwards.
    pub x: i32,
    /// Drawing position, y grows southwards.
    pub y: i32,
}

/// A connection between two cities of a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Connection {
    /// One end.
    pub a: CityId,
    /// The other end.
    pub b: CityId,
    /// The cost printed on the board.
    pub cost: u16,
}

/// A whole board as printed.
#[derive(Debug)]
pub struct Map {
    /// Which map.
    pub id: MapId,
    /// Display name.
    pub name: String,
    /// The six regions with their display names.
    pub regions: Vec<(Region, String)>,
    /// The 42 cities; `cities[i]` is the city with local index `i`.
    pub cities: Vec<City>,
    /// Every connection printed on the board.
    pub connections: Vec<Connection>,
    /// For each region (by colour order), the regions bordering it, as a bit set.
    pub(crate) region_neighbours: [u8; 6],
}

/// The map file's layout ([`MapId::json`]): id, name, regions as `{"id", "name"}`, cities,
/// connections as `{"a", "b", "cost"}`.
impl Serialize for Map {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct RegionName<'a> {
            id: Region,
            name: &'a str,
        }
        #[derive(Serialize)]
        struct File<'a> {
            id: MapId,
            name: &'a str,
            regions: Vec<RegionName<'a>>,
            cities: &'a [City],
            connections: &'a [Connection],
        }
        File {
            id: self.id,
            name: &self.name,
            regions: (self.regions.iter())
                .map(|(id, name)| RegionName { id: *id, name })
                .collect(),
            cities: &self.cities,
            connections: &self.connections,
        }
        .serialize(s)
    }
}

impl Map {
    /// The city with this ASCII id on this map.
    pub fn city_by_key(&self, key: &str) -> Option<CityId> {
        self.cities
            .iter()
            .position(|c| c.id == key)
            .map(|i| CityId::from_local(self.id, i))
    }

    /// Every city of the map.
    pub fn city_ids(&self) -> impl Iterator<Item = CityId> + '_ {
        (0..self.cities.len()).map(|i| CityId::from_local(self.id, i))
    }

    /// Whether the regions form one connected area through borders between chosen regions.
    pub fn regions_connected(&self, set: RegionSet) -> bool {
        let Some(first) = set.iter().next() else {
            return false;
        };
        let mut seen = first.bit();
        loop {
            let mut grown = seen;
            for r in set.iter() {
                if seen & r.bit() != 0 {
                    grown |= self.region_neighbours[r as usize] & set.0;
                }
            }
            if grown == seen {
                return seen == set.0;
            }
            seen = grown;
        }
    }

    /// Every connected set of `count` regions, in increasing bit order.
    pub fn connected_region_sets(&self, count: usize) -> Vec<RegionSet> {
        (1u8..64)
            .map(RegionSet)
            .filter(|s| s.len() == count && self.regions_connected(*s))
            .collect()
    }
}

#[derive(Deserialize)]
struct MapFile {
    id: MapId,
    name: String,
    regions: Vec<RegionFile>,
    cities: Vec<City>,
    connections: Vec<ConnectionFile>,
}

#[derive(Deserialize)]
struct RegionFile {
    id: Region,
    name: String,
}

#[derive(Deserialize)]
struct ConnectionFile {
    a: String,
    b: String,
    cost: u16,
}

fn parse_map(text: &str, expected: MapId) -> Map {
    // The embedded files are part of the source; a unit test parses both, so these cannot fail
    // in a tested build.
    let file: MapFile = serde_json::from_str(text).expect("embedded map file parses");
    assert_eq!(file.id, expected, "embedded map file has the wrong id");
    assert_eq!(file.cities.len(), CITIES_PER_MAP, "a map has 42 cities");
    let index = |key: &str| {
        file.cities
            .iter()
            .position(|c| c.id == key)
            .unwrap_or_else(|| panic!("connection names unknown city {key}"))
    };
    let mut region_neighbours = [0u8; 6];
    let connections = file
        .connections
        .iter()
        .map(|c| {
            let (a, b) = (index(&c.a), index(&c.b));
            let (ra, rb) = (file.cities[a].region, file.cities[b].region);
            if ra != rb {
                region_neighbours[ra as usize] |= rb.bit();
                region_neighbours[rb as usize] |= ra.bit();
            }
            Connection {
                a: CityId::from_local(expected, a),
                b: CityId::from_local(expected, b),
                cost: c.cost,
            }
        })
        .collect();
    Map {
        id: file.id,
        name: file.name,
        regions: file.regions.into_iter().map(|r| (r.id, r.name)).collect(),
        cities: file.cities,
        connections,
        region_neighbours,
    }
}

fn maps() -> &'static [Map; 2] {
    static MAPS: OnceLock<[Map; 2]> = OnceLock::new();
    MAPS.get_or_init(|| {
        [
            parse_map(MapId::Germany.json(), MapId::Germany),
            parse_map(MapId::Usa.json(), MapId::Usa),
        ]
    })
}

/// A map restricted to the regions in play, with its cheapest-path table.
#[derive(Debug)]
pub struct Board {
    /// The map.
    pub map: &'static Map,
    /// The regions in play.
    pub regions: RegionSet,
    /// Local indices of the cities in play, as a bit set.
    pub(crate) in_play: u64,
    /// `dist[a][b]`: cheapest connection cost from local city `a` to `b` using only cities in
    /// play ([`UNREACHABLE`] if none).
    pub(crate) dist: [[u16; CITIES_PER_MAP]; CITIES_PER_MAP],
    /// Direct connection costs inside the area (for path queries), [`UNREACHABLE`] if none.
    pub(crate) edge: [[u16; CITIES_PER_MAP]; CITIES_PER_MAP],
}

impl Board {
    /// The shared board for a map and a set of regions (computed on first use).
    pub fn get(map: MapId, regions: RegionSet) -> &'static Board {
        static BOARDS: [[OnceLock<Board>; 64]; 2] = [const { [const { OnceLock::new() }; 64] }; 2];
        BOARDS[map.index()][regions.0 as usize & 63].get_or_init(|| Board::build(map, regions))
    }

    #[allow(clippy::needless_range_loop)] // Floyd–Warshall reads clearer with indices.
    fn build(map_id: MapId, regions: RegionSet) -> Board {
        let map = map_id.map();
        let mut in_play = 0u64;
        for (i, c) in map.cities.iter().enumerate() {
            if regions.contains(c.region) {
                in_play |= 1 << i;
            }
        }
        let mut edge = [[UNREACHABLE; CITIES_PER_MAP]; CITIES_PER_MAP];
        for c in &map.connections {
            let (a, b) = (c.a.local(), c.b.local());
            if in_play & (1 << a) != 0 && in_play & (1 << b) != 0 {
                edge[a][b] = edge[a][b].min(c.cost);
                edge[b][a] = edge[b][a].min(c.cost);
            }
        }
        let mut dist = edge;
        for (i, row) in dist.iter_mut().enumerate() {
            if in_play & (1 << i) != 0 {
                row[i] = 0;
            }
        }
        for k in 0..CITIES_PER_MAP {
            for i in 0..CITIES_PER_MAP {
                let dik = dist[i][k];
                if dik == UNREACHABLE {
                    continue;
                }
                for j in 0..CITIES_PER_MAP {
                    let dkj = dist[k][j];
                    if dkj != UNREACHABLE && dik + dkj < dist[i][j] {
                        dist[i][j] = dik + dkj;
                    }
                }
            }
        }
        Board {
            map,
            regions,
            in_play,
            dist,
            edge,
        }
    }

    /// Which map.
    pub fn map_id(&self) -> MapId {
        self.map.id
    }

    /// Whether the city is in play on this board.
    pub fn in_play(&self, city: CityId) -> bool {
        city.map() == self.map.id && self.in_play & (1 << city.local()) != 0
    }

    /// The cities in play as a bit set, one bit per local index ([`CityId::local`]).
    pub fn in_play_set(&self) -> u64 {
        self.in_play
    }

    /// The city at local index `local` of this board's map, if it is in play.
    pub fn city_in_play(&self, local: usize) -> Option<CityId> {
        (local < CITIES_PER_MAP && self.in_play & (1 << local) != 0)
            .then(|| CityId::from_local(self.map.id, local))
    }

    /// Every city in play.
    pub fn cities(&self) -> impl Iterator<Item = CityId> + '_ {
        self.map.city_ids().filter(|c| self.in_play(*c))
    }

    /// Cheapest connection cost between two cities in play, through cities in play.
    pub fn distance(&self, a: CityId, b: CityId) -> Option<u16> {
        if !self.in_play(a) || !self.in_play(b) {
            return None;
        }
        let d = self.dist[a.local()][b.local()];
        (d != UNREACHABLE).then_some(d)
    }

    /// [`Board::distance`] from `city` to every city of the map, by local index, with
    /// `u16::MAX` where it is `None` (the other city out of play or unreachable, or `city`
    /// itself out of play): one row for a caller that relaxes costs over a whole map.
    pub fn distance_row(&self, city: CityId) -> &[u16; CITIES_PER_MAP] {
        const NONE: [u16; CITIES_PER_MAP] = [UNREACHABLE; CITIES_PER_MAP];
        if self.in_play(city) {
            // Only cities in play are joined, and a city out of play is not even at 0 from
            // itself, so every entry involving one is already unreachable.
            &self.dist[city.local()]
        } else {
            &NONE
        }
    }

    /// The cities in play that `city` connects to for at most `cost` Elektro (itself
    /// included), one bit per index on the map; none when `city` is not in play.
    pub fn within(&self, city: CityId, cost: u16) -> u64 {
        if !self.in_play(city) {
            return 0;
        }
        self.dist[city.local()]
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d <= cost && d != UNREACHABLE)
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// The connection cost printed between two cities, if both are in play and joined directly.
    pub fn connection_cost(&self, a: CityId, b: CityId) -> Option<u16> {
        if !self.in_play(a) || !self.in_play(b) {
            return None;
        }
        let d = self.edge[a.local()][b.local()];
        (d != UNREACHABLE).then_some(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `within` lists exactly the cities in play that `distance` puts within the cost.
    #[test]
    fn within_lists_the_cities_distance_puts_in_reach() {
        for m in MapId::ALL {
            for regions in [RegionSet(0b11), RegionSet(0b111_000), RegionSet(0b111_111)] {
                let board = Board::get(m, regions);
                for a in m.map().city_ids() {
                    for cost in [0, 10, 20, 35] {
                        let plain = m
                            .map()
                            .city_ids()
                            .filter(|&b| board.distance(a, b).is_some_and(|d| d <= cost))
                            .fold(0u64, |bits, b| bits | 1 << b.local());
                        assert_eq!(board.within(a, cost), plain, "{} within {cost}", a.key());
                    }
                }
            }
        }
    }

    /// A distance row is `distance` to every city, `u16::MAX` for none, cities of the other
    /// map and out of play included.
    #[test]
    fn a_distance_row_is_distance_to_every_city() {
        for m in MapId::ALL {
            for regions in [RegionSet(0b11), RegionSet(0b111_000), RegionSet(0b111_111)] {
                let board = Board::get(m, regions);
                for other in MapId::ALL {
                    for a in other.map().city_ids() {
                        let row = board.distance_row(a);
                        for b in m.map().city_ids() {
                            let d = board.distance(a, b);
                            assert_eq!(row[b.local()], d.unwrap_or(u16::MAX), "{a} {b}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn both_maps_parse_with_42_cities_and_unique_keys() {
        for m in MapId::ALL {
            let map = m.map();
            assert_eq!(map.cities.len(), 42);
            for id in map.city_ids() {
                assert_eq!(CityId::from_key(id.key()), Some(id));
                assert_eq!(id.map(), m);
            }
        }
        assert_eq!(MapId::Germany.map().connections.len(), 83);
        assert_eq!(MapId::Usa.map().connections.len(), 87);
    }

    #[test]
    fn every_connected_region_set_gives_a_connected_area() {
        for m in MapId::ALL {
            for k in 1..=6 {
                for set in m.map().connected_region_sets(k) {
                    let board = Board::get(m, set);
                    let cities: Vec<_> = board.cities().collect();
                    assert_eq!(cities.len(), 7 * k);
                    for &a in &cities {
                        for &b in &cities {
                            assert!(board.distance(a, b).is_some(), "{m} {set:?} {a}->{b}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn germany_region_borders_match_the_board() {
        use Region::*;
        let map = MapId::Germany.map();
        // NW-NE, NW-E, NW-W, NE-E, E-W, E-SW, E-SE, W-SW, SW-SE (shared/data SOURCES.md).
        let pairs = [
            (Green, Brown),
            (Green, Yellow),
            (Green, Red),
            (Brown, Yellow),
            (Yellow, Red),
            (Yellow, Cyan),
            (Yellow, Purple),
            (Red, Cyan),
            (Cyan, Purple),
        ];
        let mut expected = [0u8; 6];
        for (a, b) in pairs {
            expected[a as usize] |= b.bit();
            expected[b as usize] |= a.bit();
        }
        assert_eq!(map.region_neighbours, expected);
        assert!(!map.regions_connected(RegionSet::of(&[Green, Purple])));
        assert!(map.regions_connected(RegionSet::of(&[Green, Yellow, Purple])));
    }
}
