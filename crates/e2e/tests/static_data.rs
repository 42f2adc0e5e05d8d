//! The pages' static data and message catalog are kept true: the rule data the Power Grid page
//! uses for previews equals the rules crate's, the maps are the rules crate's map files, and
//! the catalogs have a message for every phase, event and piece the pages name from game data.

use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn assets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/assets")
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn powergrid_rule_data_matches_the_rules_crate() {
    let rules: Value = serde_json::from_str(&read(assets().join("powergrid/rules.json"))).unwrap();
    assert_eq!(
        rules["plants"],
        serde_json::to_value(&powergrid::plants::PLANTS[..]).unwrap()
    );
    for r in powergrid::Resource::ALL {
        assert_eq!(
            rules["place_prices"][r.as_str()],
            json!(r.place_prices()),
            "place prices of {r}"
        );
    }
    assert_eq!(rules["payment"], json!(powergrid::resources::PAYMENT));
    // Place prices by houses already in the city, checked against the engine's build cost: a
    // fresh player's first house costs only the place.
    let mut prices = Vec::new();
    let setup = powergrid::Setup::new(3, powergrid::MapId::Germany, 1);
    let state = powergrid::State::new(setup).unwrap();
    let city = state.board().cities().next().unwrap();
    let (connection, place) = state.build_cost(powergrid::Seat(0), city).unwrap();
    assert_eq!(connection, 0);
    prices.push(place);
    assert_eq!(rules["city_place_prices"][0], json!(prices[0]));
    assert_eq!(rules["city_place_prices"], json!([10, 15, 20]));
}

#[test]
fn powergrid_maps_are_the_rules_crate_files() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../powergrid/data");
    for map in ["germany", "usa"] {
        let ours: Value =
            serde_json::from_str(&read(assets().join(format!("powergrid/{map}.json")))).unwrap();
        let theirs: Value = serde_json::from_str(&read(data.join(format!("{map}.json")))).unwrap();
        assert_eq!(
            ours, theirs,
            "assets/powergrid/{map}.json differs from the rules crate's"
        );
    }
}

/// Every message of the families the pages build from game data (every phase, event, reason,
/// colour, pile and signal) is in the catalogs. (That every message a script names literally
/// exists, in every language, is checked by `cargo test -p server`.)
#[test]
fn every_message_the_pages_build_from_game_data_is_in_the_catalogs() {
    let catalogs = server::catalog::catalogs().expect("the catalogs compile");
    let keys: BTreeSet<String> = catalogs.catalogs[0].variables.keys().cloned().collect();
    // Families the pages build from data: every phase, event, colour, resource, pile, signal.
    for phase in [
        "auction",
        "resources",
        "building",
        "bureaucracy",
        "game_over",
    ] {
        assert!(keys.contains(&format!("pg-phase-{phase}")), "{phase}");
    }
    for ev in [
        "round_started",
        "auction_started",
        "bid",
        "dropped_out",
        "passed_auctions",
        "plant_bought",
        "plant_drawn",
        "step3_card_drawn",
        "deck_shuffled",
        "step3_card_removed",
        "plant_under_deck",
        "step_started",
        "game_ended",
    ] {
        assert!(keys.contains(&format!("pg-ev-{ev}")), "pg-ev-{ev}");
    }
    for reason in [
        "small_plant",
        "no_purchase",
        "step2",
        "step3",
        "bureaucracy",
    ] {
        assert!(keys.contains(&format!("pg-reason-{reason}")), "{reason}");
    }
    for ev in ["turn_ended", "skipped", "turn_started", "won", "lost"] {
        assert!(keys.contains(&format!("tg-ev-{ev}")), "tg-ev-{ev}");
    }
    for seat in 0..6 {
        assert!(keys.contains(&format!("pg-colour-{seat}")));
    }
    for p in ["up1", "up2", "down1", "down2"] {
        assert!(keys.contains(&format!("tg-pile-{p}")));
    }
    for s in ["dont_play", "good_card"] {
        assert!(keys.contains(&format!("tg-signal-{s}")));
        assert!(keys.contains(&format!("tg-signal-send-{s}")));
    }
}
