//! `tabletop connect --seek`: a bot account finds games on a server and plays them, one after
//! another, as lichess's bot accounts do. The account's API token (made by its owner on the
//! server, `docs/api.md`) authorizes each seek; each game is then played through [`connect`]
//! with its seat token.
//!
//! Decisions:
//! - A seek is written as on the command line: the game, then `key=value` terms
//!   (`powergrid players=4 map=germany`, `thegame players=3 rated=no`). [`Seek`]'s `FromStr`
//!   reports every problem at once, one per bad term, and checks the setup the terms make with
//!   the game's own rules, so a seek the server would refuse is refused before connecting;
//!   `Display` writes the same form back.
//! - The server picks the game: `POST /api/bot/seek` joins the matching open game that has
//!   waited longest or opens one for the next seeker, under one lock, so two bots seeking the
//!   same game meet. While the game waits for players its summary answers `game_waiting`; the
//!   client asks again every [`WAIT_POLL`], and seeks again if the game expires unjoined.
//! - Transient failures are waited out: a refused connection or a `storage_unavailable` is
//!   retried with growing pauses for as long as `patience` allows, and `rate_limited` or
//!   `too_many_attempts` waits as long as the server says. Every other refusal (a bad token, a
//!   seek the server refuses) ends the run with the server's code and message.
//! - The line printed per game names the game's spectator link, never the seat token.

use crate::connect::{connect, target, ConnectError, Finished};
use crate::{ExecSpec, SeatSpec};
use engine::{Game, Seat};
use loadgen::HttpClient;
use serde_json::{json, Value};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// How often a waiting game is asked whether it has started.
pub const WAIT_POLL: Duration = Duration::from_millis(500);

/// The game kinds a seek may name: those [`connect`] has bots for.
pub const SEEK_KINDS: [&str; 2] = [thegame::State::NAME, powergrid::State::NAME];

/// What a bot account looks for: a game kind, its setup and whether it is rated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seek {
    /// The game kind (`thegame` or `powergrid`).
    pub kind: String,
    /// How many seats.
    pub players: u8,
    /// The board, for Power Grid.
    pub map: Option<String>,
    /// Rated games only (`Some(true)`), unrated only, or either (`None`).
    pub rated: Option<bool>,
}

/// One thing wrong with a seek's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeekProblem {
    /// Nothing was written.
    #[error(
        "the seek is empty: write a game and its terms, e.g. \"powergrid players=4 map=germany\""
    )]
    Empty,
    /// The first word is not a game this client plays.
    #[error("{0:?} is not a game: a seek starts with thegame or powergrid")]
    UnknownKind(String),
    /// A word after the game that is not `key=value`.
    #[error("{0:?} is not a term: write key=value (players, map, rated)")]
    NotATerm(String),
    /// A key no seek has.
    #[error("{0:?} is not a seek term: the terms are players, map and rated")]
    UnknownKey(String),
    /// A key written twice.
    #[error("{0} is given twice")]
    Repeated(String),
    /// `players=` with something other than a number.
    #[error("players={0:?} is not a number of players")]
    Players(String),
    /// `rated=` with something other than yes or no.
    #[error("rated={0:?}: write rated=yes or rated=no")]
    Rated(String),
    /// No `players=`.
    #[error("players=N is missing")]
    MissingPlayers,
    /// `map=` for a game without maps.
    #[error("{0} has no maps; leave out map=")]
    NoMaps(String),
    /// No `map=` for a game with several.
    #[error("{0} needs a map: map=germany or map=usa")]
    MissingMap(String),
    /// The game's rules refuse the setup the terms make (players out of range, unknown map).
    #[error("{kind} refuses this setup: {reason}")]
    Setup {
        /// The game.
        kind: String,
        /// The rules' words.
        reason: String,
    },
}

/// Every problem of a seek's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid seek: {}", list(.0))]
pub struct SeekError(pub Vec<SeekProblem>);

