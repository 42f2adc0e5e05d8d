//! The rules pages: `docs/rules/<game>[.<lang>].md`, served with their tables filled in.
//!
//! Decisions:
//! - A rules page names a table by a line of its own, `{{table:NAME}}`, and the server replaces
//!   that line with a Markdown table built from the powergrid crate's [`powergrid::rule_tables`]
//!   (the numbers the engine plays by), so a page cannot disagree with the engine. The tables:
//!   `players` (the player-count table), `market` (the resource market's tokens and place
//!   prices), `houses` (place prices by house), `income` (payment for 0–20 cities powered),
//!   `refill` (resupply by players and Step) and `plants` (every plant card).
//! - Headers and resource or plant-kind names come from the page language's message catalog
//!   (`rules-table-*`, `pg-res-*`, `pg-kind-*`), formatted by Fluent, so a table reads in the
//!   page's language and its words are the glossary's (`docs/translations.md`).
//! - Every page is expanded once, on first use, and kept; an unknown table name or a missing
//!   message is an error that the tests find, answered `unavailable` if it ever reached a server.

use crate::catalog;
use fluent_bundle::{FluentBundle, FluentResource};
use include_dir::{include_dir, Dir};
use powergrid::{PlantKind, Resource};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

pub(crate) static RULES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../docs/rules");

/// Builds one table in the language of the given words.
type BuildTable = fn(&Words) -> Result<String, RulesPageError>;

/// The tables a rules page may name, in the order the Power Grid page shows them.
const TABLES: [(&str, BuildTable); 6] = [
    ("players", players),
    ("market", market),
    ("houses", houses),
    ("income", income),
    ("refill", refill),
    ("plants", plants),
];

/// The catalog messages of the tables' headers all start with this.
pub(crate) const HEADER_PREFIX: &str = "rules-table-";

/// Something that keeps a rules page from being served as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RulesPageError {
    /// A `{{table:NAME}}` line names no table of [`TABLES`].
    #[error("{file}: no table named {name:?}")]
    UnknownTable { file: String, name: String },
    /// A message the tables need is missing from the catalog (or does not format).
    #[error("{lang}: message {id} is missing or does not format")]
    Message { lang: String, id: String },
}

/// Whether `game` has a rules page (`docs/rules/<game>.md`).
pub(crate) fn exists(game: &str) -> bool {
    RULES.get_file(format!("{game}.md")).is_some()
}

/// The rules page `file` (e.g. `powergrid.zh-CN.md`) with its tables filled in, or `None` when
/// there is no such file.
pub(crate) fn page(file: &str) -> Option<Result<&'static str, RulesPageError>> {
    static PAGES: LazyLock<BTreeMap<String, Result<String, RulesPageError>>> =
        LazyLock::new(|| {
            RULES
                .files()
                .filter_map(|f| {
                    let name = f.path().to_str()?.to_owned();
                    let text = f.contents_utf8()?;
                    Some((name.clone(), expand(&name, text)))
                })
                .collect()
        });
    PAGES
        .get(file)
        .map(|page| page.as_ref().map(String::as_str).map_err(Clone::clone))
}

/// The language of a rules file: `<game>.md` is English, `<game>.<lang>.md` is `lang`.
fn language(file: &str) -> &str {
    let stem = file.strip_suffix(".md").unwrap_or(file);
    stem.split_once('.').map_or("en", |(_, lang)| lang)
}

/// `text` with every `{{table:NAME}}` line replaced by that table.
fn expand(file: &str, text: &str) -> Result<String, RulesPageError> {
    let words = Words::new(language(file));
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match table_name(line) {
            Some(name) => {
                let table = table(name, &words).ok_or_else(|| RulesPageError::UnknownTable {
                    file: file.to_owned(),
                    name: name.to_owned(),
                })??;
                out.push_str(&table);
            }
            None => out.push_str(line),
        }
    }
    Ok(out)
}

/// The table a line names, if the line is a placeholder.
pub(crate) fn table_name(line: &str) -> Option<&str> {
    line.trim()
        .strip_prefix("{{table:")
        .and_then(|rest| rest.strip_suffix("}}"))
}

/// One language's catalog, for the tables' words.
struct Words {
    lang: String,
    bundle: Option<FluentBundle<FluentResource>>,
}

