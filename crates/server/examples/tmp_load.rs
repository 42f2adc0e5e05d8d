#[path = "../tests/common/highcard.rs"]
mod highcard;
use std::sync::Arc;
use std::time::Duration;

fn main() {
    let games: usize = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(1000);
    let players: u8 = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(3);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let store = Arc::new(server::SqliteStore::open(&path).unwrap());
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let addr = rt.block_on(async {
        let mut r = server::Registry::new();
        r.register_with_random::<highcard::HighCard>(server::Bots::new());
        let s = server::Server::start(server::Config { bot_delay: Duration::ZERO, ..Default::default() }, r, store).unwrap();
        let l = server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let a = l.local_addr().unwrap();
        tokio::spawn(s.serve(l));
        a
    });
    let lrt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let report = lrt.block_on(server::loadgen::run(server::loadgen::LoadConfig {
        base: format!("http://{addr}"),
        kind: "highcard".into(),
        setup: serde_json::json!({"players": players}),
        games,
        max_actions: 150_000,
        duration: Duration::from_secs(20),
        seed: 1,
        think: Duration::from_millis(std::env::args().nth(3).map(|s| s.parse().unwrap()).unwrap_or(150)),
    })).unwrap();
    println!("unanswered {} actions {} errors {} {:?} {:.0}/s p50 {:?} p99 {:?} max {:?} started {} finished {}", report.unanswered, report.actions, report.errors, report.elapsed, report.per_second(), report.p50, report.p99, report.max, report.games_started, report.games_finished);
    drop(lrt);
    drop(rt);
    let counts = server::store::action_counts(&path).unwrap();
    let mut bad = 0;
    for (g, c, m) in &counts { if report.acked.get(g).copied().unwrap_or(0) != *c || c != m { bad += 1; } }
    println!("games in db {} mismatched {}", counts.len(), bad);
}