fn list(problems: &[SeekProblem]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl FromStr for Seek {
    type Err = SeekError;

    /// Reads `GAME key=value …` (module docs).
    ///
    /// # Errors
    /// Every problem at once.
    fn from_str(text: &str) -> Result<Seek, SeekError> {
        let mut words = text.split_whitespace();
        let Some(kind) = words.next() else {
            return Err(SeekError(vec![SeekProblem::Empty]));
        };
        let mut problems = Vec::new();
        if !SEEK_KINDS.contains(&kind) {
            problems.push(SeekProblem::UnknownKind(kind.to_string()));
        }
        let (mut players, mut map, mut rated) = (None, None, None);
        let mut seen: Vec<&str> = Vec::new();
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                problems.push(SeekProblem::NotATerm(word.to_string()));
                continue;
            };
            if seen.contains(&key) {
                problems.push(SeekProblem::Repeated(key.to_string()));
                continue;
            }
            seen.push(key);
            match key {
                "players" => match value.parse::<u8>() {
                    Ok(n) => players = Some(n),
                    Err(_) => problems.push(SeekProblem::Players(value.to_string())),
                },
                "map" => map = Some(value.to_string()),
                "rated" => match value {
                    "yes" | "true" => rated = Some(true),
                    "no" | "false" => rated = Some(false),
                    _ => problems.push(SeekProblem::Rated(value.to_string())),
                },
                _ => problems.push(SeekProblem::UnknownKey(key.to_string())),
            }
        }
        if players.is_none() && !seen.contains(&"players") {
            problems.push(SeekProblem::MissingPlayers);
        }
        let has_maps = kind == powergrid::State::NAME;
        match (&map, has_maps) {
            (Some(_), false) if kind == thegame::State::NAME => {
                problems.push(SeekProblem::NoMaps(kind.to_string()))
            }
            (None, true) => problems.push(SeekProblem::MissingMap(kind.to_string())),
            _ => {}
        }
        let Some(players) = players.filter(|_| problems.is_empty()) else {
            return Err(SeekError(problems));
        };
        let seek = Seek {
            kind: kind.to_string(),
            players,
            map,
            rated,
        };
        seek.check_setup().map_err(|reason| {
            SeekError(vec![SeekProblem::Setup {
                kind: seek.kind.clone(),
                reason,
            }])
        })?;
        Ok(seek)
    }
}

impl fmt::Display for Seek {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} players={}", self.kind, self.players)?;
        if let Some(map) = &self.map {
            write!(f, " map={map}")?;
        }
        match self.rated {
            Some(true) => write!(f, " rated=yes"),
            Some(false) => write!(f, " rated=no"),
            None => Ok(()),
        }
    }
}

impl Seek {
    /// The setup a game opened for this seek starts from (the server chooses the seed).
    pub fn setup(&self) -> Value {
        let mut setup = json!({"players": self.players});
        if let Some(map) = &self.map {
            setup["map"] = json!(map);
        }
        setup
    }

    /// The body of `POST /api/bot/seek`.
    pub fn to_json(&self) -> Value {
        let mut body = self.setup();
        body["kind"] = json!(self.kind);
        if let Some(rated) = self.rated {
            body["rated"] = json!(rated);
        }
        body
    }

    /// Whether the game's rules take this setup; the rules' words if not.
    fn check_setup(&self) -> Result<(), String> {
        fn check<G: Game>(setup: Value) -> Result<(), String> {
            let mut setup = setup;
            setup["seed"] = json!(0);
            let typed: G::Setup = serde_json::from_value(setup).map_err(|e| e.to_string())?;
            G::new(typed).map(drop).map_err(|e| {
                let text = e.to_string();
                text.strip_prefix("invalid setup: ")
                    .map_or(text.clone(), str::to_string)
            })
        }
        match self.kind.as_str() {
            "thegame" => check::<thegame::State>(self.setup()),
            "powergrid" => check::<powergrid::State>(self.setup()),
            other => Err(format!("{other:?} is not a game this client plays")),
        }
    }
}

/// Why a run of seeks stopped.
#[derive(Debug, thiserror::Error)]
pub enum SeekRunError {
    /// The server's address is not one this client can reach.
    #[error("{0:?} is not a server address: give http://HOST[:PORT] (plain HTTP)")]
    BadUrl(String),
    /// The server refused a request for good (a bad token, a seek it refuses, …).
    #[error("the server refused ({status} {code}): {message}")]
    Refused {
        /// The HTTP status.
        status: u16,
        /// The error's code (`docs/api.md`).
        code: String,
        /// The server's words.
        message: String,
    },
    /// The server could not be reached, or kept failing, for longer than the patience.
    #[error("the server could not be reached within {} s: {last}", patience.as_secs_f64())]
    Unreachable {
        /// How long it was tried.
        patience: Duration,
        /// The last failure.
        last: String,
    },
    /// Playing a game failed.
    #[error("game {game}: {error}")]
    Play {
        /// The game.
        game: String,
        /// What went wrong.
        error: ConnectError,
    },
}

