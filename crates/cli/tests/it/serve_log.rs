//! `tabletop serve` writes its log without terminal colour codes when stderr is not a terminal
//! (a file, a pipe, a service manager's journal).

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

#[test]
fn the_log_has_no_colour_codes_when_stderr_is_not_a_terminal() {
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .env("RUST_LOG", "info")
        .env_remove("NO_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.starts_with("Tabletop is running"), "{first:?}");
    // The start-up log line is written before the URL; stop the server and read it all.
    child.kill().unwrap();
    child.wait().unwrap();
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(log.contains("resumed 0 games"), "{log:?}");
    assert!(!log.contains('\u{1b}'), "colour codes in the log: {log:?}");
}
