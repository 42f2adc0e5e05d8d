//! The pages' data and message catalog are kept true: the Power Grid page reads only fields
//! the rules crate's rule tables have (the server serves them as `/assets/powergrid/rules.json`,
//! built from the crate, and its own tests check that), and the catalogs have a message for
//! every phase, event and piece the pages name from game data.

use std::collections::BTreeSet;
use std::path::PathBuf;

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The names `code` reads from the object `object` (`rules.payment` gives `payment`), skipping
/// longer names that end in `object` and file names such as `/assets/powergrid/rules.json`.
fn fields_read(code: &str, object: &str) -> BTreeSet<String> {
    let pattern = format!("{object}.");
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices(&pattern) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || "_$./".contains(c)) {
            continue;
        }
        let field: String = code[at + pattern.len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        found.insert(field);
    }
    found
}

#[test]
fn the_powergrid_page_reads_only_fields_the_rule_tables_have() {
    let assets = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/assets");
    let page = read(assets.join("powergrid.js"));
    let logic = read(assets.join("powergridlogic.js"));
    let tables = serde_json::to_value(powergrid::rule_tables()).unwrap();
    // The page fetches the tables (`rules`) and hands them to its components (`page.rules`);
    // its pure logic takes them as an argument (`rules`).
    let mut read_by_page = fields_read(&page, "page.rules");
    read_by_page.extend(fields_read(&page, "rules"));
    read_by_page.extend(fields_read(&logic, "rules"));
    assert!(
        read_by_page.contains("payment"),
        "the page's rule fields were not found: {read_by_page:?}"
    );
    for field in &read_by_page {
        assert!(
            tables.get(field).is_some(),
            "the Power Grid page reads rules.{field}, which the rule tables lack"
        );
    }
    // What the page reads inside them: a plant card's numbers, each resource's track, the
    // payment for up to 20 cities, the place price by houses present.
    for plant in tables["plants"].as_array().unwrap() {
        for field in ["number", "kind", "fuel", "cities"] {
            assert!(plant.get(field).is_some(), "plant {plant} lacks {field}");
        }
    }
    for r in powergrid::Resource::ALL {
        assert!(tables["place_prices"][r.as_str()].is_array(), "{r}");
    }
    assert_eq!(tables["payment"].as_array().unwrap().len(), 21);
    for row in tables["player_counts"].as_array().unwrap() {
        assert!(row["players"].is_u64(), "{row}");
        assert_eq!(row["refill"].as_array().unwrap().len(), 3, "{row}");
    }
    assert_eq!(tables["city_place_prices"].as_array().unwrap().len(), 3);
}

#[test]
fn the_field_scanner_finds_reads_and_skips_file_names() {
    let code = "// see /assets/powergrid/rules.json\nconst a = rules.payment[3] + myrules.x + rules.place_prices.coal;";
    let found: Vec<String> = fields_read(code, "rules").into_iter().collect();
    assert_eq!(found, ["payment", "place_prices"]);
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
