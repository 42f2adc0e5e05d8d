//! One seat's conversation with a bot program, in the messages of `tabletop-bot/1`
//! (`docs/bot-protocol.md`), and the error that ends it: a [`Forfeit`].
//!
//! Decisions:
//! - The process starts lazily, at the first game that needs it, and is reused for the next
//!   games (`start` … `over`, `start` … `over`). After a forfeit it is killed; the next game
//!   starts a fresh one. A run ends with `quit` and half a second's grace before the kill.
//! - Every bot line must be a protocol message. Blank lines are skipped; anything else that is
//!   not a JSON object with a known `type` is a violation, as is an action outside the legal
//!   list. The first violation forfeits the game: the error names the seat, the command and the
//!   line (the first 300 characters of it).
//! - Events are written without waiting for the bot and go out with the next request, so a
//!   bot that does not want them (`"events": false` in its `ready`) costs nothing.
//! - The request is built into one reused buffer and sent with one write; an answer is matched
//!   against the legal actions by value (JSON form) or by their text form (`Display`), which
//!   every `engine::Game` action has, so any game kind works unchanged.
//! - An answer may plan ahead (`then`, the engine's [`engine::Bot::plan`] on the wire): the
//!   planned actions are kept as sent and matched against the legal actions of the decision
//!   they are taken at ([`Session::planned`]), exactly as an answer is; when to take them is
//!   the caller's to say (`External` does while its seat's view is the one the plan expects).

use crate::process::{Process, ProcessError};
use engine::{Game, Seat};
use serde::Deserialize;
use serde_json::Value;
use std::collections::VecDeque;
use std::fmt::{self, Write as _};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The protocol's name and version, sent in `hello`.
pub const PROTOCOL: &str = "tabletop-bot/1";

/// How to run an external bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecSpec {
    /// The shell command (what follows `exec:`).
    pub command: String,
    /// Time allowed for each answer.
    pub time_limit: Duration,
    /// Time allowed from starting the process to its `ready` line.
    pub startup_limit: Duration,
    /// Directory of the bots' log files (stderr and `log` lines).
    pub log_dir: PathBuf,
}

impl ExecSpec {
    /// A command with the default limits (5 s per answer, 10 s to start) and log directory
    /// (`tabletop-bot-logs` in the system's temporary directory).
    pub fn new(command: &str) -> ExecSpec {
        ExecSpec {
            command: command.to_string(),
            time_limit: Duration::from_secs(5),
            startup_limit: Duration::from_secs(10),
            log_dir: std::env::temp_dir().join("tabletop-bot-logs"),
        }
    }
}

/// Why a seat's bot lost its game (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// Which seat, e.g. `seat 2` (with the game's number in a run, when there is one).
    pub seat: String,
    /// The bot's command.
    pub command: String,
    /// What went wrong.
    pub reason: String,
    /// The offending line, when a line was the problem.
    pub line: Option<String>,
    /// The bot's log file (its stderr).
    pub log: PathBuf,
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (exec:{}) forfeits: {}",
            self.seat, self.command, self.reason
        )?;
        if let Some(line) = &self.line {
            write!(f, "; the line was: {line}")?;
        }
        write!(f, " (its stderr: {})", self.log.display())
    }
}

impl std::error::Error for Forfeit {}

/// How the bot wants legal actions listed (its `ready` line's `legal`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegalForm {
    /// The game's JSON form of each action (the default).
    #[default]
    Json,
    /// The text form of each action (`"play 35 up1"`).
    Text,
    /// No list: the bot finds its moves from the view.
    None,
}

/// What the bot asked for in its `ready` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The bot's name, if it gave one.
    pub name: Option<String>,
    /// Whether requests carry the view.
    pub view: bool,
    /// How legal actions are listed.
    pub legal: LegalForm,
    /// Whether events are sent.
    pub events: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            name: None,
            view: true,
            legal: LegalForm::Json,
            events: true,
        }
    }
}

