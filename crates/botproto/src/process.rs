//! One bot program: a child process spoken to in lines over its stdin and stdout, its stderr
//! copied to a log file.
//!
//! Decisions:
//! - The command runs under `sh -c` (so `exec:./bot --depth 3` or `exec:cd x && python3 b.py`
//!   work as typed) in a process group of its own; killing the bot kills the whole group, so a
//!   shell wrapper cannot leave the real bot running. A simple command (no quotes, `$`,
//!   redirections or operators) is run as `exec COMMAND`, so no shell stays between host and
//!   bot holding the pipes open.
//! - After `quit` the host closes the bot's stdin, so a bot that reads to the end of its input
//!   ends too; after half a second it is killed.
//! - No reader threads for stdout: the host waits with `poll(2)` up to the deadline and reads
//!   what is there into its own buffer. A decision is then one write and one or two reads, with
//!   no thread hand-off (a channel hop costs a wake-up per decision, which matters at tens of
//!   thousands of decisions a second).
//! - Before sleeping in `poll(2)`, the host looks for the answer for 50 µs, yielding the CPU
//!   between non-blocking polls: a fast bot (a Rust relay, an echo) answers within that, and
//!   the host's own sleep and wake-up, which cost more than the rest of the round trip, are
//!   saved. `protocol_bench roundtrip` measured the relay at 53-64 µs a decision without it and
//!   36-43 µs with it (and 50 µs beats 200 µs), on the loaded 2-core machine
//!   (`docs/benchmarks.md`).
//! - Writes are non-blocking and bounded by the same deadline, so a bot that stops reading its
//!   input cannot hang the host once the pipe is full. A write to a bot that has exited is an
//!   `EPIPE` error, never a `SIGPIPE` that would end the host: the signal is blocked around
//!   the write and a signal raised by it is consumed.
//! - A line longer than [`MAX_LINE`] is refused as soon as that many bytes arrive without a
//!   newline; the host never buffers more.
//! - stderr is read by one thread into the log file, at most [`MAX_LOG`] bytes per process
//!   (a flooding bot is cut off with a note in the log, and keeps running: the pipe is drained).

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest line a bot may send, in bytes (the newline not counted).
pub const MAX_LINE: usize = 1 << 20;

/// The most bytes of stderr and log lines kept per bot process.
pub const MAX_LOG: u64 = 16 << 20;

/// Why talking to a bot process failed.
#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    /// The command could not be started.
    #[error("could not start `sh -c {command:?}`: {error}")]
    Spawn {
        /// The command.
        command: String,
        /// What the OS said.
        error: io::Error,
    },
    /// The log file could not be created.
    #[error("could not create the log file {}: {error}", path.display())]
    Log {
        /// The log file.
        path: PathBuf,
        /// What the OS said.
        error: io::Error,
    },
    /// Nothing complete arrived before the deadline.
    #[error("no answer within {} ms{}", limit.as_millis(), partial_note(partial))]
    Timeout {
        /// The time allowed.
        limit: Duration,
        /// What had arrived of an unfinished line.
        partial: String,
    },
    /// The bot did not read its input before the deadline (its stdin pipe stayed full).
    #[error("did not read its input within {} ms", limit.as_millis())]
    NotReading {
        /// The time allowed.
        limit: Duration,
    },
    /// The process ended.
    #[error("exited ({status})")]
    Exited {
        /// How it ended, as the OS reports it.
        status: String,
    },
    /// The process closed its stdout but kept running.
    #[error("closed its stdout")]
    ClosedStdout,
    /// The process closed its stdin (or exited) while the host was writing to it.
    #[error("closed its stdin")]
    ClosedStdin,
    /// A line longer than [`MAX_LINE`].
    #[error("sent a line longer than {MAX_LINE} bytes (it began {start:?})")]
    LineTooLong {
        /// The first bytes of the line.
        start: String,
    },
    /// Another I/O error.
    #[error("i/o error: {0}")]
    Io(#[from] io::Error),
}

fn partial_note(partial: &str) -> String {
    if partial.is_empty() {
        String::new()
    } else {
        format!(" (an unfinished line had begun: {partial:?})")
    }
}

/// A log file shared by the stderr thread and the host, capped at [`MAX_LOG`] bytes.
pub struct LogFile {
    path: PathBuf,
    file: Mutex<(File, u64)>,
}

