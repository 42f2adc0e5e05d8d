//! The pages' message catalogs: Fluent files in `assets/locales/`, checked on the server with
//! the Fluent crates and compiled to JSON that the page evaluates with the browser's `Intl`.
//!
//! Decisions:
//! - The catalogs are real Fluent (selectors, plurals, terms, attributes, multiline
//!   patterns). `fluent-syntax` parses them and `fluent-bundle` formats every message of every
//!   language with sample arguments, so a syntax error, an unknown message or term reference or
//!   a duplicate id is found before a page is served.
//! - The page gets each catalog as a small JSON tree of the parsed patterns (text, variables,
//!   references, `NUMBER()`, selectors), not the `.ftl` text: the page needs no Fluent parser,
//!   there is no front-end build step, and no third-party JavaScript is copied into the
//!   repository. The page's evaluator (`i18n.js`) picks plural variants with
//!   `Intl.PluralRules` and formats numbers with `Intl.NumberFormat`, as Fluent's own
//!   JavaScript resolver does; `NUMBER()` is the only function (the checks refuse others).
//! - No Unicode bidi isolation marks around placeables: none of the five languages is written
//!   right to left, and the marks would only get in the way of copying text.
//! - English is the reference: every other catalog must have exactly its messages and
//!   attributes, each using the same variables; plural variant keys must be categories the
//!   language has (Chinese has only `other`, for example).
//! - Compiled once, on first use, from the files embedded in the binary: compiling and
//!   checking the five catalogs (12–22 kB of `.ftl` each) took 8–11 ms in the test profile on
//!   the loaded 2-core machine (`docs/benchmarks.md`), so nothing is done at build time.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast;
use include_dir::{include_dir, Dir};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

static LOCALES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/assets/locales");

/// The languages the pages are translated into, English (the reference) first.
pub const LANGUAGES: [&str; 5] = ["en", "zh-CN", "ko", "th", "gu"];

/// Something wrong with a catalog.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// No `.ftl` file for a language of [`LANGUAGES`].
    #[error("{lang}: no catalog file locales/{lang}.ftl")]
    MissingFile { lang: String },
    /// The file is not valid Fluent.
    #[error("{lang}: Fluent syntax error: {error}")]
    Syntax { lang: String, error: String },
    /// `fluent-bundle` refused the resource (a duplicate id, say).
    #[error("{lang}: {error}")]
    Bundle { lang: String, error: String },
    /// Formatting a message failed (an unknown message, term or function).
    #[error("{lang}: message {id} does not format: {error}")]
    Format {
        lang: String,
        id: String,
        error: String,
    },
    /// A function other than `NUMBER` (the only one the page evaluates).
    #[error("{lang}: message {id} calls {function}(); the pages know only NUMBER()")]
    UnknownFunction {
        lang: String,
        id: String,
        function: String,
    },
    /// A message or attribute of the English catalog is missing.
    #[error("{lang}: message {id} is missing (English has it)")]
    MissingMessage { lang: String, id: String },
    /// A message that the English catalog does not have.
    #[error("{lang}: message {id} is not in the English catalog")]
    ExtraMessage { lang: String, id: String },
    /// A message uses other variables than its English original.
    #[error("{lang}: message {id} uses variables {found:?}, English uses {expected:?}")]
    Arguments {
        lang: String,
        id: String,
        expected: Vec<String>,
        found: Vec<String>,
    },
    /// A plural variant key the language never selects.
    #[error("{lang}: message {id} has a variant [{key}], which {lang} numbers never select")]
    PluralCategory {
        lang: String,
        id: String,
        key: String,
    },
    /// The `language-name` message (shown in the language picker) is missing or not plain.
    #[error("{lang}: `language-name` must be plain text (the picker shows it)")]
    LanguageName { lang: String },
}

/// One compiled catalog.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// The language tag, e.g. `zh-CN`.
    pub lang: &'static str,
    /// The language's name in itself, for the picker.
    pub name: String,
    /// Message id (or `id.attribute`) → the variables it uses.
    pub variables: BTreeMap<String, BTreeSet<String>>,
    /// The JSON the page evaluates: `{"lang", "messages": {id: pattern}, "terms": {...}}`.
    pub json: String,
}

