//! `docs/protocol.md` stays true: every action row parses in both forms to the same action, and
//! every event row's JSON parses and prints as the documented text.

use powergrid::{Action, Event};

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    std::fs::read_to_string(path).expect("docs/protocol.md exists")
}

/// The cells of the table rows between `<!-- name -->` and `<!-- /name -->`, header excluded.
fn rows(doc: &str, name: &str) -> Vec<Vec<String>> {
    let start = doc.find(&format!("<!-- {name} -->")).unwrap();
    let end = doc.find(&format!("<!-- /{name} -->")).unwrap();
    doc[start..end]
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

#[test]
fn every_documented_action_parses_in_both_forms() {
    let rows = rows(&doc(), "actions");
    assert!(rows.len() >= 10);
    for row in rows {
        let from_text: Action = row[0].parse().unwrap_or_else(|e| panic!("{e}"));
        let from_json: Action = serde_json::from_str(&row[1]).unwrap();
        assert_eq!(from_text, from_json, "{row:?}");
        assert_eq!(from_text.to_string(), row[0]);
        assert_eq!(serde_json::to_string(&from_json).unwrap(), row[1]);
    }
}

#[test]
fn every_documented_event_parses_and_reads_as_documented() {
    let rows = rows(&doc(), "events");
    assert!(rows.len() >= 22);
    for row in rows {
        let event: Event = serde_json::from_str(&row[0]).unwrap_or_else(|e| panic!("{row:?}: {e}"));
        assert_eq!(event.to_string(), row[1]);
        assert_eq!(serde_json::to_string(&event).unwrap(), row[0]);
    }
}