/// A bot account's run: where, with what token, what it seeks and which bot plays.
#[derive(Clone, Debug)]
pub struct SeekRun {
    /// `http://host:port` (any link on the server works: only its origin is kept).
    pub server: String,
    /// The bot account's API token.
    pub api_token: String,
    /// What it seeks.
    pub seek: Seek,
    /// Who plays each game: a built-in bot or `exec:COMMAND`.
    pub bot: SeatSpec,
    /// An external bot's limits.
    pub spec: ExecSpec,
    /// How long to keep trying after a dropped connection or an unreachable server.
    pub patience: Duration,
    /// Stop after this many games; `None` plays until interrupted.
    pub games: Option<u64>,
}

/// One game a run played.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game's id.
    pub game: String,
    /// The game's spectator link.
    pub link: String,
    /// The seat the bot held.
    pub seat: Seat,
    /// Whether the bot's seek opened the game (rather than joining one).
    pub created: bool,
    /// How it ended.
    pub finished: Finished,
}

/// The origin (`http://host:port`) of a server address or of any link on it.
///
/// # Errors
/// Not `http://` (the bot API is spoken over plain HTTP), or no host.
pub fn server_origin(url: &str) -> Result<String, SeekRunError> {
    let bad = || SeekRunError::BadUrl(url.to_string());
    let rest = url.strip_prefix("http://").ok_or_else(bad)?;
    let host = rest.split(['/', '#', '?']).next().unwrap_or_default();
    if host.is_empty() {
        return Err(bad());
    }
    Ok(format!("http://{host}"))
}

/// Seeks and plays games until `run.games` are played (forever with `None`), calling `each`
/// after every game; answers how many were played.
///
/// # Errors
/// See [`SeekRunError`].
pub async fn seek_and_play(
    run: &SeekRun,
    mut each: impl FnMut(&Played),
) -> Result<u64, SeekRunError> {
    let origin = server_origin(&run.server)?;
    let api = Api {
        http: HttpClient::new(&origin),
        token: run.api_token.clone(),
        patience: run.patience,
    };
    let mut played = 0u64;
    while run.games.is_none_or(|n| played < n) {
        let (status, seat) = api
            .call("POST", "/api/bot/seek", Some(&run.seek.to_json()))
            .await?;
        if status != 200 {
            return Err(refused(status, &seat));
        }
        let (Some(game), Some(token)) = (seat["game"].as_str(), seat["token"].as_str()) else {
            return Err(SeekRunError::Refused {
                status,
                code: "unexpected_answer".into(),
                message: seat.to_string(),
            });
        };
        let created = seat["created"].as_bool().unwrap_or(false);
        tracing::info!(
            "{} game {game} ({}); waiting for it to start",
            if created { "opened" } else { "joined" },
            run.seek
        );
        if !api.started(game).await? {
            tracing::info!("game {game} expired before it filled; seeking again");
            continue;
        }
        let link = format!("{origin}/games/{game}");
        let seat_target = target(&link, Some(token)).map_err(|error| SeekRunError::Play {
            game: game.to_string(),
            error,
        })?;
        let finished = connect(&seat_target, &run.bot, &run.spec, run.patience)
            .await
            .map_err(|error| SeekRunError::Play {
                game: game.to_string(),
                error,
            })?;
        played += 1;
        each(&Played {
            game: game.to_string(),
            link,
            seat: finished.seat,
            created,
            finished,
        });
    }
    Ok(played)
}

fn refused(status: u16, body: &Value) -> SeekRunError {
    SeekRunError::Refused {
        status,
        code: body["code"].as_str().unwrap_or("unknown").to_string(),
        message: body["message"]
            .as_str()
            .map_or_else(|| body.to_string(), str::to_string),
    }
}

/// The bot API of one server, with the waiting and retrying of the module docs.
struct Api {
    http: HttpClient,
    token: String,
    patience: Duration,
}

