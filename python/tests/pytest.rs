//! Runs the Python package's tests (`python/tests`, pytest) from `cargo test`, so the README's
//! one test command covers them: the package is built with maturin and installed into a
//! virtual environment under `target/`, which sees the interpreter's own packages (numpy,
//! pytest, pettingzoo, gymnasium, maturin; `.ci/run` installs them).
//!
//! The build is the release profile without link-time optimisation (16 codegen units), in the
//! workspace's own target directory: the profile `.ci/run` gives the README's `pip install`,
//! whose build this one then reuses but for the package itself. (Cargo holds its build lock only
//! while it compiles, not while tests run, so this build does not wait on the outer `cargo
//! test`.)
//!
//! Without those tools the test fails when `CI` is set, and is skipped with a notice otherwise.
//! `open_spiel` is not among them: without it `test_openspiel.py` alone skips itself with a
//! notice (and fails under `CI=true`, as `.ci/run` installs it).

use std::path::{Path, PathBuf};
use std::process::Command;

const MODULES: &[&str] = &["maturin", "numpy", "pytest", "pettingzoo", "gymnasium"];

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// Why the Python tests cannot run here, if they cannot.
fn missing_tools() -> Option<String> {
    let check = format!(
        "import importlib.util, sys; missing = [m for m in {MODULES:?} if importlib.util.find_spec(m) is None]; print(' '.join(missing)); sys.exit(1 if missing else 0)"
    );
    match Command::new(python()).args(["-c", &check]).output() {
        Err(e) => Some(format!("cannot run {}: {e}", python())),
        Ok(out) if !out.status.success() => Some(format!(
            "the Python modules {} are missing (pip install maturin numpy pytest pettingzoo gymnasium)",
            String::from_utf8_lossy(&out.stdout).trim()
        )),
        Ok(_) => None,
    }
}

fn run(what: &str, cmd: &mut Command) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    println!("{text}");
}

#[test]
fn python_package_tests_pass() {
    if let Some(why) = missing_tools() {
        if std::env::var_os("CI").is_some_and(|v| v == "true" || v == "1") {
            panic!("the Python tests cannot run in CI: {why}");
        }
        eprintln!("NOTICE: skipping the Python package's tests: {why}");
        return;
    }
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = package.parent().expect("the workspace root");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let venv = target.join("python-test-venv");
    if !venv.join("bin/python").exists() {
        run(
            "creating the virtual environment",
            Command::new(python())
                .args(["-m", "venv", "--system-site-packages"])
                .arg(&venv),
        );
    }
    let venv_python = venv.join("bin/python");
    run(
        "building and installing the package",
        Command::new(&venv_python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-build-isolation",
                "--no-deps",
                "--force-reinstall",
            ])
            .arg(package)
            // The test game High Card too (`tabletop._tabletop.HighCardState`, test_highcard.py).
            .env(
                "MATURIN_PEP517_ARGS",
                "--features extension-module,highcard",
            )
            .env("CARGO_PROFILE_RELEASE_LTO", "off")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
            .env("CARGO_TARGET_DIR", &target),
    );
    run(
        "pytest",
        Command::new(&venv_python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(package.join("tests"))
            // Import the installed package, not the source folder next to the tests.
            .current_dir(&target),
    );
}