impl Words {
    fn new(lang: &str) -> Words {
        let bundle = catalog::source(lang).and_then(|text| {
            let resource = FluentResource::try_new(text.to_owned()).ok()?;
            let langid: unic_langid::LanguageIdentifier = lang.parse().ok()?;
            let mut bundle = FluentBundle::new(vec![langid]);
            bundle.set_use_isolating(false);
            bundle.add_resource(resource).ok()?;
            Some(bundle)
        });
        Words {
            lang: lang.to_owned(),
            bundle,
        }
    }

    /// The text of message `id` (a message without variables).
    fn get(&self, id: &str) -> Result<String, RulesPageError> {
        let missing = || RulesPageError::Message {
            lang: self.lang.clone(),
            id: id.to_owned(),
        };
        let bundle = self.bundle.as_ref().ok_or_else(missing)?;
        let pattern = bundle
            .get_message(id)
            .and_then(|m| m.value())
            .ok_or_else(missing)?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, None, &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(missing())
        }
    }

    fn resource(&self, r: Resource) -> Result<String, RulesPageError> {
        self.get(&format!("pg-res-{}", r.as_str()))
    }

    fn kind(&self, k: PlantKind) -> Result<String, RulesPageError> {
        let name = match k {
            PlantKind::Coal => "coal",
            PlantKind::Oil => "oil",
            PlantKind::Hybrid => "hybrid",
            PlantKind::Garbage => "garbage",
            PlantKind::Uranium => "uranium",
            PlantKind::Eco => "eco",
            PlantKind::Fusion => "fusion",
        };
        self.get(&format!("pg-kind-{name}"))
    }
}

/// A Markdown table: a header row and rows of cells, followed by an empty line.
fn markdown(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let row = |out: &mut String, cells: &[String]| {
        out.push('|');
        for c in cells {
            let _ = write!(out, " {} |", c.replace('|', "/"));
        }
        out.push('\n');
    };
    row(&mut out, header);
    out.push('|');
    out.push_str(&"---|".repeat(header.len()));
    out.push('\n');
    for r in rows {
        row(&mut out, r);
    }
    out
}

/// The table `name` in the language of `words`, or `None` for an unknown name.
fn table(name: &str, words: &Words) -> Option<Result<String, RulesPageError>> {
    let (_, build) = TABLES.iter().find(|(n, _)| *n == name)?;
    Some(build(words))
}

fn headers(words: &Words, ids: &[&str]) -> Result<Vec<String>, RulesPageError> {
    ids.iter()
        .map(|id| words.get(&format!("{HEADER_PREFIX}{id}")))
        .collect()
}

fn players(words: &Words) -> Result<String, RulesPageError> {
    let header = headers(
        words,
        &[
            "players",
            "regions",
            "removed",
            "max-plants",
            "step2",
            "end",
        ],
    )?;
    let rows: Vec<Vec<String>> = powergrid::rule_tables()
        .player_counts
        .iter()
        .map(|row| {
            let r = &row.rules;
            [
                row.players,
                r.regions,
                r.plants_removed,
                r.max_plants,
                r.step2_cities,
                r.end_cities,
            ]
            .map(|n| n.to_string())
            .to_vec()
        })
        .collect();
    Ok(markdown(&header, &rows))
}

/// Prices cheapest first, each price once with the number of places at it (`1×3`).
fn price_track(prices: &[u8]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < prices.len() {
        let run = prices[i..].iter().take_while(|p| **p == prices[i]).count();
        parts.push(if run > 1 {
            format!("{}×{run}", prices[i])
        } else {
            prices[i].to_string()
        });
        i += run;
    }
    parts.join(", ")
}

fn market(words: &Words) -> Result<String, RulesPageError> {
    let header = headers(words, &["resource", "tokens", "start", "prices"])?;
    let t = powergrid::rule_tables();
    let rows = Resource::ALL
        .iter()
        .map(|&r| {
            Ok(vec![
                words.resource(r)?,
                t.resource_totals[r].to_string(),
                t.starting_market[r].to_string(),
                price_track(t.place_prices[r]),
            ])
        })
        .collect::<Result<Vec<_>, RulesPageError>>()?;
    Ok(markdown(&header, &rows))
}

fn houses(words: &Words) -> Result<String, RulesPageError> {
    let header = headers(words, &["house", "from-step", "price"])?;
    // The n-th house of a city has room from Step n on.
    let rows: Vec<Vec<String>> = powergrid::rule_tables()
        .city_place_prices
        .iter()
        .enumerate()
        .map(|(i, price)| vec![(i + 1).to_string(), (i + 1).to_string(), price.to_string()])
        .collect();
    Ok(markdown(&header, &rows))
}