impl LogFile {
    fn create(path: &Path) -> Result<LogFile, ProcessError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|error| ProcessError::Log {
                path: path.to_path_buf(),
                error,
            })?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| ProcessError::Log {
                path: path.to_path_buf(),
                error,
            })?;
        Ok(LogFile {
            path: path.to_path_buf(),
            file: Mutex::new((file, 0)),
        })
    }

    /// Where the log is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `bytes`, up to the cap; write errors are dropped (a full disk must not stop a
    /// game).
    pub fn append(&self, bytes: &[u8]) {
        let Ok(mut guard) = self.file.lock() else {
            return;
        };
        let (file, written) = &mut *guard;
        if *written >= MAX_LOG {
            return;
        }
        let room = usize::try_from(MAX_LOG - *written).unwrap_or(usize::MAX);
        let part = &bytes[..bytes.len().min(room)];
        let _ = file.write_all(part);
        *written += part.len() as u64;
        if *written >= MAX_LOG {
            let _ = writeln!(
                file,
                "\n[tabletop: log cut off at {MAX_LOG} bytes; the rest is discarded]"
            );
        }
    }
}

/// A running bot program.
pub struct Process {
    child: Child,
    /// `None` once closed (after `quit`, so bots that read to the end of input end too).
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    /// Bytes read from stdout and not yet returned as lines: `buf[start..]`.
    buf: Vec<u8>,
    start: usize,
    log: Arc<LogFile>,
}