/// All catalogs, compiled, plus the index the language picker reads.
#[derive(Debug)]
pub struct Catalogs {
    /// In the order of [`LANGUAGES`].
    pub catalogs: Vec<Catalog>,
    /// `{"languages": [{"lang": "en", "name": "English"}, ...]}`.
    pub index: String,
}

/// The `.ftl` text of `lang`, if there is one.
pub fn source(lang: &str) -> Option<&'static str> {
    LOCALES
        .get_file(format!("{lang}.ftl"))
        .and_then(|f| f.contents_utf8())
}

/// The compiled catalogs (compiled on first use), or every problem found.
pub fn catalogs() -> Result<&'static Catalogs, &'static [CatalogError]> {
    static COMPILED: LazyLock<Result<Catalogs, Vec<CatalogError>>> =
        LazyLock::new(|| compile_all(source));
    COMPILED.as_ref().map_err(|e| e.as_slice())
}

/// Compiles and cross-checks the catalogs whose text `source` gives, reporting every problem.
///
/// # Errors
/// Every [`CatalogError`] found, over all languages.
pub fn compile_all<'a>(
    source: impl Fn(&str) -> Option<&'a str>,
) -> Result<Catalogs, Vec<CatalogError>> {
    let mut errors = Vec::new();
    let mut catalogs = Vec::new();
    for lang in LANGUAGES {
        match source(lang) {
            None => errors.push(CatalogError::MissingFile { lang: lang.into() }),
            Some(text) => match compile(lang, text) {
                Ok(c) => catalogs.push(c),
                Err(mut e) => errors.append(&mut e),
            },
        }
    }
    if let Some(english) = catalogs.iter().find(|c| c.lang == "en") {
        for c in catalogs.iter().filter(|c| c.lang != "en") {
            errors.extend(compare(english, c));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let index = json!({
        "languages": catalogs.iter().map(|c| json!({"lang": c.lang, "name": c.name})).collect::<Vec<_>>()
    });
    Ok(Catalogs {
        catalogs,
        index: index.to_string(),
    })
}

/// `other` has the same messages and variables as `english`.
fn compare(english: &Catalog, other: &Catalog) -> Vec<CatalogError> {
    let lang = other.lang.to_string();
    let mut errors = Vec::new();
    for (id, vars) in &english.variables {
        match other.variables.get(id) {
            None => errors.push(CatalogError::MissingMessage {
                lang: lang.clone(),
                id: id.clone(),
            }),
            Some(found) if found != vars => errors.push(CatalogError::Arguments {
                lang: lang.clone(),
                id: id.clone(),
                expected: vars.iter().cloned().collect(),
                found: found.iter().cloned().collect(),
            }),
            Some(_) => {}
        }
    }
    for id in other.variables.keys() {
        if !english.variables.contains_key(id) {
            errors.push(CatalogError::ExtraMessage {
                lang: lang.clone(),
                id: id.clone(),
            });
        }
    }
    errors
}

/// Parses, checks and compiles one catalog.
///
/// # Errors
/// Every problem found in this catalog alone.
pub fn compile(lang: &'static str, text: &str) -> Result<Catalog, Vec<CatalogError>> {
    let err_lang = || lang.to_string();
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(r) => r,
        Err((_, errs)) => {
            return Err(errs
                .into_iter()
                .map(|e| CatalogError::Syntax {
                    lang: err_lang(),
                    error: syntax_error(text, &e),
                })
                .collect())
        }
    };
    let mut errors = Vec::new();
    let langid: unic_langid::LanguageIdentifier = lang.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![langid.clone()]);
    bundle.set_use_isolating(false);
    if let Err(e) = bundle.add_builtins() {
        errors.push(CatalogError::Bundle {
            lang: err_lang(),
            error: e.to_string(),
        });
    }
    let fluent = match FluentResource::try_new(text.to_owned()) {
        Ok(r) => r,
        Err((r, _)) => r, // the syntax errors were reported above
    };
    if let Err(errs) = bundle.add_resource(fluent) {
        for e in errs {
            errors.push(CatalogError::Bundle {
                lang: err_lang(),
                error: e.to_string(),
            });
        }
    }
    // The plural rules are per language (`zh`, not `zh-CN`).
    let plural = intl_pluralrules::PluralRules::create(
        unic_langid::LanguageIdentifier::from_parts(langid.language, None, None, &[]),
        intl_pluralrules::PluralRuleType::CARDINAL,
    )
    .ok();
    let categories: BTreeSet<&'static str> = match &plural {
        Some(rules) => (0..=1000u32)
            .filter_map(|n| rules.select(n).ok())
            .map(category_name)
            .collect(),
        None => BTreeSet::new(),
    };

    let mut messages = Map::new();
    let mut terms = Map::new();
    let mut variables = BTreeMap::new();
    let mut name = None;
    for entry in &resource.body {
        let (id, value, attributes, is_term) = match entry {
            ast::Entry::Message(m) => (m.id.name, m.value.as_ref(), &m.attributes, false),
            ast::Entry::Term(t) => (t.id.name, Some(&t.value), &t.attributes, true),
            _ => continue,
        };
        let mut parts: Vec<(String, &ast::Pattern<&str>)> = Vec::new();
        if let Some(v) = value {
            parts.push((id.to_string(), v));
        }
        for a in attributes {
            parts.push((format!("{id}.{}", a.id.name), &a.value));
        }
        for (key, pattern) in parts {
            let mut walk = Walk::default();
            let compiled = walk.pattern(pattern);
            for f in walk.functions.iter().filter(|f| f.as_str() != "NUMBER") {
                errors.push(CatalogError::UnknownFunction {
                    lang: err_lang(),
                    id: key.clone(),
                    function: f.clone(),
                });
            }
            for k in &walk.plural_keys {
                if !categories.is_empty() && !categories.contains(k.as_str()) {
                    errors.push(CatalogError::PluralCategory {
                        lang: err_lang(),
                        id: key.clone(),
                        key: k.clone(),
                    });
                }
            }
            if is_term {
                terms.insert(format!("-{key}"), compiled);
                continue;
            }
            if key == "language-name" {
                name = compiled.as_str().map(str::to_owned);
            }
            messages.insert(key.clone(), compiled);
            variables.insert(key, walk.variables);
        }
    }
    // Format every message with sample arguments: every variable of the catalog a number
    // (a message may use another's variables through a reference; selectors on numbers take
    // their plural branch, string selectors their default).
    let mut args = FluentArgs::new();
    for v in variables.values().flatten() {
        args.set(v.clone(), FluentValue::from(3));
    }
    for key in variables.keys() {
        let (id, attr) = match key.split_once('.') {
            Some((id, attr)) => (id, Some(attr)),
            None => (key.as_str(), None),
        };
        let message = bundle.get_message(id);
        let pattern = match (&message, attr) {
            (Some(m), Some(attr)) => m.get_attribute(attr).map(|a| a.value()),
            (Some(m), None) => m.value(),
            (None, _) => None,
        };
        let mut errs = Vec::new();
        if let Some(p) = pattern {
            let _ = bundle.format_pattern(p, Some(&args), &mut errs);
        }
        for e in errs {
            errors.push(CatalogError::Format {
                lang: err_lang(),
                id: key.clone(),
                error: e.to_string(),
            });
        }
    }
    let Some(name) = name else {
        errors.push(CatalogError::LanguageName { lang: err_lang() });
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let json = json!({"lang": lang, "messages": messages, "terms": terms}).to_string();
    Ok(Catalog {
        lang,
        name,
        variables,
        json,
    })
}