fn income(words: &Words) -> Result<String, RulesPageError> {
    let header = headers(words, &["powered", "income"])?;
    let rows: Vec<Vec<String>> = powergrid::rule_tables()
        .payment
        .iter()
        .enumerate()
        .map(|(cities, pay)| vec![cities.to_string(), pay.to_string()])
        .collect();
    Ok(markdown(&header, &rows))
}

fn refill(words: &Words) -> Result<String, RulesPageError> {
    let mut header = headers(words, &["players", "step"])?;
    for r in Resource::ALL {
        header.push(words.resource(r)?);
    }
    let mut rows = Vec::new();
    for row in powergrid::rule_tables().player_counts {
        for (step, refill) in row.refill.iter().enumerate() {
            let mut cells = vec![row.players.to_string(), (step + 1).to_string()];
            cells.extend(Resource::ALL.iter().map(|&r| refill[r].to_string()));
            rows.push(cells);
        }
    }
    Ok(markdown(&header, &rows))
}

fn plants(words: &Words) -> Result<String, RulesPageError> {
    let header = headers(words, &["plant", "resource", "burns", "cities"])?;
    let rows = powergrid::rule_tables()
        .plants
        .iter()
        .map(|p| {
            Ok(vec![
                p.number.to_string(),
                words.kind(p.kind)?,
                p.fuel.to_string(),
                p.cities.to_string(),
            ])
        })
        .collect::<Result<Vec<_>, RulesPageError>>()?;
    Ok(markdown(&header, &rows))
}

#[cfg(test)]
mod tests {
    //! Every page expands, and every table read back from every page equals the engine's data.
    use super::*;
    use crate::catalog::LANGUAGES;

    fn file(game: &str, lang: &str) -> String {
        if lang == "en" {
            format!("{game}.md")
        } else {
            format!("{game}.{lang}.md")
        }
    }

