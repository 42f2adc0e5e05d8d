//! The glossary of `docs/translations.md`, checked against every catalog and every rules page.
//!
//! The glossary is the Markdown table under the document's `## Glossary` heading: one row per
//! game term, one column per language (English, then the order of [`LANGUAGES`]). A cell is the
//! word the pages use, then `*own*` when no seed gives it, then `(not: a, b)` with spellings that
//! must not come back. The document is the one copy: the test reads it as it is embedded.
//!
//! For each term and language: no forbidden spelling may appear in the catalog's message text
//! (comments and message ids are not text) or in that language's rules pages with their tables
//! filled in, and the chosen word must appear in one of them, so the glossary stays true.
//! English is compared without case; the other scripts have none.

use crate::catalog::{self, LANGUAGES};
use crate::rules_page;

const DOCUMENT: &str = include_str!("../../../docs/translations.md");

/// One cell of the glossary.
#[derive(Debug, PartialEq, Eq)]
struct Entry {
    word: String,
    forbidden: Vec<String>,
}

/// One row: the term and its entry in each language of [`LANGUAGES`].
#[derive(Debug)]
struct Term {
    name: String,
    entries: Vec<Entry>,
}

fn entry(cell: &str) -> Entry {
    let (word, forbidden) = match cell.split_once(" (not: ") {
        Some((word, rest)) => (
            word,
            rest.strip_suffix(')')
                .unwrap_or(rest)
                .split(", ")
                .map(str::to_owned)
                .collect(),
        ),
        None => (cell, Vec::new()),
    };
    let word = word.trim();
    Entry {
        word: word.strip_suffix("*own*").unwrap_or(word).trim().to_owned(),
        forbidden,
    }
}

/// The glossary table of `document`, or why it cannot be read.
fn glossary(document: &str) -> Result<Vec<Term>, String> {
    let section = document
        .split_once("\n## Glossary\n")
        .ok_or("no `## Glossary` section")?
        .1;
    let mut rows = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect::<Vec<String>>()
        });
    let header = rows.next().ok_or("no glossary table")?;
    if header.len() != LANGUAGES.len() + 1 {
        return Err(format!("the header has {} columns", header.len()));
    }
    rows.next(); // the |---| line
    rows.map(|cells| {
        if cells.len() != header.len() {
            return Err(format!("row {cells:?} has {} cells", cells.len()));
        }
        Ok(Term {
            name: cells[0].clone(),
            entries: cells[1..].iter().map(|c| entry(c)).collect(),
        })
    })
    .collect()
}

/// The message text of a catalog: each line without its comment lines and message ids.
fn catalog_text(ftl: &str) -> String {
    ftl.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| match l.split_once(" = ") {
            Some((id, value))
                if !id.is_empty()
                    && id
                        .trim_start_matches('-')
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) =>
            {
                value
            }
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The texts of one language: its catalog, then each rules page with its tables filled in.
fn texts(lang: &str) -> Vec<(String, String)> {
    let ftl = catalog::source(lang).unwrap_or_else(|| panic!("no catalog {lang}"));
    let mut out = vec![(format!("locales/{lang}.ftl"), catalog_text(ftl))];
    for game in ["powergrid", "thegame"] {
        let file = if lang == "en" {
            format!("{game}.md")
        } else {
            format!("{game}.{lang}.md")
        };
        let page = rules_page::page(&file)
            .unwrap_or_else(|| panic!("no rules page {file}"))
            .unwrap_or_else(|e| panic!("{e}"));
        out.push((format!("docs/rules/{file}"), page.to_owned()));
    }
    out
}

/// Every broken rule of the glossary over `texts_of`, as readable lines.
fn problems(terms: &[Term], texts_of: impl Fn(&str) -> Vec<(String, String)>) -> Vec<String> {
    let mut found = Vec::new();
    for (i, lang) in LANGUAGES.iter().enumerate() {
        let fold = |s: &str| {
            if *lang == "en" {
                s.to_lowercase()
            } else {
                s.to_owned()
            }
        };
        let texts: Vec<(String, String)> = texts_of(lang)
            .into_iter()
            .map(|(file, text)| (file, fold(&text)))
            .collect();
        for term in terms {
            let e = &term.entries[i];
            if !texts.iter().any(|(_, t)| t.contains(&fold(&e.word))) {
                found.push(format!(
                    "{lang}: {:?} for {:?} is used nowhere",
                    e.word, term.name
                ));
            }
            for bad in &e.forbidden {
                for (file, text) in &texts {
                    for line in text.lines().filter(|l| l.contains(&fold(bad))) {
                        found.push(format!(
                            "{file}: {bad:?} (the glossary says {:?} for {:?}): {line}",
                            e.word, term.name
                        ));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn every_catalog_and_rules_page_keeps_to_the_glossary() {
    let terms = glossary(DOCUMENT).unwrap();
    assert!(terms.len() >= 30, "{} terms", terms.len());
    let found = problems(&terms, texts);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_forbidden_spelling_or_an_unused_word_is_found() {
    let document =
        "# x\n\n## Glossary\n\n| term | en | zh | ko | th | gu |\n|---|---|---|---|---|---|\n\
                    | bot | bot | 电脑 *own* (not: 机器人, AI) | 봇 | บอท (not: บอต) | બૉટ |\n";
    let terms = glossary(document).unwrap();
    assert_eq!(
        terms[0].entries[1],
        Entry {
            word: "电脑".into(),
            forbidden: vec!["机器人".into(), "AI".into()]
        }
    );
    let texts = |lang: &str| match lang {
        "zh-CN" => vec![("zh".to_owned(), "电脑\n换成机器人".to_owned())],
        "th" => vec![("th".to_owned(), "บอต".to_owned())],
        "en" => vec![("en".to_owned(), "A Bot".to_owned())],
        _ => vec![("x".to_owned(), "봇 બૉટ".to_owned())],
    };
    let found = problems(&terms, texts);
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[0].starts_with("zh: \"机器人\""), "{}", found[0]);
    assert!(found[1].starts_with("th: \"บอท\" for \"bot\" is used nowhere"));
    assert!(found[2].starts_with("th: \"บอต\""));
    assert!(glossary("no glossary").is_err());
    assert!(glossary("\n## Glossary\n\n| a | b |\n|---|---|\n").is_err());
}

#[test]
fn catalog_text_drops_comments_and_ids() {
    let ftl =
        "# 机器人\n-term = 元\nbot = 电脑：{ $name ->\n    [x] y\n}\nplain line = not an id\n";
    assert_eq!(
        catalog_text(ftl),
        "元\n电脑：{ $name ->\n    [x] y\n}\nplain line = not an id"
    );
}
