//! What the `sim` commands share: the progress bar, and argument parsers for counts and bot
//! seats.
//!
//! Decisions:
//! - The bar shows whole games per second (`1,204 games/s`), not indicatif's `{per_sec}` with
//!   four decimals; it is drawn on stderr, so `--json` output stays clean.
//! - Counts are parsed by hand so that `--games -5` is "not a count of games" rather than
//!   clap's "unexpected argument", and `--games 0` is refused before anything runs.
//! - A seat is parsed by the game's `sim` seat function (a registry lookup), so the help lists
//!   the registered bots like a value enum while other seat kinds stay one arm away.

use anyhow::Context;
use clap::builder::{PossibleValue, TypedValueParser};
use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};
use std::fmt::Write;

/// `--threads`, or every core when it is not given.
pub fn threads_or_every_core(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Creates the `--log` file before any game runs, so that a bad path fails at once.
///
/// # Errors
/// The games have external bots (`exec:`), whose games are not recorded, or the file cannot be
/// created.
pub fn open_log(
    path: Option<&std::path::Path>,
    external_bots: bool,
) -> anyhow::Result<Option<std::io::BufWriter<std::fs::File>>> {
    let Some(path) = path else {
        return Ok(None);
    };
    if external_bots {
        anyhow::bail!("--log does not record games with external bots (exec:): run without it");
    }
    let file =
        std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    Ok(Some(std::io::BufWriter::new(file)))
}

/// A progress bar for `games` games.
pub fn bar(games: u64) -> ProgressBar {
    let bar = ProgressBar::new(games);
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({rate}, eta {eta})",
    )
    .map(|s| {
        s.with_key("rate", |state: &ProgressState, w: &mut dyn Write| {
            let _ = write!(w, "{} games/s", HumanCount(state.per_sec().round() as u64));
        })
    })
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Parses a count that must be at least 1 (`what` names it in the error).
pub fn positive(text: &str, what: &str) -> Result<u64, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 1 => u64::try_from(n).map_err(|_| format!("{n} {what} is too many")),
        Ok(n) => Err(format!("at least 1 is needed, not {n}")),
        Err(_) => Err(format!("{text:?} is not a whole number of {what}")),
    }
}

/// `--games`: at least one game.
pub fn games(text: &str) -> Result<u64, String> {
    positive(text, "games")
}

/// A thread count: at least one thread.
pub fn threads(text: &str) -> Result<usize, String> {
    positive(text, "threads").and_then(|n| usize::try_from(n).map_err(|e| e.to_string()))
}

/// A bot seat spec, checked by a game's seat function; the help lists `names`.
#[derive(Clone)]
pub struct Seat {
    /// The registered bots' names.
    pub names: fn() -> Vec<&'static str>,
    /// Checks a spec (builds its bot once).
    pub check: fn(&str) -> Result<(), String>,
}

impl TypedValueParser for Seat {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let invalid = |message: String| {
            let mut cmd = cmd.clone();
            cmd.error(clap::error::ErrorKind::InvalidValue, message)
        };
        let text = value
            .to_str()
            .ok_or_else(|| invalid(format!("{value:?} is not text")))?;
        (self.check)(text).map_err(invalid)?;
        Ok(text.to_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.names)().into_iter().map(PossibleValue::new)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_say_what_is_wrong() {
        assert_eq!(games("20"), Ok(20));
        assert_eq!(games("0"), Err("at least 1 is needed, not 0".into()));
        assert_eq!(games("-5"), Err("at least 1 is needed, not -5".into()));
        assert_eq!(
            games("ten"),
            Err("\"ten\" is not a whole number of games".into())
        );
        assert_eq!(threads("2"), Ok(2));
        assert!(threads("0").is_err());
    }
}