/// A message from the bot.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum FromBot {
    Ready {
        name: Option<String>,
        view: Option<bool>,
        legal: Option<LegalForm>,
        events: Option<bool>,
    },
    Action {
        action: Value,
        #[serde(default)]
        then: Vec<Value>,
    },
    Log {
        text: String,
    },
}

/// Where an action being matched comes from: an answer, or the plan of an earlier one.
#[derive(Clone, Copy)]
enum Source {
    Answer,
    Plan,
}

/// A seat's bot program and the state of its current game.
pub struct Session {
    spec: ExecSpec,
    game: &'static str,
    seat_label: String,
    process: Option<Process>,
    options: Options,
    forfeit: Option<Forfeit>,
    /// Set when the host has sent `start` and not yet `over`.
    in_game: bool,
    /// Lines waiting to be sent with the next request.
    out: Vec<u8>,
    text: String,
    /// Every line the bot sent, when recording (the checker).
    transcript: Option<Vec<String>>,
    /// The log file of the current (or last) process.
    log: PathBuf,
    /// The rest of the bot's last plan (`then`), next first, and the line it came in.
    plan: VecDeque<Value>,
    plan_line: Vec<u8>,
    /// Requests sent (`act` lines), over the session's life.
    requests: u64,
}

impl Session {
    /// A session for `spec` playing `game` (an `engine::Game::NAME`); nothing starts yet.
    pub fn new(spec: ExecSpec, game: &'static str) -> Session {
        Session {
            spec,
            game,
            seat_label: "seat ?".into(),
            process: None,
            options: Options::default(),
            forfeit: None,
            in_game: false,
            out: Vec::with_capacity(4096),
            text: String::new(),
            transcript: None,
            log: PathBuf::new(),
            plan: VecDeque::new(),
            plan_line: Vec::new(),
            requests: 0,
        }
    }

    /// How many requests (`act` lines) this session has sent: decisions taken from a plan
    /// send none.
    pub fn requests(&self) -> u64 {
        self.requests
    }

    /// Whether actions of the bot's last answer's `then` are left.
    pub fn has_plan(&self) -> bool {
        !self.plan.is_empty()
    }

    /// Forgets the rest of the bot's plan (the game went elsewhere than it planned for).
    pub fn drop_plan(&mut self) {
        self.plan.clear();
    }

    /// The next action of the bot's plan, matched against `legal` as an answer is; `None` when
    /// no plan is left.
    ///
    /// # Errors
    /// The planned action is not one of `legal`; the game is then forfeited.
    pub fn planned<G: Game>(&mut self, legal: &[G::Action]) -> Option<Result<G::Action, Forfeit>> {
        if self.forfeit.is_some() {
            self.plan.clear();
            return None;
        }
        let next = self.plan.pop_front()?;
        let line = std::mem::take(&mut self.plan_line);
        let found = self.legal_answer::<G>(next, legal, &line, Source::Plan);
        self.plan_line = line;
        Some(found)
    }

    /// The bot's command.
    pub fn command(&self) -> &str {
        &self.spec.command
    }

    /// What the bot asked for in its `ready` line (defaults before it started).
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The name to show for this bot: its own, or its command.
    pub fn display_name(&self) -> String {
        self.options
            .name
            .clone()
            .unwrap_or_else(|| format!("exec:{}", self.spec.command))
    }

    /// Sets how errors name the seat (`seat 2`, `game 17 seat 2`).
    pub fn set_seat_label(&mut self, label: String) {
        self.seat_label = label;
    }

    /// Keeps every line the bot sends, for [`Session::take_transcript`].
    pub fn record(&mut self) {
        self.transcript = Some(Vec::new());
    }

