//! The crate's own maps and tables checked against the shared reference data
//! (`shared/data/powergrid/`). `shared/` lies beside the workspace in CI; locally it may be
//! higher up, so the test looks in the workspace root's parent and its ancestors (or in
//! `$TABLETOP_SHARED`). A missing directory fails the test: it never skips.

use powergrid::plants::PLANTS;
use powergrid::resources::{payment, player_count_rules, refill, STARTING_MARKET};
use powergrid::{Board, CityId, MapId, PlantKind, Region, RegionSet, Resource};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn shared_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("TABLETOP_SHARED") {
        return PathBuf::from(dir);
    }
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = workspace.canonicalize().expect("workspace root");
    for dir in workspace.ancestors().skip(1) {
        let candidate = dir.join("shared");
        if candidate.join("data/powergrid").is_dir() {
            return candidate;
        }
    }
    panic!(
        "shared/data/powergrid not found beside {} or above it (set TABLETOP_SHARED)",
        workspace.display()
    );
}

fn load(name: &str) -> Value {
    let path = shared_dir().join("data/powergrid").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// The reference files spell some names without diacritics or with typos.
fn normalise(name: &str) -> String {
    let name = match name {
        "Frankfurt-O" => "Frankfurt (Oder)",
        "Frankfurt-M" => "Frankfurt (Main)",
        "Knoxvile" => "Knoxville",
        "Jacksonvile" => "Jacksonville",
        other => other,
    };
    name.chars()
        .map(|c| match c {
            'ü' => 'u',
            'ö' => 'o',
            'ä' => 'a',
            c => c,
        })
        .collect()
}

fn check_map(map: MapId, file: &str, connections: usize) {
    let reference = load(file);
    let ours = map.map();
    let cities = reference["cities"].as_array().unwrap();
    assert_eq!(cities.len(), 42);
    assert_eq!(ours.cities.len(), 42);
    let mut by_name: BTreeMap<String, &powergrid::map::City> = BTreeMap::new();
    for c in &ours.cities {
        by_name.insert(normalise(&c.name), c);
        assert!(c.id.is_ascii(), "{} id is not ASCII", c.id);
    }
    let mut regions: BTreeMap<String, usize> = BTreeMap::new();
    for c in cities {
        let name = normalise(c["name"].as_str().unwrap());
        let ours = by_name
            .get(&name)
            .unwrap_or_else(|| panic!("{map}: no city {name}"));
        assert_eq!(
            ours.region.as_str(),
            c["region"].as_str().unwrap(),
            "{name}"
        );
        *regions.entry(ours.region.to_string()).or_default() += 1;
    }
    assert_eq!(regions.len(), 6);
    assert!(regions.values().all(|&n| n == 7), "{regions:?}");

    let key = |name: &str| -> CityId {
        let c = by_name[&normalise(name)];
        CityId::from_key(&c.id).unwrap()
    };
    let reference_edges: BTreeSet<(CityId, CityId, u16)> = reference["connections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let (a, b) = (key(e["a"].as_str().unwrap()), key(e["b"].as_str().unwrap()));
            (a.min(b), a.max(b), e["cost"].as_u64().unwrap() as u16)
        })
        .collect();
    let our_edges: BTreeSet<(CityId, CityId, u16)> = ours
        .connections
        .iter()
        .map(|c| (c.a.min(c.b), c.a.max(c.b), c.cost))
        .collect();
    assert_eq!(reference_edges.len(), connections);
    assert_eq!(our_edges, reference_edges, "{map}: connections differ");
}

#[test]
fn germany_matches_the_reference_board() {
    check_map(MapId::Germany, "boardgamers_germany_original.json", 83);
    // Sanity facts from the rules file.
    let board = Board::get(MapId::Germany, RegionSet::of(&Region::ALL));
    let c = |k: &str| CityId::from_key(k).unwrap();
    assert_eq!(board.connection_cost(c("fulda"), c("erfurt")), Some(13));
    assert_eq!(board.connection_cost(c("erfurt"), c("halle")), Some(6));
    assert_eq!(board.connection_cost(c("halle"), c("berlin")), Some(17));
    assert_eq!(
        board.connection_cost(c("wuerzburg"), c("nuernberg")),
        Some(8)
    );
    assert_eq!(c("luebeck").name(), "Lübeck");
    assert_eq!(c("frankfurt_main").name(), "Frankfurt (Main)");
}

#[test]
fn usa_matches_the_reference_board() {
    check_map(MapId::Usa, "boardgamers_usa_original.json", 87);
}

#[test]
fn tables_match_the_reference_tables() {
    let t = load("boardgamers_rules_tables.json");
    let plants = t["power_plants"].as_array().unwrap();
    let reference: Vec<_> = plants
        .iter()
        .filter(|p| p["number"].as_u64().unwrap() != 99)
        .collect();
    assert_eq!(reference.len(), 42);
    for (ours, theirs) in PLANTS.iter().zip(&reference) {
        assert_eq!(ours.number as u64, theirs["number"].as_u64().unwrap());
        let kind = match theirs["type"].as_str().unwrap() {
            "coal" => PlantKind::Coal,
            "oil" => PlantKind::Oil,
            "hybrid" => PlantKind::Hybrid,
            "garbage" => PlantKind::Garbage,
            "uranium" => PlantKind::Uranium,
            "wind" => PlantKind::Eco,
            "nuclear" => PlantKind::Fusion,
            other => panic!("unknown plant type {other}"),
        };
        assert_eq!(ours.kind, kind, "plant {}", ours.number);
        assert_eq!(ours.fuel as u64, theirs["fuel"].as_u64().unwrap());
        assert_eq!(ours.cities as u64, theirs["cities"].as_u64().unwrap());
    }
    let income = t["income_by_cities_powered_0to21"].as_array().unwrap();
    for (n, v) in income.iter().enumerate() {
        assert_eq!(payment(n as u8) as u64, v.as_u64().unwrap(), "{n} cities");
    }
    let resupply = &t["resupply_by_players_2to6_then_step1to3"];
    for players in 2..=6u8 {
        for step in 1..=3u8 {
            let ours = refill(players, step);
            for r in Resource::ALL {
                let v = resupply[r.as_str()][(players - 2) as usize][(step - 1) as usize]
                    .as_u64()
                    .unwrap();
                assert_eq!(ours[r] as u64, v, "{players}p step {step} {r}");
            }
        }
    }
    let counts = &t["players_2to6"];
    for players in 2..=6u8 {
        let i = (players - 2) as usize;
        let ours = player_count_rules(players).unwrap();
        let v = |k: &str| counts[k][i].as_u64().unwrap();
        assert_eq!(ours.regions as u64, v("regions_in_play"));
        assert_eq!(ours.step2_cities as u64, v("cities_to_step2"));
        assert_eq!(ours.end_cities as u64, v("cities_to_end_game"));
        assert_eq!(
            ours.plants_removed as u64,
            v("plants_removed_at_setup_original")
        );
        assert_eq!(ours.max_plants as u64, v("max_plants_held"));
    }
    let start = &t["starting_market_tokens"]["original"];
    for r in Resource::ALL {
        assert_eq!(
            STARTING_MARKET[r] as u64,
            start[r.as_str()].as_u64().unwrap()
        );
    }
    let prices = &t["resource_prices_cheapest_first"];
    for r in Resource::ALL {
        let theirs: Vec<u64> = prices[r.as_str()]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let ours: Vec<u64> = r.place_prices().iter().map(|&p| p as u64).collect();
        assert_eq!(ours, theirs, "{r} prices");
    }
}
