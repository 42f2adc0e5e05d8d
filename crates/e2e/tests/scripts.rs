//! The pages' JavaScript checked by its own tools: ESLint (`crates/server/eslint.config.js`,
//! which also forbids module-level mutable state) and the unit tests of the pure page logic
//! (`node --test crates/server/js-tests/`), with the real message catalogs as the server
//! compiles them.
//!
//! Node.js and the linter are what `.ci/run` installs (Node.js from the machine or Debian,
//! ESLint with `npm ci` from `crates/server/package-lock.json`). Without them this test fails
//! under `CI=true` and is skipped with a notice otherwise, as the browser tests are.

use std::path::{Path, PathBuf};
use std::process::Command;

fn pages_crate() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../server")
}

/// Whether a tool is missing and the test should stop (with a notice outside CI).
fn missing(what: &str, how: &str) -> bool {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(!ci, "{what} is missing under CI: {how}");
    eprintln!("skipped: {what} is missing ({how})");
    true
}

fn node_present() -> bool {
    Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs `program args` in the pages' crate and fails with its output unless it succeeds.
fn run(program: &Path, args: &[&str], envs: &[(&str, &Path)]) -> String {
    let out = Command::new(program)
        .args(args)
        .envs(envs.iter().map(|(k, v)| (*k, *v)))
        .current_dir(pages_crate())
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "{} {} failed:\n{text}",
        program.display(),
        args.join(" ")
    );
    text
}

#[test]
fn the_page_scripts_pass_the_linter() {
    let eslint = pages_crate().join("node_modules/.bin/eslint");
    if !node_present() && missing("node", "apt-get install nodejs npm") {
        return;
    }
    if !eslint.exists() && missing("eslint", "cd crates/server && npm ci") {
        return;
    }
    run(&eslint, &["--max-warnings", "0", "."], &[]);
}

#[test]
fn the_page_logic_passes_its_unit_tests() {
    if !node_present() && missing("node", "apt-get install nodejs npm") {
        return;
    }
    // The catalogs as the server serves them, for the tests of real messages.
    let dir = std::env::temp_dir().join(format!("tabletop-catalogs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let catalogs = server::catalog::catalogs().expect("the catalogs compile");
    for c in &catalogs.catalogs {
        std::fs::write(dir.join(format!("{}.json", c.lang)), &c.json).unwrap();
    }
    let out = run(
        Path::new("node"),
        &["--test", "js-tests/"],
        &[("TABLETOP_CATALOGS", &dir)],
    );
    std::fs::remove_dir_all(&dir).ok();
    // Every test ran: none skipped for want of the catalogs, none failed.
    assert!(out.contains("# fail 0"), "{out}");
    assert!(out.contains("# skipped 0"), "{out}");
    let passed = out
        .lines()
        .find_map(|l| l.strip_prefix("# pass "))
        .and_then(|n| n.trim().parse::<u32>().ok())
        .unwrap_or(0);
    assert!(passed >= 20, "only {passed} unit tests passed:\n{out}");
}
