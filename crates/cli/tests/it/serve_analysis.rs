//! `tabletop serve --no-analysis` and `--analysis-budget N`: a game that finishes on a server
//! without analyses waits in the queue, survives `kill -9`, and is analysed at the given budget
//! by the next server; a budget, or a share of a core, that is not one is refused before
//! anything starts.

use crate::common;

use common::{analysis_report, call, game_id, info_until, kill, serve};
use serde_json::json;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn a_budget_that_is_not_one_is_refused() {
    for budget in ["0", "lots"] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--analysis-budget",
                budget,
            ])
            .output()
            .unwrap();
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("\"{budget}\" is not an analysis budget")),
            "{stderr}"
        );
    }
}

#[test]
fn a_share_of_a_core_outside_0_01_to_1_is_refused() {
    for share in ["0", "1.5", "0.001", "half"] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["serve", "--addr", "127.0.0.1:0", "--analysis-share", share])
            .output()
            .unwrap();
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("\"{share}\" is not a share of a core"))
                && stderr.contains("from 0.01 to 1"),
            "{stderr}"
        );
    }
}

#[tokio::test]
async fn a_game_finished_without_analyses_is_analysed_after_kill_9() {
    let data = tempfile::tempdir().unwrap();
    let (first, http) = serve(data.path(), &["--bot-delay-ms", "0", "--no-analysis"]);
    let game = json!({"kind": "thegame", "setup": {"players": 2, "seed": 3},
        "seats": [{"type": "bot", "bot": "heuristic"}, {"type": "bot", "bot": "heuristic"}]});
    let (status, created) = call(&http, "POST", "/api/games", None, Some(game)).await;
    assert_eq!(status, 201, "{created}");
    let id = game_id(&created);
    info_until(&http, &id, |i| i["actor"]["type"] == "terminal").await;
    let path = format!("/api/games/{id}/analysis");
    let (status, refused) = call(&http, "POST", &path, None, None).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (503, Some("analysis_disabled"))
    );
    let deadline = Instant::now() + common::WAIT;
    loop {
        let (status, answer) = call(&http, "GET", &path, None, None).await;
        assert_eq!(status, 200, "{answer}");
        if answer["status"] == "queued" {
            break;
        }
        assert!(Instant::now() < deadline, "never queued: {answer}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    kill(first);

    let (second, http) = serve(data.path(), &["--analysis-budget", "2"]);
    let report = analysis_report(&http, &id, Duration::from_secs(600)).await;
    assert_eq!(
        (report["game"].as_str(), report["samples"].as_u64()),
        (Some("thegame"), Some(2))
    );
    kill(second);
}
