//! Several `tabletop serve` processes on one PostgreSQL database, under failure: one killed with
//! SIGKILL in the middle of play, and the database itself restarted under load; and the
//! analysis worker on PostgreSQL.
//!
//! They need a PostgreSQL server: `TABLETOP_TEST_POSTGRES` names a database the tests may create
//! schemas in (`.ci/run` starts one). The restart test also needs
//! `TABLETOP_TEST_POSTGRES_RESTART`, a shell command that restarts that server and returns once
//! it accepts connections again. Without them each test prints why it is skipped and passes.

use crate::common;

use loadgen::HttpClient;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const DATABASE_VAR: &str = "TABLETOP_TEST_POSTGRES";
const RESTART_VAR: &str = "TABLETOP_TEST_POSTGRES_RESTART";

/// Held by each test: one restarts the database server that the other uses.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// How long a player thinks before each action, so that games outlast the failure.
const THINK: Duration = Duration::from_millis(10);

/// A URL for a new, empty schema of the test database, and a client on it.
async fn fresh_database() -> Option<(String, tokio_postgres::Client)> {
    let Ok(url) = std::env::var(DATABASE_VAR) else {
        eprintln!("skipped: set {DATABASE_VAR} to a PostgreSQL URL to run this test");
        return None;
    };
    let (admin, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .expect("the test database");
    tokio::spawn(connection);
    let schema = format!("t{:016x}", rand::random::<u64>());
    admin
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .await
        .unwrap();
    let separator = if url.contains('?') { '&' } else { '?' };
    let url = format!("{url}{separator}options=-c%20search_path%3D{schema}");
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    Some((url, client))
}

/// `tabletop serve --database URL` on a free loopback port; answers the process and its URL.
fn serve(database: &str, bot_delay_ms: u64) -> (Child, String) {
    let delay = bot_delay_ms.to_string();
    common::spawn_serve(&[
        "--rate-per-second",
        "0",
        "--bot-delay-ms",
        &delay,
        "--database",
        database,
    ])
}

/// Every acknowledged action of one game: version → (seat, action).
type Acked = Arc<Mutex<BTreeMap<u64, (usize, Value)>>>;

/// What the clients of every game went through.
#[derive(Default)]
struct Tally {
    /// `stale_version` answers: another process's action came first, or had not reached the
    /// process asked yet.
    stale: AtomicU64,
    /// `storage_unavailable` answers, while the database was away.
    unavailable: AtomicU64,
    /// Requests that found no server (the killed one), before the client moved on.
    moved: AtomicU64,
}

/// A player's connection to the servers: the one it uses, and the others to move to when that
/// one is gone.
struct Player {
    servers: Vec<HttpClient>,
    at: usize,
}

impl Player {
    /// Sends a request, moving to the next server while this one does not answer, and waiting
    /// while the database is away (`storage_unavailable`) or the client is rate limited. Gives
    /// up after 60 s without an answer.
    async fn request(
        &mut self,
        tally: &Tally,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            assert!(
                Instant::now() < deadline,
                "no answer to {method} {path} in 60 s"
            );
            match self.servers[self.at].json(method, path, token, body).await {
                Ok((503, answer)) if answer["code"] == "storage_unavailable" => {
                    tally.unavailable.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Ok((429, _)) => tokio::time::sleep(Duration::from_millis(50)).await,
                Ok(answer) => return answer,
                Err(_) => {
                    tally.moved.fetch_add(1, Ordering::Relaxed);
                    self.at = (self.at + 1) % self.servers.len();
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        }
    }
}

/// Plays random legal actions for every seat of a game, seat `i` through server `i % n` first,
/// until the game ends; records every acknowledged action.
async fn play(
    servers: Vec<HttpClient>,
    id: String,
    tokens: Vec<String>,
    acked: Acked,
    tally: Arc<Tally>,
    seed: u64,
) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut players: Vec<Player> = (0..tokens.len())
        .map(|i| Player {
            servers: servers.clone(),
            at: i % servers.len(),
        })
        .collect();
    loop {
        // Each seat asks its own server whose turn it is, as a page on that server would.
        let mut acting = None;
        for (seat, player) in players.iter_mut().enumerate() {
            let path = format!("/api/games/{id}/view");
            let (status, view) = player
                .request(&tally, "GET", &path, Some(&tokens[seat]), None)
                .await;
            assert_eq!(status, 200, "{view}");
            if view["actor"]["type"] == "terminal" {
                return;
            }
            if view["actor"]["seat"].as_u64() == Some(seat as u64) {
                acting = Some((seat, view));
                break;
            }
        }
        let Some((seat, view)) = acting else {
            // The processes disagree for a moment: one has not heard of the last action yet.
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        tokio::time::sleep(THINK).await;
        let legal = view["legal"].as_array().unwrap();
        let action = legal[rng.gen_range(0..legal.len())].clone();
        let body = json!({"version": view["version"], "action": action});
        let path = format!("/api/games/{id}/actions");
        let (status, answer) = players[seat]
            .request(&tally, "POST", &path, Some(&tokens[seat]), Some(&body))
            .await;
        match (status, answer["code"].as_str()) {
            (200, _) => {
                let version = answer["version"].as_u64().unwrap();
                let earlier = acked.lock().unwrap().insert(version, (seat, action));
                assert!(
                    earlier.is_none(),
                    "game {id}: version {version} acknowledged twice"
                );
            }
            (409, Some("stale_version")) => {
                tally.stale.fetch_add(1, Ordering::Relaxed);
            }
            _ => panic!("game {id}: refused {status} {answer}"),
        }
    }
}

/// Starts [`play`] for every game, seeded from `seed`.
fn start_playing(
    servers: &[HttpClient],
    games: &[(String, Vec<String>, Acked)],
    tally: &Arc<Tally>,
    seed: u64,
) -> Vec<tokio::task::JoinHandle<()>> {
    games
        .iter()
        .enumerate()
        .map(|(i, (id, tokens, acked))| {
            tokio::spawn(play(
                servers.to_vec(),
                id.clone(),
                tokens.clone(),
                acked.clone(),
                tally.clone(),
                seed + i as u64,
            ))
        })
        .collect()
}

/// Creates `count` two-player games of The Game with human seats through `http`.
async fn human_games(http: &HttpClient, count: usize) -> Vec<(String, Vec<String>, Acked)> {
    let mut games = Vec::new();
    for _ in 0..count {
        let body = json!({"kind":"thegame","setup":{"players":2}});
        let (status, created) = http
            .json("POST", "/api/games", None, Some(&body))
            .await
            .unwrap();
        assert_eq!(status, 201, "{created}");
        let tokens = (0..2)
            .map(|s| created["seats"][s]["token"].as_str().unwrap().to_owned())
            .collect();
        games.push((
            created["game"].as_str().unwrap().to_owned(),
            tokens,
            Acked::default(),
        ));
    }
    games
}

/// Checks the database against the clients: every acknowledged action is stored once, as the
/// record of the version it was acknowledged as, and the records have no gaps.
async fn check_stored(db: &tokio_postgres::Client, games: &[(String, Vec<String>, Acked)]) {
    for (id, _, acked) in games {
        let rows = db
            .query(
                "SELECT seq, seat, action FROM actions WHERE game_id = $1 ORDER BY seq",
                &[id],
            )
            .await
            .unwrap();
        let stored: BTreeMap<u64, (usize, Value)> = rows
            .iter()
            .map(|r| {
                let action: String = r.get(2);
                (
                    r.get::<_, i64>(0) as u64,
                    (
                        r.get::<_, i16>(1) as usize,
                        serde_json::from_str(&action).unwrap(),
                    ),
                )
            })
            .collect();
        assert_eq!(
            stored.keys().copied().collect::<Vec<_>>(),
            (1..=stored.len() as u64).collect::<Vec<_>>(),
            "game {id}: records with gaps"
        );
        for (version, action) in acked.lock().unwrap().iter() {
            assert_eq!(
                stored.get(version),
                Some(action),
                "game {id}: acknowledged version {version}"
            );
        }
    }
}

async fn version_of(http: &HttpClient, id: &str) -> Option<(u64, Value)> {
    let (status, info) = http
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .ok()?;
    (status == 200).then(|| (info["version"].as_u64().unwrap_or(0), info))
}

/// Waits up to 20 s until the database holds every one of `ids` as finished.
async fn wait_all_finished(db: &tokio_postgres::Client, ids: &[String]) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let row = db
            .query_one(
                "SELECT count(*) FROM games WHERE finished AND id = ANY($1)",
                &[&ids],
            )
            .await
            .unwrap();
        if row.get::<_, i64>(0) as usize == ids.len() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "only {} of {} ended games are marked finished",
            row.get::<_, i64>(0),
            ids.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn acked_total(games: &[(String, Vec<String>, Acked)]) -> usize {
    games.iter().map(|(_, _, a)| a.lock().unwrap().len()).sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_games_and_one_goes_on_when_the_other_is_killed() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let Some((database, db)) = fresh_database().await else {
        return;
    };
    let (mut first, first_url) = serve(&database, 100);
    let (mut second, second_url) = serve(&database, 100);
    let (one, two) = (HttpClient::new(&first_url), HttpClient::new(&second_url));
    let games = human_games(&one, 6).await;
    // Bots alone, created on the process that is killed: it holds their lease.
    let bots = json!({"kind":"thegame","setup":{"players":3},"seats":[
        {"type":"bot","bot":"heuristic"},{"type":"bot","bot":"heuristic"},{"type":"bot","bot":"random"}]});
    let (status, created) = one
        .json("POST", "/api/games", None, Some(&bots))
        .await
        .unwrap();
    assert_eq!(status, 201, "{created}");
    let bot_game = created["game"].as_str().unwrap().to_owned();

    // An action accepted by one process shows on the other promptly.
    let (id, tokens, acked) = &games[0];
    let (_, view) = two
        .json(
            "GET",
            &format!("/api/games/{id}/view"),
            Some(&tokens[0]),
            None,
        )
        .await
        .unwrap();
    let body = json!({"version": 0, "action": view["legal"][0]});
    let (status, answer) = one
        .json(
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&tokens[0]),
            Some(&body),
        )
        .await
        .unwrap();
    assert_eq!(status, 200, "{answer}");
    acked
        .lock()
        .unwrap()
        .insert(1, (0, view["legal"][0].clone()));
    let deadline = Instant::now() + Duration::from_secs(10);
    while version_of(&two, id).await.map(|v| v.0) != Some(1) {
        assert!(
            Instant::now() < deadline,
            "the other process never showed version 1"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    let tally = Arc::new(Tally::default());
    let players = start_playing(&[one.clone(), two.clone()], &games, &tally, 0);
    let deadline = Instant::now() + Duration::from_secs(60);
    while acked_total(&games) < 40 || version_of(&two, &bot_game).await.map(|v| v.0) < Some(3) {
        assert!(Instant::now() < deadline, "no progress before the kill");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    first.kill().unwrap(); // SIGKILL
    first.wait().unwrap();
    let at_kill = acked_total(&games);
    let bot_version_at_kill = version_of(&two, &bot_game).await.unwrap().0;

    // Its clients move to the other process and play on, to the end.
    let deadline = Instant::now() + Duration::from_secs(120);
    for p in players {
        tokio::time::timeout_at(deadline.into(), p)
            .await
            .expect("games did not end within 120 s")
            .unwrap();
    }
    assert!(
        acked_total(&games) > at_kill,
        "nothing was played after the kill"
    );
    assert!(
        tally.moved.load(Ordering::Relaxed) > 0,
        "no client had to move"
    );
    // The killed process's bots are driven by the survivor once their lease expires.
    loop {
        let (version, info) = version_of(&two, &bot_game).await.unwrap();
        if info["actor"]["type"] == "terminal" {
            assert!(version > bot_version_at_kill, "{info}");
            break;
        }
        assert!(Instant::now() < deadline, "the bots did not resume: {info}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for (id, _, _) in &games {
        let (_, info) = version_of(&two, id).await.unwrap();
        assert_eq!(info["actor"]["type"], "terminal", "{info}");
    }
    check_stored(&db, &games).await;
    // The games are marked over in the database, also those whose lease the killed process
    // held: by the survivor, once it drives them.
    let mut ids: Vec<String> = games.iter().map(|(id, _, _)| id.clone()).collect();
    ids.push(bot_game.clone());
    wait_all_finished(&db, &ids).await;
    second.kill().unwrap();
    second.wait().unwrap();
    eprintln!(
        "acknowledged {} actions ({at_kill} before the kill); stale answers {}, moves {}",
        acked_total(&games),
        tally.stale.load(Ordering::Relaxed),
        tally.moved.load(Ordering::Relaxed)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_restart_under_load_loses_nothing_acknowledged() {
    let Ok(restart) = std::env::var(RESTART_VAR) else {
        eprintln!("skipped: set {RESTART_VAR} to a command that restarts the test database");
        return;
    };
    let _alone = ONE_AT_A_TIME.lock().await;
    let Some((database, _)) = fresh_database().await else {
        return;
    };
    let (mut first, first_url) = serve(&database, 50);
    let (mut second, second_url) = serve(&database, 50);
    let (one, two) = (HttpClient::new(&first_url), HttpClient::new(&second_url));
    let games = human_games(&one, 6).await;
    let bots = json!({"kind":"thegame","setup":{"players":2},"seats":[
        {"type":"bot","bot":"random"},{"type":"bot","bot":"random"}]});
    let (_, created) = two
        .json("POST", "/api/games", None, Some(&bots))
        .await
        .unwrap();
    let bot_game = created["game"].as_str().unwrap().to_owned();
    let tally = Arc::new(Tally::default());
    let players = start_playing(&[one.clone(), two.clone()], &games, &tally, 50);
    let deadline = Instant::now() + Duration::from_secs(60);
    while acked_total(&games) < 30 {
        assert!(Instant::now() < deadline, "no progress before the restart");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let before = acked_total(&games);
    let status = tokio::task::spawn_blocking(move || {
        Command::new("sh")
            .args(["-c", &restart])
            .stdout(Stdio::null())
            .status()
    })
    .await
    .unwrap()
    .unwrap();
    assert!(status.success(), "the restart command failed");
    let after_restart = acked_total(&games);
    let deadline = Instant::now() + Duration::from_secs(120);
    for p in players {
        tokio::time::timeout_at(deadline.into(), p)
            .await
            .expect("games did not end within 120 s of the restart")
            .unwrap();
    }
    assert!(
        acked_total(&games) > after_restart,
        "nothing was played after the restart"
    );
    loop {
        let (_, info) = version_of(&two, &bot_game).await.unwrap();
        if info["actor"]["type"] == "terminal" {
            break;
        }
        assert!(Instant::now() < deadline, "the bots stopped: {info}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A new connection: the test's own went down with the database.
    let (db, connection) = tokio_postgres::connect(&database, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    check_stored(&db, &games).await;
    for child in [&mut first, &mut second] {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    eprintln!(
        "acknowledged {} actions ({before} before the restart); storage_unavailable answers {}, stale {}",
        acked_total(&games),
        tally.unavailable.load(Ordering::Relaxed),
        tally.stale.load(Ordering::Relaxed)
    );
}

/// Two `tabletop serve` processes on one database (no bot pause), killed when dropped.
struct TwoProcesses {
    children: Vec<Child>,
    one: HttpClient,
    two: HttpClient,
}

impl TwoProcesses {
    fn start(database: &str) -> TwoProcesses {
        let (first, first_url) = serve(database, 0);
        let (second, second_url) = serve(database, 0);
        TwoProcesses {
            children: vec![first, second],
            one: HttpClient::new(&first_url),
            two: HttpClient::new(&second_url),
        }
    }

    /// Creates `count` two-player games on the first process, plays them to the end with
    /// seat 0 on the first process and seat 1 on the second, and returns once both processes
    /// show every game over.
    async fn games_played_to_the_end(
        &self,
        count: usize,
        seed: u64,
    ) -> Vec<(String, Vec<String>, Acked)> {
        let games = human_games(&self.one, count).await;
        let tally = Arc::new(Tally::default());
        let both = [self.one.clone(), self.two.clone()];
        let deadline = Instant::now() + Duration::from_secs(120);
        for p in start_playing(&both, &games, &tally, seed) {
            tokio::time::timeout_at(deadline.into(), p)
                .await
                .expect("games did not end within 120 s")
                .unwrap();
        }
        for (id, _, _) in &games {
            for server in &both {
                while version_of(server, id).await.unwrap().1["actor"]["type"] != "terminal" {
                    assert!(
                        Instant::now() < deadline,
                        "game {id} never ended on a process"
                    );
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
        games
    }
}

impl Drop for TwoProcesses {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Both processes follow every game to its end, but only the one that drives a game marks it
/// finished: when both did, their write batches waited on each other's rows, and PostgreSQL
/// broke each such deadlock only after a second (the one-second tail of `bench serve` with two
/// processes).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_on_two_processes_is_marked_finished_once() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let Some((database, db)) = fresh_database().await else {
        return;
    };
    let servers = TwoProcesses::start(&database);
    // Every write of a game's `finished` flag, as the database saw it.
    db.batch_execute(
        "CREATE TABLE finish_marks (game_id text NOT NULL);
         CREATE FUNCTION note_finish() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN INSERT INTO finish_marks VALUES (NEW.id); RETURN NEW; END $$;
         CREATE TRIGGER note_finish AFTER UPDATE OF finished ON games
         FOR EACH ROW EXECUTE FUNCTION note_finish();",
    )
    .await
    .unwrap();
    // Both processes have the games' ends (so any mark of theirs is queued), then each commits
    // one more write: a process's writes commit in order, so every queued mark is in by then.
    let games = servers.games_played_to_the_end(8, 100).await;
    for server in [&servers.one, &servers.two] {
        let body = json!({"kind":"thegame","setup":{"players":2}});
        let (status, created) = server
            .json("POST", "/api/games", None, Some(&body))
            .await
            .unwrap();
        assert_eq!(status, 201, "{created}");
    }
    let ids: Vec<String> = games.iter().map(|(id, _, _)| id.clone()).collect();
    wait_all_finished(&db, &ids).await;
    check_stored(&db, &games).await;
    let marks: BTreeMap<String, i64> = db
        .query(
            "SELECT game_id, count(*) FROM finish_marks GROUP BY game_id",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    for id in &ids {
        assert_eq!(marks.get(id), Some(&1), "game {id}: marks {marks:?}");
    }
}

/// Two players ask for a rematch at the same moment, each on another process: both get the
/// same new game (the database keeps one rematch per game; the other process joins it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_asked_on_two_processes_at_once_is_one_game() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let Some((database, db)) = fresh_database().await else {
        return;
    };
    let servers = TwoProcesses::start(&database);
    for (id, tokens, _) in servers.games_played_to_the_end(4, 200).await {
        let path = format!("/api/games/{id}/rematch");
        let (a, b) = tokio::join!(
            servers.one.json("POST", &path, Some(&tokens[0]), None),
            servers.two.json("POST", &path, Some(&tokens[1]), None)
        );
        let ((status_a, a), (status_b, b)) = (a.unwrap(), b.unwrap());
        assert_eq!((status_a, status_b), (200, 200), "{a} {b}");
        assert_eq!(a["game"], b["game"], "game {id}: two rematches: {a} {b}");
        let stored: i64 = db
            .query_one("SELECT count(*) FROM games WHERE rematch_of = $1", &[&id])
            .await
            .unwrap()
            .get(0);
        assert_eq!(stored, 1, "game {id}");
    }
}

/// A player whose connection reached one process is present on every process: shown as
/// connected there, and not replaceable by a bot (`player_present`) from there. Once the
/// connection closes and the time allowed has passed, the creator may replace them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_connected_to_one_process_is_present_on_the_other() {
    use futures_util::SinkExt;
    let _alone = ONE_AT_A_TIME.lock().await;
    let Some((database, _db)) = fresh_database().await else {
        return;
    };
    let servers = TwoProcesses::start(&database);
    let (one, two) = (&servers.one, &servers.two);
    let body = json!({"kind":"thegame","setup":{"players":2},
        "options":{"replace_after_seconds":1}});
    let (status, created) = one
        .json("POST", "/api/games", None, Some(&body))
        .await
        .unwrap();
    assert_eq!(status, 201, "{created}");
    let id = created["game"].as_str().unwrap().to_owned();
    let token = created["seats"][1]["token"].as_str().unwrap().to_owned();
    let creator = created["creator"]["token"].as_str().unwrap().to_owned();
    let ws = format!("{}/api/games/{id}/ws", two.base().replacen("http", "ws", 1));
    let (mut socket, _) = tokio_tungstenite::connect_async(ws.as_str()).await.unwrap();
    let hello = json!({"type":"hello","token":token}).to_string();
    socket
        .send(tokio_tungstenite::tungstenite::Message::text(hello))
        .await
        .unwrap();
    // The first process learns of the connection at the second's next roll call.
    let deadline = Instant::now() + Duration::from_secs(20);
    while version_of(one, &id).await.unwrap().1["seats"][1]["connected"] != true {
        assert!(
            Instant::now() < deadline,
            "the first process never showed seat 1 connected"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Past the time allowed to be away, and the player is still connected at the second.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let replace = format!("/api/games/{id}/seats/1/replace");
    let (status, refused) = one
        .json("POST", &replace, Some(&creator), None)
        .await
        .unwrap();
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("player_present")),
        "{refused}"
    );
    // Gone from the second process: absent everywhere three roll calls later, then replaceable.
    socket.close(None).await.unwrap();
    drop(socket);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, answer) = one
            .json("POST", &replace, Some(&creator), None)
            .await
            .unwrap();
        if status == 200 {
            break;
        }
        assert_eq!(answer["code"], "player_present", "{answer}");
        assert!(Instant::now() < deadline, "seat 1 never became replaceable");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (_, info) = version_of(two, &id).await.unwrap();
    assert_eq!(info["seats"][1]["connected"], false, "{info}");
}

/// `tabletop bench serve --database URL --processes 2`, briefly: the load generator spreads its
/// connections over both processes (one game's seats on both), games are played to their end,
/// and the bench's own check finds every acknowledged action stored exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_two_process_bench_stores_every_acknowledged_action_once() {
    let _one = ONE_AT_A_TIME.lock().await;
    let Ok(url) = std::env::var(DATABASE_VAR) else {
        eprintln!("skipped: set {DATABASE_VAR} to a PostgreSQL URL to run this test");
        return;
    };
    let output = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["bench", "serve", "--database", &url, "--processes", "2"])
            .args(["--games", "20", "--seconds", "4", "--think-ms", "10"])
            .output()
            .expect("tabletop bench serve runs")
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "bench serve failed: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let over = stdout
        .lines()
        .find(|l| l.starts_with("bench serve:"))
        .expect("the run's first line");
    assert_eq!(
        over.matches(" http://127.0.0.1:").count(),
        2,
        "two processes served the load: {over}"
    );
    let number_before = |line_start: &str, word: &str| -> u64 {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(line_start))
            .unwrap_or_else(|| panic!("no {line_start:?} line in {stdout}"));
        let at = line.find(word).expect(word);
        line[..at]
            .split_whitespace()
            .last()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no number before {word:?} in {line}"))
    };
    assert!(number_before("games:", " finished") > 0, "{stdout}");
    assert!(number_before("games:", " accepted") > 100, "{stdout}");
    assert!(
        stdout.contains("lost 0, unacknowledged extra 0, games with gaps 0"),
        "{stdout}"
    );
}

/// The analysis worker runs on PostgreSQL too: a game that finishes on a server with a small
/// analysis budget is analysed, and the report is read back from the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_on_postgres() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let Some((database, db)) = fresh_database().await else {
        return;
    };
    let (child, url) = common::spawn_serve(&[
        "--rate-per-second",
        "0",
        "--bot-delay-ms",
        "0",
        "--analysis-budget",
        "2",
        "--database",
        &database,
    ]);
    let server = HttpClient::new(&url);
    let game = json!({"kind": "thegame", "setup": {"players": 2, "seed": 3},
        "seats": [{"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "heuristic"}]});
    let (status, created) = common::call(&server, "POST", "/api/games", None, Some(game)).await;
    assert_eq!(status, 201, "{created}");
    let id = common::game_id(&created);
    common::info_until(&server, &id, |i| i["actor"]["type"] == "terminal").await;
    let report = common::analysis_report(&server, &id, Duration::from_secs(300)).await;
    assert_eq!(
        (report["game"].as_str(), report["samples"].as_u64()),
        (Some("thegame"), Some(2))
    );
    let stored: i64 = db
        .query_one(
            "SELECT count(*) FROM analyses WHERE game_id = $1 AND status = 'done'",
            &[&id],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 1);
    common::kill(child);
}