impl Process {
    /// Starts `sh -c command` with its stderr going to `log_path` (appended; directories
    /// created).
    ///
    /// # Errors
    /// The log file or the process could not be created.
    pub fn spawn(command: &str, log_path: &Path) -> Result<Process, ProcessError> {
        let log = Arc::new(LogFile::create(log_path)?);
        // A simple command is exec'd by the shell, so the bot is the child itself and closing
        // its stdout or exiting is seen at once (no shell left holding the pipes).
        let simple = !command.contains(|c: char| ";&|<>()`$\n\\'\"".contains(c));
        let script = if simple {
            format!("exec {command}")
        } else {
            command.to_string()
        };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|error| ProcessError::Spawn {
                command: command.to_string(),
                error,
            })?;
        let (Some(stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ProcessError::Io(io::Error::other("missing pipes")));
        };
        set_nonblocking(stdin.as_raw_fd())?;
        let sink = Arc::clone(&log);
        std::thread::Builder::new()
            .name("bot-stderr".into())
            .spawn(move || {
                let mut chunk = [0u8; 8192];
                loop {
                    match stderr.read(&mut chunk) {
                        Ok(0) => break,
                        Ok(n) => sink.append(&chunk[..n]),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(_) => break,
                    }
                }
            })?;
        Ok(Process {
            child,
            stdin: Some(stdin),
            stdout,
            buf: Vec::with_capacity(8192),
            start: 0,
            log,
        })
    }

    /// The log file of this process.
    pub fn log(&self) -> &Arc<LogFile> {
        &self.log
    }

    /// Writes `bytes` (whole lines) before `deadline`.
    ///
    /// # Errors
    /// The bot exited or closed its stdin, or did not read in time.
    pub fn send(
        &mut self,
        mut bytes: &[u8],
        deadline: Instant,
        limit: Duration,
    ) -> Result<(), ProcessError> {
        let Some(stdin) = &self.stdin else {
            return Err(ProcessError::ClosedStdin);
        };
        let fd = stdin.as_raw_fd();
        while !bytes.is_empty() {
            match write_without_sigpipe(fd, bytes) {
                Ok(n) => bytes = &bytes[n..],
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    if !wait_for(fd, libc::POLLOUT, deadline)? {
                        return Err(ProcessError::NotReading { limit });
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                    return Err(self.ended().unwrap_or(ProcessError::ClosedStdin));
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// The next line from stdout (without its newline, possibly not UTF-8), waiting until
    /// `deadline`.
    ///
    /// # Errors
    /// Nothing complete in time, end of output, or a line over [`MAX_LINE`].
    pub fn read_line(
        &mut self,
        deadline: Instant,
        limit: Duration,
    ) -> Result<Vec<u8>, ProcessError> {
        let mut searched = self.start;
        loop {
            if let Some(i) = self.buf[searched..].iter().position(|&b| b == b'\n') {
                let end = searched + i;
                let line = self.buf[self.start..end].to_vec();
                self.start = end + 1;
                if self.start == self.buf.len() {
                    self.buf.clear();
                    self.start = 0;
                }
                return Ok(line);
            }
            searched = self.buf.len();
            if self.buf.len() - self.start > MAX_LINE {
                let start = String::from_utf8_lossy(&self.buf[self.start..self.start + 120]);
                return Err(ProcessError::LineTooLong {
                    start: start.into_owned(),
                });
            }
            if self.start > 0 {
                self.buf.drain(..self.start);
                searched -= self.start;
                self.start = 0;
            }
            let fd = self.stdout.as_raw_fd();
            if !answered_soon(fd) && !wait_for(fd, libc::POLLIN, deadline)? {
                return Err(ProcessError::Timeout {
                    limit,
                    partial: String::from_utf8_lossy(&self.buf[..self.buf.len().min(200)])
                        .into_owned(),
                });
            }
            let old = self.buf.len();
            // Small reads: answers are short, and zeroing a big chunk per read costs more than it saves.
            self.buf.resize(old + 8192, 0);
            let read = self.stdout.read(&mut self.buf[old..]);
            match read {
                Ok(0) => {
                    self.buf.truncate(old);
                    return Err(self.ended().unwrap_or(ProcessError::ClosedStdout));
                }
                Ok(n) => self.buf.truncate(old + n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => self.buf.truncate(old),
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(e.into());
                }
            }
        }
    }

    /// How the process ended, if it ends within a moment (a bot that closes its output is
    /// usually exiting).
    fn ended(&mut self) -> Option<ProcessError> {
        let until = Instant::now() + Duration::from_millis(100);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(ProcessError::Exited {
                    status: describe(status),
                });
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Waits up to `grace` for the process to exit by itself, then kills its process group.
    /// Returns whether it had exited by itself.
    pub fn stop(mut self, grace: Duration) -> bool {
        self.stdin = None;
        let until = Instant::now() + grace;
        loop {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // Drop kills the group and reaps the child.
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: sends a signal to the process group this host created for the bot
            // (`process_group(0)` makes the group id the child's pid); no memory is involved.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn describe(status: ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        _ => status.to_string(),
    }
}

fn set_nonblocking(fd: i32) -> io::Result<()> {
    // SAFETY: fcntl on a file descriptor this process owns (the child's stdin pipe).
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above; only the O_NONBLOCK flag is added.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Whether `fd` has input within a few microseconds, checked by yielding the CPU between
/// non-blocking polls: a fast bot's answer is then read without the host going to sleep and
/// being woken (a sleep and a wake-up cost more than the whole round trip to a fast bot).
fn answered_soon(fd: i32) -> bool {
    let until = Instant::now() + SPIN;
    loop {
        let mut pfd = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: `pfd` is a valid pollfd array of length 1 for the duration of the call.
        if unsafe { libc::poll(&mut pfd, 1, 0) } != 0 {
            return true;
        }
        if Instant::now() >= until {
            return false;
        }
        // SAFETY: no arguments; gives the core to another runnable thread, such as the bot.
        unsafe {
            libc::sched_yield();
        }
    }
}

/// How long [`answered_soon`] looks before the host sleeps in `poll(2)`.
const SPIN: Duration = Duration::from_micros(50);

/// Waits until `fd` is ready for `events` (or has hung up) or `deadline` passes; `false` on
/// timeout.
fn wait_for(fd: i32, events: libc::c_short, deadline: Instant) -> io::Result<bool> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        // Round up so a deadline a few microseconds away is not a busy loop of zero waits.
        let ms = i32::try_from(left.as_micros().div_ceil(1000)).unwrap_or(i32::MAX);
        let mut pfd = libc::pollfd {
            fd,
            events,
            revents: 0,
        };
        // SAFETY: `pfd` is a valid pollfd array of length 1 for the duration of the call.
        let n = unsafe { libc::poll(&mut pfd, 1, ms) };
        if n > 0 {
            return Ok(true);
        }
        if n == 0 {
            if Instant::now() >= deadline {
                return Ok(false);
            }
            continue;
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// `write(2)` with `SIGPIPE` blocked: a closed pipe is an `EPIPE` error for the caller, and
/// the signal the write raised is consumed, so it cannot end the process later (the CLI restores
/// the default `SIGPIPE` action for its report commands).
fn write_without_sigpipe(fd: i32, bytes: &[u8]) -> io::Result<usize> {
    // SAFETY: signal sets are initialised by sigemptyset before use; the masks change only for
    // this thread and are restored before returning; `bytes` is valid for its length.
    unsafe {
        let mut pipe: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe);
        libc::sigaddset(&mut pipe, libc::SIGPIPE);
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut old);
        let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let result = if n < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(n as usize)
        };
        if matches!(&result, Err(e) if e.kind() == io::ErrorKind::BrokenPipe)
            && libc::sigismember(&old, libc::SIGPIPE) == 0
        {
            let zero = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            libc::sigtimedwait(&pipe, std::ptr::null_mut(), &zero);
        }
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        result
    }
}