    /// The lines recorded since the last call.
    pub fn take_transcript(&mut self) -> Vec<String> {
        self.transcript
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// This game's forfeit, if the bot has lost it.
    pub fn forfeit(&self) -> Option<&Forfeit> {
        self.forfeit.as_ref()
    }

    fn fail(&mut self, reason: String, line: Option<&[u8]>) -> Forfeit {
        let log = self
            .process
            .as_ref()
            .map(|p| p.log().path().to_path_buf())
            .unwrap_or_else(|| self.log.clone());
        let forfeit = Forfeit {
            seat: self.seat_label.clone(),
            command: self.spec.command.clone(),
            reason,
            line: line.map(|l| {
                let text = String::from_utf8_lossy(l);
                let mut shown: String = text.chars().take(300).collect();
                if text.chars().count() > 300 {
                    shown.push('…');
                }
                shown
            }),
            log,
        };
        if let Some(p) = &self.process {
            p.log()
                .append(format!("[tabletop: {forfeit}]\n").as_bytes());
        }
        tracing::warn!("{forfeit}");
        // The process is in an unknown state: it goes, and the next game starts a new one.
        self.process = None;
        self.out.clear();
        self.plan.clear();
        self.forfeit = Some(forfeit.clone());
        forfeit
    }

    fn process_failed(&mut self, error: ProcessError) -> Forfeit {
        self.fail(error.to_string(), None)
    }

    /// A new log file's path: one per process started by this host, so every process has
    /// its own file and its own [`crate::MAX_LOG`] cap.
    fn next_log_path(&self) -> PathBuf {
        static SERIAL: AtomicU64 = AtomicU64::new(0);
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed) + 1;
        let tag: String = self
            .spec
            .command
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .take(40)
            .collect();
        self.spec.log_dir.join(format!(
            "{}-{}-{}-{}.log",
            self.game,
            tag,
            std::process::id(),
            serial
        ))
    }

    /// Starts the process and reads its `ready` line.
    fn launch(&mut self) -> Result<(), Forfeit> {
        let path = self.next_log_path();
        self.log = path.clone();
        let mut process = match Process::spawn(&self.spec.command, &path) {
            Ok(p) => p,
            Err(e) => return Err(self.fail(e.to_string(), None)),
        };
        let limit = self.spec.startup_limit;
        let deadline = Instant::now() + limit;
        self.out.clear();
        let _ = serde_json::to_writer(
            &mut self.out,
            &serde_json::json!({"type": "hello", "protocol": PROTOCOL, "game": self.game}),
        );
        self.out.push(b'\n');
        let sent = process.send(&self.out, deadline, limit);
        self.out.clear();
        self.process = Some(process);
        if let Err(e) = sent {
            return Err(self.process_failed(e));
        }
        loop {
            let line = self.next_line(deadline, limit)?;
            match serde_json::from_slice::<FromBot>(&line) {
                Ok(FromBot::Ready {
                    name,
                    view,
                    legal,
                    events,
                }) => {
                    self.options = Options {
                        name,
                        view: view.unwrap_or(true),
                        legal: legal.unwrap_or_default(),
                        events: events.unwrap_or(true),
                    };
                    return Ok(());
                }
                Ok(FromBot::Log { text }) => self.write_log(&text),
                Ok(FromBot::Action { .. }) => {
                    return Err(self.fail(
                        "sent an action before its ready line (the first line must be {\"type\":\"ready\"})".into(),
                        Some(&line),
                    ))
                }
                Err(e) => return Err(self.bad_line(&line, &e)),
            }
        }
    }

    fn write_log(&mut self, text: &str) {
        if let Some(p) = &self.process {
            let mut line = String::with_capacity(text.len() + 8);
            line.push_str("[log] ");
            line.push_str(text);
            line.push('\n');
            p.log().append(line.as_bytes());
        }
    }

    fn bad_line(&mut self, line: &[u8], error: &serde_json::Error) -> Forfeit {
        let reason = match std::str::from_utf8(line) {
            Err(_) => "sent a line that is not UTF-8".to_string(),
            Ok(text) => match serde_json::from_str::<Value>(text) {
                Err(e) => format!("sent a line that is not JSON ({e})"),
                Ok(Value::Object(o)) => match o.get("type").and_then(Value::as_str) {
                    Some(t) if !["ready", "action", "log"].contains(&t) => format!(
                        "sent a message of unknown type {t:?} (a bot sends ready, action or log)"
                    ),
                    Some(t) => format!("sent a malformed {t} message ({error})"),
                    None => "sent a JSON object without a \"type\"".to_string(),
                },
                Ok(_) => "sent JSON that is not an object".to_string(),
            },
        };
        self.fail(reason, Some(line))
    }