    /// The tables of an expanded page, in order: (header, rows of cells).
    fn tables_of(text: &str) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
        let cells = |line: &str| -> Vec<String> {
            line.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect()
        };
        let mut out = Vec::new();
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            if !line.starts_with('|') {
                continue;
            }
            let header = cells(line);
            let separator = lines.next().unwrap_or_default();
            assert!(separator.starts_with("|---"), "{separator:?}");
            let mut rows = Vec::new();
            while let Some(row) = lines.next_if(|l| l.starts_with('|')) {
                rows.push(cells(row));
            }
            out.push((header, rows));
        }
        out
    }

    fn numbers(rows: &[Vec<String>], columns: &[usize]) -> Vec<Vec<u32>> {
        rows.iter()
            .map(|r| columns.iter().map(|&c| r[c].parse().unwrap()).collect())
            .collect()
    }

    #[test]
    fn every_page_expands_and_keeps_the_english_tables_in_the_english_order() {
        for game in ["powergrid", "thegame"] {
            let english = RULES
                .get_file(file(game, "en"))
                .and_then(|f| f.contents_utf8())
                .unwrap();
            let names: Vec<&str> = english.lines().filter_map(table_name).collect();
            for lang in LANGUAGES {
                let name = file(game, lang);
                let raw = RULES
                    .get_file(&name)
                    .and_then(|f| f.contents_utf8())
                    .unwrap();
                let here: Vec<&str> = raw.lines().filter_map(table_name).collect();
                assert_eq!(here, names, "{name}");
                let page = page(&name).unwrap().unwrap();
                assert!(!page.contains("{{"), "{name}: a placeholder is left");
                assert_eq!(tables_of(page).len(), names.len(), "{name}");
            }
        }
        assert_eq!(
            english_names(),
            TABLES.map(|(name, _)| name),
            "the Power Grid page shows every table"
        );
    }

    fn english_names() -> Vec<&'static str> {
        RULES
            .get_file("powergrid.md")
            .and_then(|f| f.contents_utf8())
            .unwrap()
            .lines()
            .filter_map(table_name)
            .collect()
    }

    #[test]
    fn the_tables_of_every_language_equal_the_engines_numbers() {
        let t = powergrid::rule_tables();
        for lang in LANGUAGES {
            let name = file("powergrid", lang);
            let page = page(&name).unwrap().unwrap();
            let tables = tables_of(page);
            let words = Words::new(lang);
            let [players, market, houses, income, refill, plants] = &tables[..] else {
                panic!("{name}: {} tables", tables.len());
            };
            // Player-count table: one row for each of 2 to 6 players, its columns the fields of
            // the rule tables' JSON (the same numbers the game page reads).
            let fields = [
                "players",
                "regions",
                "plants_removed",
                "max_plants",
                "step2_cities",
                "end_cities",
            ];
            let expected: Vec<Vec<u32>> = serde_json::to_value(t.player_counts)
                .unwrap()
                .as_array()
                .unwrap()
                .iter()
                .map(|row| fields.map(|f| row[f].as_u64().unwrap() as u32).to_vec())
                .collect();
            assert_eq!(numbers(&players.1, &[0, 1, 2, 3, 4, 5]), expected, "{name}");
            // Resource market: names in this language, totals, start, and the place prices.
            for (row, r) in market.1.iter().zip(Resource::ALL) {
                assert_eq!(row[0], words.resource(r).unwrap(), "{name}");
                assert_eq!(row[1], t.resource_totals[r].to_string());
                assert_eq!(row[2], t.starting_market[r].to_string());
                let prices: Vec<u8> = row[3]
                    .split(", ")
                    .flat_map(|part| match part.split_once('×') {
                        Some((p, n)) => vec![p.parse::<u8>().unwrap(); n.parse().unwrap()],
                        None => vec![part.parse().unwrap()],
                    })
                    .collect();
                assert_eq!(prices, t.place_prices[r], "{name}: {r} prices");
            }
            assert_eq!(market.1.len(), 4);
            // House prices: the n-th house of a city, from Step n, at its price.
            assert_eq!(
                numbers(&houses.1, &[0, 1, 2]),
                [[1, 1, 10], [2, 2, 15], [3, 3, 20]].map(|r| r.to_vec()),
                "{name}"
            );
            let priced: Vec<u32> = houses.1.iter().map(|r| r[2].parse().unwrap()).collect();
            assert_eq!(priced, t.city_place_prices);
            // Income for 0 to 20 cities powered.
            let paid: Vec<u32> = numbers(&income.1, &[0, 1])
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    assert_eq!(r[0] as usize, i);
                    r[1]
                })
                .collect();
            assert_eq!(paid, t.payment, "{name}");
            // Refill: by players and Step, coal, oil, garbage, uranium as the header says.
            for (i, r) in Resource::ALL.iter().enumerate() {
                assert_eq!(refill.0[2 + i], words.resource(*r).unwrap(), "{name}");
            }
            assert_eq!(refill.1.len(), 15, "{name}");
            for row in numbers(&refill.1, &[0, 1, 2, 3, 4, 5]) {
                let want = powergrid::resources::refill(row[0] as u8, row[1] as u8);
                let got = [row[2], row[3], row[4], row[5]];
                assert_eq!(got, Resource::ALL.map(|r| u32::from(want[r])), "{name}");
            }
            // Every plant card, in number order.
            assert_eq!(plants.1.len(), t.plants.len(), "{name}");
            for (row, p) in plants.1.iter().zip(t.plants) {
                assert_eq!(row[0], p.number.to_string(), "{name}");
                assert_eq!(row[1], words.kind(p.kind).unwrap(), "{name}");
                assert_eq!(row[2], p.fuel.to_string());
                assert_eq!(row[3], p.cities.to_string());
            }
        }
    }

    #[test]
    fn an_unknown_table_or_a_missing_message_is_an_error() {
        assert_eq!(
            expand("x.md", "a\n{{table:chess}}\n"),
            Err(RulesPageError::UnknownTable {
                file: "x.md".into(),
                name: "chess".into()
            })
        );
        assert_eq!(
            expand("x.xx.md", "{{table:income}}\n"),
            Err(RulesPageError::Message {
                lang: "xx".into(),
                id: "rules-table-powered".into()
            })
        );
        assert_eq!(expand("x.md", "no tables\n").as_deref(), Ok("no tables\n"));
        assert_eq!(language("powergrid.zh-CN.md"), "zh-CN");
        assert_eq!(language("powergrid.md"), "en");
        assert!(page("chess.md").is_none());
    }

    #[test]
    fn a_price_track_is_written_as_runs() {
        assert_eq!(price_track(&[1, 1, 1, 2, 2, 2]), "1×3, 2×3");
        assert_eq!(price_track(&[1, 2, 3, 10]), "1, 2, 3, 10");
        assert_eq!(price_track(&[]), "");
    }
}