fn syntax_error(text: &str, e: &fluent_syntax::parser::ParserError) -> String {
    let line = text[..e.pos.start.min(text.len())].matches('\n').count() + 1;
    format!("line {line}: {:?}", e.kind)
}

fn category_name(c: intl_pluralrules::PluralCategory) -> &'static str {
    use intl_pluralrules::PluralCategory::*;
    match c {
        ZERO => "zero",
        ONE => "one",
        TWO => "two",
        FEW => "few",
        MANY => "many",
        OTHER => "other",
    }
}

/// Compiles a pattern to the page's JSON form and collects what it uses.
///
/// A pattern is a string when it is plain text, else an array of parts: strings,
/// `{"var": name}`, `{"msg": id, "attr"?}`, `{"term": id, "attr"?, "args"?}`, `{"str": s}`,
/// `{"num": "1.5"}`, `{"fn": "NUMBER", "args": [..], "opts": {..}}` and
/// `{"select": part, "variants": [{"key": k, "num": bool, "value": pattern}], "default": i}`.
#[derive(Default)]
struct Walk {
    variables: BTreeSet<String>,
    functions: BTreeSet<String>,
    plural_keys: BTreeSet<String>,
}

const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

impl Walk {
    fn pattern(&mut self, p: &ast::Pattern<&str>) -> Value {
        let mut parts: Vec<Value> = Vec::new();
        for el in &p.elements {
            match el {
                ast::PatternElement::TextElement { value } => match parts.last_mut() {
                    Some(Value::String(s)) => s.push_str(value),
                    _ => parts.push(Value::String((*value).to_owned())),
                },
                ast::PatternElement::Placeable { expression } => {
                    parts.push(self.expression(expression))
                }
            }
        }
        match parts.as_slice() {
            [] => Value::String(String::new()),
            [Value::String(s)] => Value::String(s.clone()),
            _ => Value::Array(parts),
        }
    }