    /// The next non-blank line.
    fn next_line(&mut self, deadline: Instant, limit: Duration) -> Result<Vec<u8>, Forfeit> {
        loop {
            let Some(process) = self.process.as_mut() else {
                return Err(self.fail("is not running".into(), None));
            };
            match process.read_line(deadline, limit) {
                Ok(line) => {
                    if let Some(t) = &mut self.transcript {
                        t.push(String::from_utf8_lossy(&line).into_owned());
                    }
                    if line.iter().all(u8::is_ascii_whitespace) {
                        continue;
                    }
                    return Ok(line);
                }
                Err(e) => return Err(self.process_failed(e)),
            }
        }
    }

    /// Begins a game for `seat`: starts the process if needed and sends `start`. `setup` is
    /// the public part of the game's setup (never its seed or deal); `seed` seeds the bot's
    /// own randomness; `static_data` is the game's static data, if it has any.
    ///
    /// # Errors
    /// The process could not start or did not say `ready`; the game is then forfeited.
    pub fn start(
        &mut self,
        seat: Seat,
        setup: &Value,
        seed: u64,
        static_data: Option<&Value>,
    ) -> Result<(), Forfeit> {
        self.forfeit = None;
        self.in_game = true;
        self.plan.clear();
        if self.process.is_none() {
            self.launch()?;
        }
        self.out.clear();
        let _ = write!(
            Buffer(&mut self.out),
            r#"{{"type":"start","seat":{},"seed":{seed},"setup":"#,
            seat.0
        );
        let _ = serde_json::to_writer(&mut self.out, setup);
        if let Some(data) = static_data {
            self.out.extend_from_slice(br#","static":"#);
            let _ = serde_json::to_writer(&mut self.out, data);
        }
        self.out.extend_from_slice(b"}\n");
        Ok(())
    }

    /// Whether events are sent to this bot now (in a game, not forfeited, wanted by the bot).
    pub fn wants_events(&self) -> bool {
        self.forfeit.is_none() && self.in_game && self.options.events
    }

    /// Queues an event (already redacted for this seat) for the next request.
    pub fn event<G: Game>(&mut self, event: &G::Event) {
        if self.forfeit.is_some() || !self.in_game || !self.options.events {
            return;
        }
        self.out.extend_from_slice(br#"{"type":"event","event":"#);
        let _ = serde_json::to_writer(&mut self.out, event);
        self.out.extend_from_slice(b"}\n");
    }

    /// Sends what is queued.
    fn flush(&mut self, deadline: Instant, limit: Duration) -> Result<(), Forfeit> {
        let Some(process) = self.process.as_mut() else {
            return Err(self.fail("is not running".into(), None));
        };
        let sent = process.send(&self.out, deadline, limit);
        self.out.clear();
        sent.map_err(|e| self.process_failed(e))
    }

    /// Asks for an action: sends the queued events and the request, and reads the answer (its
    /// `then`, if any, becomes the plan [`Session::planned`] hands out).
    ///
    /// # Errors
    /// Any violation (see the module docs); the game is then forfeited.
    pub fn act<G: Game>(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
    ) -> Result<G::Action, Forfeit> {
        if let Some(f) = &self.forfeit {
            return Err(f.clone());
        }
        self.plan.clear();
        self.requests += 1;
        let limit = self.spec.time_limit;
        let deadline = Instant::now() + limit;
        let _ = write!(
            Buffer(&mut self.out),
            r#"{{"type":"act","ms":{}"#,
            limit.as_millis()
        );
        if self.options.view {
            self.out.extend_from_slice(br#","view":"#);
            let _ = serde_json::to_writer(&mut self.out, view);
        }
        match self.options.legal {
            LegalForm::None => {}
            LegalForm::Json => {
                self.out.extend_from_slice(br#","legal":"#);
                let _ = serde_json::to_writer(&mut self.out, legal);
            }
            LegalForm::Text => {
                self.out.extend_from_slice(br#","legal":["#);
                for (i, a) in legal.iter().enumerate() {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.text.clear();
                    let _ = write!(self.text, "{a}");
                    let _ = serde_json::to_writer(&mut self.out, &self.text);
                }
                self.out.push(b']');
            }
        }
        self.out.extend_from_slice(b"}\n");
        self.flush(deadline, limit)?;
        loop {
            let line = self.next_line(deadline, limit)?;
            match serde_json::from_slice::<FromBot>(&line) {
                Ok(FromBot::Action { action, then }) => {
                    let answer = self.legal_answer::<G>(action, legal, &line, Source::Answer);
                    if answer.is_ok() && !then.is_empty() {
                        self.plan.extend(then);
                        self.plan_line = line;
                    }
                    return answer;
                }
                Ok(FromBot::Log { text }) => self.write_log(&text),
                Ok(FromBot::Ready { .. }) => {
                    return Err(self.fail(
                        "sent ready again, when an action was asked for".into(),
                        Some(&line),
                    ))
                }
                Err(e) => return Err(self.bad_line(&line, &e)),
            }
        }
    }

    fn legal_answer<G: Game>(
        &mut self,
        answer: Value,
        legal: &[G::Action],
        line: &[u8],
        from: Source,
    ) -> Result<G::Action, Forfeit> {
        let how = match from {
            Source::Answer => "answered",
            Source::Plan => "planned (in `then`)",
        };
        let found = match &answer {
            Value::String(text) => {
                let wanted = text.split_whitespace();
                legal.iter().position(|a| {
                    self.text.clear();
                    let _ = write!(self.text, "{a}");
                    self.text.split_whitespace().eq(wanted.clone())
                })
            }
            _ => match serde_json::from_value::<G::Action>(answer) {
                Ok(action) => legal.iter().position(|a| *a == action),
                Err(e) => {
                    return Err(self.fail(
                        format!("{how} an action that is not one of the game's actions ({e})"),
                        Some(line),
                    ))
                }
            },
        };
        match found {
            Some(i) => Ok(legal[i].clone()),
            None => {
                let reason = match from {
                    Source::Answer => format!(
                        "answered an illegal action ({} legal actions were offered)",
                        legal.len()
                    ),
                    Source::Plan => format!(
                        "planned (in `then`) an action that is not legal when it is due ({} legal actions then)",
                        legal.len()
                    ),
                };
                Err(self.fail(reason, Some(line)))
            }
        }
    }

    /// Ends a game stopped unfinished: sends `over` with outcome `null`.
    pub fn over_unfinished(&mut self) {
        let _ = self.over_value(&Value::Null);
    }

    /// Ends the game: sends `over` with the outcome (unless the bot forfeited) and returns
    /// this game's forfeit, if any.
    pub fn over<G: Game>(&mut self, outcome: &G::Outcome) -> Option<Forfeit> {
        self.over_value(outcome)
    }

    fn over_value(&mut self, outcome: &impl serde::Serialize) -> Option<Forfeit> {
        if self.in_game && self.forfeit.is_none() && self.process.is_some() {
            self.out.extend_from_slice(br#"{"type":"over","outcome":"#);
            let _ = serde_json::to_writer(&mut self.out, outcome);
            self.out.extend_from_slice(b"}\n");
            let limit = self.spec.time_limit;
            let _ = self.flush(Instant::now() + limit, limit);
        }
        self.in_game = false;
        self.out.clear();
        self.forfeit.take()
    }

    /// Sends `quit` and stops the process (half a second's grace, then killed). Returns
    /// `false` if a running process had to be killed.
    pub fn quit(&mut self) -> bool {
        match self.process.take() {
            Some(mut process) => {
                let limit = Duration::from_millis(500);
                let _ = process.send(b"{\"type\":\"quit\"}\n", Instant::now() + limit, limit);
                process.stop(limit)
            }
            None => true,
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.quit();
    }
}

/// `fmt::Write` into a byte buffer.
struct Buffer<'a>(&'a mut Vec<u8>);

impl fmt::Write for Buffer<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}
