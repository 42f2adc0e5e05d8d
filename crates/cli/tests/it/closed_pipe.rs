//! A report command whose reader goes away (`tabletop bench thegame | head -1`) ends quietly,
//! as Unix filters do, instead of panicking in `println!`.

#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_a_report_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["bench", "thegame", "--bot", "random", "--games", "2000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The reader leaves before the first line is written.
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr)
        .expect("stderr is readable");
    let status = child.wait().expect("the process ends");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(
        status.success() || status.signal() == Some(libc::SIGPIPE),
        "status {status:?}, stderr: {stderr}"
    );
}