    fn expression(&mut self, e: &ast::Expression<&str>) -> Value {
        match e {
            ast::Expression::Inline(i) => self.inline(i),
            ast::Expression::Select { selector, variants } => {
                let numeric_selector = matches!(
                    selector,
                    ast::InlineExpression::VariableReference { .. }
                        | ast::InlineExpression::NumberLiteral { .. }
                        | ast::InlineExpression::FunctionReference { .. }
                );
                let select = self.inline(selector);
                let default = variants.iter().position(|v| v.default).unwrap_or(0);
                let variants: Vec<Value> = variants
                    .iter()
                    .map(|v| {
                        let (key, num) = match &v.key {
                            ast::VariantKey::Identifier { name } => {
                                if numeric_selector && CATEGORIES.contains(name) {
                                    self.plural_keys.insert((*name).to_owned());
                                }
                                ((*name).to_owned(), false)
                            }
                            ast::VariantKey::NumberLiteral { value } => ((*value).to_owned(), true),
                        };
                        json!({"key": key, "num": num, "value": self.pattern(&v.value)})
                    })
                    .collect();
                json!({"select": select, "variants": variants, "default": default})
            }
        }
    }

    fn inline(&mut self, i: &ast::InlineExpression<&str>) -> Value {
        use ast::InlineExpression as I;
        match i {
            I::StringLiteral { value } => {
                json!({"str": fluent_syntax::unicode::unescape_unicode_to_string(value)})
            }
            I::NumberLiteral { value } => json!({"num": value}),
            I::VariableReference { id } => {
                self.variables.insert(id.name.to_owned());
                json!({"var": id.name})
            }
            I::MessageReference { id, attribute } => match attribute {
                Some(a) => json!({"msg": id.name, "attr": a.name}),
                None => json!({"msg": id.name}),
            },
            I::TermReference {
                id,
                attribute,
                arguments,
            } => {
                let mut o = Map::new();
                o.insert("term".into(), format!("-{}", id.name).into());
                if let Some(a) = attribute {
                    o.insert("attr".into(), a.name.into());
                }
                if let Some(args) = arguments {
                    // Term arguments are named only; their values are evaluated here.
                    let named: Map<String, Value> = args
                        .named
                        .iter()
                        .map(|n| (n.name.name.to_owned(), self.inline(&n.value)))
                        .collect();
                    o.insert("args".into(), Value::Object(named));
                }
                Value::Object(o)
            }
            I::FunctionReference { id, arguments } => {
                self.functions.insert(id.name.to_owned());
                let positional: Vec<Value> = arguments
                    .positional
                    .iter()
                    .map(|a| self.inline(a))
                    .collect();
                let named: Map<String, Value> = arguments
                    .named
                    .iter()
                    .map(|n| (n.name.name.to_owned(), self.inline(&n.value)))
                    .collect();
                json!({"fn": id.name, "args": positional, "opts": named})
            }
            I::Placeable { expression } => self.expression(expression),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_catalogs_compile_and_agree() {
        let all = catalogs().unwrap_or_else(|errors| {
            panic!(
                "{}",
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        let langs: Vec<&str> = all.catalogs.iter().map(|c| c.lang).collect();
        assert_eq!(langs, LANGUAGES);
        let english = &all.catalogs[0];
        assert!(english.variables.len() > 200, "{}", english.variables.len());
        for c in &all.catalogs {
            assert_eq!(
                c.variables.keys().collect::<Vec<_>>(),
                english.variables.keys().collect::<Vec<_>>()
            );
        }
    }

    /// `cargo test -p server --lib catalog_compile_time -- --ignored --nocapture`
    #[test]
    #[ignore = "a timing, not a check"]
    fn catalog_compile_time() {
        for _ in 0..3 {
            let start = std::time::Instant::now();
            let all = compile_all(source).expect("the catalogs compile");
            println!(
                "five catalogs compiled and checked in {:?} ({} bytes of JSON)",
                start.elapsed(),
                all.catalogs.iter().map(|c| c.json.len()).sum::<usize>()
            );
        }
    }

    fn compile_one(lang: &'static str, text: &str) -> Result<Catalog, Vec<CatalogError>> {
        compile(lang, &format!("language-name = X\n{text}"))
    }

    #[test]
    fn selectors_plurals_terms_and_multiline_patterns_compile_to_json() {
        let c = compile_one(
            "en",
            "-plant = power plant\n\
             cards = { $n ->\n    [0] no cards\n    [one] one card\n   *[other] { NUMBER($n) } cards\n}\n\
             long =\n    first line\n    second line\n\
             uses = The { -plant } and { cards }\n",
        )
        .unwrap();
        let v: Value = serde_json::from_str(&c.json).unwrap();
        assert_eq!(v["terms"]["-plant"], json!("power plant"));
        assert_eq!(v["messages"]["long"], json!("first line\nsecond line"));
        assert_eq!(
            v["messages"]["uses"],
            json!(["The ", {"term": "-plant"}, " and ", {"msg": "cards"}])
        );
        let sel = &v["messages"]["cards"][0];
        assert_eq!(sel["select"], json!({"var": "n"}));
        assert_eq!(sel["default"], json!(2));
        assert_eq!(
            sel["variants"][0],
            json!({"key": "0", "num": true, "value": "no cards"})
        );
        assert_eq!(
            sel["variants"][2]["value"],
            json!([{"fn": "NUMBER", "args": [{"var": "n"}], "opts": {}}, " cards"])
        );
        assert_eq!(c.variables["cards"], BTreeSet::from(["n".to_owned()]));
    }

    #[test]
    fn broken_catalogs_are_refused_with_every_reason() {
        let errs = compile_one("en", "a = { $x\nb = ok\n").unwrap_err();
        assert!(
            matches!(&errs[..], [CatalogError::Syntax { .. }]),
            "{errs:?}"
        );
        let errs = compile_one("en", "a = { missing }\nb = { DATETIME($d) }\n").unwrap_err();
        assert!(
            errs.iter()
                .any(|e| matches!(e, CatalogError::Format { id, .. } if id == "a")),
            "{errs:?}"
        );
        assert!(errs.iter().any(|e| matches!(e, CatalogError::UnknownFunction { function, .. } if function == "DATETIME")), "{errs:?}");
        // Chinese numbers are never "one".
        let errs = compile_one("zh-CN", "a = { $n ->\n [one] x\n *[other] y\n}\n").unwrap_err();
        assert_eq!(
            errs,
            [CatalogError::PluralCategory {
                lang: "zh-CN".into(),
                id: "a".into(),
                key: "one".into()
            }]
        );
        assert!(compile("en", "a = b\n").is_err(), "no language-name");
    }

    #[test]
    fn translations_must_match_the_english_messages_and_variables() {
        let sources = |lang: &str| -> Option<&'static str> {
            Some(match lang {
                "en" => "language-name = English\na = { $x } and { $y }\nb = B\n",
                "ko" => "language-name = 한국어\na = { $x }\nc = C\n",
                _ => "language-name = X\na = { $y } { $x }\nb = B\n",
            })
        };
        let errs = compile_all(sources).unwrap_err();
        assert_eq!(
            errs,
            [
                CatalogError::Arguments {
                    lang: "ko".into(),
                    id: "a".into(),
                    expected: vec!["x".into(), "y".into()],
                    found: vec!["x".into()]
                },
                CatalogError::MissingMessage {
                    lang: "ko".into(),
                    id: "b".into()
                },
                CatalogError::ExtraMessage {
                    lang: "ko".into(),
                    id: "c".into()
                },
            ]
        );
    }
}