impl Api {
    /// One request, retried through transient failures; any other answer is returned as is.
    async fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(u16, Value), SeekRunError> {
        let until = Instant::now() + self.patience;
        let mut pause = Duration::from_millis(250);
        loop {
            let last = match self.http.json(method, path, Some(&self.token), body).await {
                Ok((status, answer)) => match answer["code"].as_str() {
                    Some("rate_limited" | "too_many_attempts") => {
                        let wait = answer["retry_after_ms"].as_u64().unwrap_or(1000);
                        tracing::info!("{path}: the server asks to wait {wait} ms");
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                        continue;
                    }
                    Some("storage_unavailable" | "unavailable") => answer.to_string(),
                    _ => return Ok((status, answer)),
                },
                Err(e) => e.to_string(),
            };
            if Instant::now() + pause > until {
                return Err(SeekRunError::Unreachable {
                    patience: self.patience,
                    last,
                });
            }
            tracing::warn!("{path}: {last}; retrying in {pause:?}");
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_secs(8));
        }
    }

    /// Waits until game `id` has started (`true`) or expired unjoined (`false`).
    async fn started(&self, id: &str) -> Result<bool, SeekRunError> {
        let path = format!("/api/games/{id}");
        loop {
            let (status, answer) = self.call("GET", &path, None).await?;
            match (status, answer["code"].as_str()) {
                (200, _) => return Ok(true),
                (_, Some("game_waiting")) => tokio::time::sleep(WAIT_POLL).await,
                (_, Some("unknown_game")) => return Ok(false),
                _ => return Err(refused(status, &answer)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<SeekProblem> {
        text.parse::<Seek>().unwrap_err().0
    }

    #[test]
    fn a_seek_reads_and_writes_the_same_text() {
        for text in [
            "powergrid players=4 map=germany",
            "thegame players=3",
            "thegame players=1 rated=no",
            "powergrid players=2 map=usa rated=yes",
        ] {
            let seek: Seek = text.parse().unwrap();
            assert_eq!(seek.to_string(), text);
        }
        let seek: Seek = "  powergrid   map=usa players=6 ".parse().unwrap();
        assert_eq!(
            seek,
            Seek {
                kind: "powergrid".into(),
                players: 6,
                map: Some("usa".into()),
                rated: None
            }
        );
        assert_eq!(
            seek.to_json(),
            json!({"kind": "powergrid", "players": 6, "map": "usa"})
        );
        let rated: Seek = "thegame players=2 rated=true".parse().unwrap();
        assert_eq!(
            rated.to_json(),
            json!({"kind": "thegame", "players": 2, "rated": true})
        );
    }

    #[test]
    fn each_bad_term_has_its_own_problem_all_at_once() {
        assert_eq!(problems(""), [SeekProblem::Empty]);
        assert_eq!(
            problems("chess players=2"),
            [SeekProblem::UnknownKind("chess".into())]
        );
        assert_eq!(
            problems("thegame players=two colour=red rated=maybe fast players=3"),
            [
                SeekProblem::Players("two".into()),
                SeekProblem::UnknownKey("colour".into()),
                SeekProblem::Rated("maybe".into()),
                SeekProblem::NotATerm("fast".into()),
                SeekProblem::Repeated("players".into()),
            ]
        );
        assert_eq!(problems("thegame"), [SeekProblem::MissingPlayers]);
        assert_eq!(
            problems("thegame players=2 map=germany"),
            [SeekProblem::NoMaps("thegame".into())]
        );
        assert_eq!(
            problems("powergrid players=3"),
            [SeekProblem::MissingMap("powergrid".into())]
        );
    }

    #[test]
    fn the_games_rules_check_the_setup() {
        let [SeekProblem::Setup { kind, reason }] =
            &problems("powergrid players=7 map=germany")[..]
        else {
            panic!("one setup problem")
        };
        assert_eq!(kind, "powergrid");
        assert!(reason.contains('7'), "{reason}");
        let [SeekProblem::Setup { reason, .. }] = &problems("powergrid players=3 map=france")[..]
        else {
            panic!("one setup problem")
        };
        assert!(reason.contains("france"), "{reason}");
        assert!(matches!(
            &problems("thegame players=6")[..],
            [SeekProblem::Setup { .. }]
        ));
        let text = "powergrid players=9 map=germany"
            .parse::<Seek>()
            .unwrap_err()
            .to_string();
        assert!(
            text.starts_with("invalid seek: powergrid refuses"),
            "{text}"
        );
    }

    #[test]
    fn the_server_is_found_from_any_link_on_it() {
        assert_eq!(server_origin("http://h:8080").unwrap(), "http://h:8080");
        assert_eq!(
            server_origin("http://h:8080/games/abc#token=x").unwrap(),
            "http://h:8080"
        );
        assert!(matches!(
            server_origin("https://h"),
            Err(SeekRunError::BadUrl(_))
        ));
        assert!(server_origin("http:///games").is_err());
    }
}
