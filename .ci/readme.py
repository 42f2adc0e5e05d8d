#!/usr/bin/env python3
"""Runs every command a newcomer copies from README.md, as written or with smaller counts.

Each line of the README's ``sh`` blocks must have an entry in CHECKS, keyed by the exact line
(without its trailing comment): a command that no check runs is a command that can silently
break, so a new or changed README command without an entry fails this script. An entry either
runs the command as written, runs it with named replacements (smaller counts, a scratch
directory, a real game link), or says why it is not run here (`cargo test --workspace`, which
`.ci/run` runs itself).

`tabletop` stands for `target/release/tabletop`, as the README says; the README's first command,
`cargo run --release -- serve`, runs first and builds it. Servers are started, their printed URL
is fetched with `/api/kinds`, and they are stopped with Ctrl-C (SIGINT) as a person would.
The Python lines run in a fresh virtual environment, as a new user's would.

Usage: python3 .ci/readme.py [--only SUBSTRING]. Needs the network to PyPI for the Python lines;
the PostgreSQL lines run when TABLETOP_TEST_POSTGRES names a scratch database and are skipped,
with a notice, otherwise (`.ci/run` starts one).
"""

import json
import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLETOP = os.path.join(ROOT, "target", "release", "tabletop")
POSTGRES = os.environ.get("TABLETOP_TEST_POSTGRES")
# The first `cargo run --release` compiles the whole binary: give it as long as CI can.
FIRST_BUILD_SECONDS = 40 * 60
SERVER_START_SECONDS = 60
COMMAND_SECONDS = 15 * 60


class Fail(Exception):
    pass


def readme_commands():
    """Every command line of the README's sh blocks, without its trailing comment (`  # …`)."""
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M):
        for line in block.splitlines():
            # A comment is a '#' after white space and before white space; a URL's
            # '#token=' fragment is not one.
            line = re.sub(r"\s+#(\s.*)?$", "", line).strip()
            if line:
                commands.append(line)
    return commands


def words_of(command, replace):
    for old, new in replace:
        if old not in command:
            raise Fail(f"{command!r}: the check replaces {old!r}, which is not in it any more")
        command = command.replace(old, new)
    words = shlex.split(command)
    if words[0] == "tabletop":
        words[0] = TABLETOP
    return words


def run(words, env=None, seconds=COMMAND_SECONDS):
    shown = " ".join(shlex.quote(w) for w in words)
    print(f"$ {shown}", flush=True)
    started = time.monotonic()
    try:
        done = subprocess.run(
            words, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            timeout=seconds, text=True,
        )
    except subprocess.TimeoutExpired:
        raise Fail(f"{shown}: still running after {seconds} s")
    tail = "\n".join(done.stdout.rstrip().splitlines()[-12:])
    print(tail, flush=True)
    print(f"  (exit {done.returncode}, {time.monotonic() - started:.1f} s)", flush=True)
    if done.returncode != 0:
        raise Fail(f"{shown}: exit status {done.returncode}:\n{done.stdout[-4000:]}")
    return done.stdout


def http(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


class Server:
    """A server command started in its own process group; `url` is the one it printed."""

    def __init__(self, words, seconds=SERVER_START_SECONDS):
        print("$ " + " ".join(shlex.quote(w) for w in words), flush=True)
        self.process = subprocess.Popen(
            words, cwd=ROOT, stdout=subprocess.PIPE, stderr=None, text=True,
            start_new_session=True,
        )
        lines = queue.Queue()

        def read():
            # Reads to the end, so the server never blocks on a full pipe.
            for line in self.process.stdout:
                print("  " + line.rstrip(), flush=True)
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        self.url = None
        deadline = time.monotonic() + seconds
        while self.url is None and time.monotonic() < deadline:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                break
            found = re.search(r"(https?://\S+?)/?$", line.strip())
            if found:
                self.url = found.group(1)
        if self.url is None:
            self.stop()
            raise Fail(f"{words}: printed no URL within {seconds} s "
                       f"(exit status {self.process.returncode})")
        # 0.0.0.0 is where it listens, not an address to fetch.
        self.url = self.url.replace("//0.0.0.0:", "//127.0.0.1:")

    def check_pages(self):
        status, page = http("GET", self.url + "/")
        if status != 200 or b"<html" not in page.lower():
            raise Fail(f"GET {self.url}/: {status}, not the page")
        status, body = http("GET", self.url + "/api/kinds")
        kinds = json.loads(body)
        names = json.dumps(kinds)
        if status != 200 or "powergrid" not in names or "thegame" not in names:
            raise Fail(f"GET {self.url}/api/kinds: {status} {body[:300]!r}")
        print(f"  GET / and /api/kinds answer ({len(page)} bytes; kinds {names[:80]}...)")

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
                raise Fail("the server did not stop within 30 s of Ctrl-C")
        print(f"  stopped with Ctrl-C (exit {self.process.returncode})", flush=True)


def serve(replace=(), seconds=SERVER_START_SECONDS):
    def check(command, scratch):
        server = Server(
            words_of(command, [(o, n.format(scratch=scratch)) for o, n in replace]), seconds)
        try:
            server.check_pages()
        finally:
            server.stop()
    return check


def command(replace=(), expect=None):
    def check(line, scratch):
        out = run(words_of(line, [(o, n.format(scratch=scratch)) for o, n in replace]))
        if expect and not re.search(expect, out):
            raise Fail(f"{line!r}: the output does not say {expect!r}")
    return check


def needs_postgres(check):
    def guarded(line, scratch):
        if not POSTGRES:
            print(f"  NOTICE: not run: TABLETOP_TEST_POSTGRES is not set ({line})")
            return
        check(line, scratch)
    return guarded


def python_venv(line, scratch):
    """`pip install …` in a fresh virtual environment; the next Python line runs in it."""
    venv = os.path.join(scratch, "venv")
    if not os.path.exists(venv):
        run([sys.executable, "-m", "venv", venv])
    env = dict(os.environ, PATH=os.path.join(venv, "bin") + os.pathsep + os.environ["PATH"],
               VIRTUAL_ENV=venv, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    run(shlex.split(line), env=env)


def python_in_venv(line, scratch):
    venv = os.path.join(scratch, "venv")
    if not os.path.exists(venv):
        raise Fail(f"{line!r} runs after the README's pip install, which did not run")
    env = dict(os.environ, PATH=os.path.join(venv, "bin") + os.pathsep + os.environ["PATH"],
               VIRTUAL_ENV=venv)
    env.pop("PYTHONPATH", None)
    run(shlex.split(line), env=env)


def connect(line, scratch):
    """A live game with a human seat and a bot, played to the end by `tabletop connect`."""
    server = Server([TABLETOP, "serve", "--addr", "127.0.0.1:0", "--data",
                     os.path.join(scratch, "connect-data"), "--bot-delay-ms", "0"])
    try:
        status, body = http("POST", server.url + "/api/games", {
            "kind": "powergrid", "setup": {"players": 2, "map": "germany", "seed": 7},
            "seats": [{"type": "human"}, {"type": "bot", "bot": "heuristic"}],
        })
        created = json.loads(body)
        if status != 201:
            raise Fail(f"creating a game for connect: {status} {created}")
        link = f"{server.url}/games/{created['game']}#token={created['seats'][0]['token']}"
        command(replace=[("http://HOST/games/ID#token=TOKEN", link),
                         ("exec:./my_bot", "exec:python3 examples/bots/powergrid_greedy.py")])(
            line, scratch)
        status, body = http("GET", f"{server.url}/api/games/{created['game']}")
        if json.loads(body).get("outcome") is None:
            raise Fail(f"after connect the game is not over: {body[:300]!r}")
    finally:
        server.stop()


SCRATCH = "{scratch}"

CHECKS = {
    # The main job, exactly as written: it builds target/release/tabletop for the rest.
    "cargo run --release -- serve": serve(seconds=FIRST_BUILD_SECONDS),
    "cargo test --workspace": None,  # the last step of .ci/run
    "tabletop serve": serve(),
    "tabletop serve --addr 0.0.0.0:9000 --data /var/lib/tabletop --bot-delay-ms 400": serve(
        replace=[("/var/lib/tabletop", SCRATCH + "/var-lib-tabletop")]),
    "tabletop serve --trust-forwarded-for": serve(),
    "tabletop serve --database postgres://user@host/db": needs_postgres(
        lambda line, scratch: serve(replace=[("postgres://user@host/db", POSTGRES)])(line, scratch)),
    "tabletop bench serve --database postgres://user@host/db --processes 2": needs_postgres(
        lambda line, scratch: command(replace=[
            ("postgres://user@host/db", POSTGRES),
            ("--processes 2", "--processes 2 --games 20 --seconds 3")],
            expect=r"actions")(line, scratch)),
    "tabletop sim thegame --players 3 --bot heuristic --games 100000 --seed 0 --threads 2":
        command(expect=r"win rate"),
    "tabletop sim thegame --players 1 --bot search --games 1000 --threads 2 --json":
        command(replace=[("--games 1000", "--games 4")], expect=r"\{"),
    "tabletop sim powergrid --players 4 --games 20": command(expect=r"heuristic"),
    "tabletop sim powergrid --against panel --games 2000": command(
        replace=[("--games 2000", "--games 120")], expect=r"green"),
    "tabletop sim powergrid --seats heuristic,green,green,green --games 1000 --swap "
    "search:auction:8": command(
        replace=[("--games 1000", "--games 20")], expect=r"saved +spoiled"),
    "tabletop sim powergrid --players 4 --map germany --seats heuristic,search,random,heuristic "
    "--games 400 --seed 1 --log games.jsonl": command(
        replace=[("--games 400", "--games 4"), ("games.jsonl", SCRATCH + "/games.jsonl")]),
    "tabletop replay games.jsonl": command(
        replace=[("games.jsonl", SCRATCH + "/games.jsonl")], expect=r"(?i)won|wins|winner"),
    "tabletop analyze games.jsonl --record 1": command(
        replace=[("games.jsonl", SCRATCH + "/games.jsonl")], expect=r"decisions"),
    "tabletop bench thegame": command(replace=[("bench thegame", "bench thegame --games 200")]),
    "tabletop bench powergrid": command(
        replace=[("bench powergrid", "bench powergrid --seconds 0.2")]),
    "pip install './python[envs]'": python_venv,
    "python examples/python/random_agent.py": python_in_venv,
    'tabletop sim thegame --players 3 --bot "exec:python3 examples/bots/thegame_random.py"':
        command(replace=[("--players 3", "--players 3 --games 20")]),
    'tabletop bot-check "exec:./my_bot" --game powergrid': command(
        replace=[("exec:./my_bot", "exec:python3 examples/bots/powergrid_random.py"),
                 ("--game powergrid", "--game powergrid --games 1")]),
    'tabletop connect "http://HOST/games/ID#token=TOKEN" --bot "exec:./my_bot"': connect,
}


def main():
    only = None
    if len(sys.argv) == 3 and sys.argv[1] == "--only":
        only = sys.argv[2]
    elif len(sys.argv) != 1:
        print(__doc__)
        return 2
    commands = readme_commands()
    unknown = [c for c in commands if c not in CHECKS]
    stale = [c for c in CHECKS if c not in commands]
    for lines, what in [
        (unknown, "README commands that no check runs (add each to CHECKS in .ci/readme.py):"),
        (stale, "checks of commands the README no longer has (remove them from .ci/readme.py):"),
    ]:
        if lines:
            print(what + "".join(f"\n  {c}" for c in lines))
    if unknown or stale:
        return 1
    scratch = tempfile.mkdtemp(prefix="tabletop-readme.")
    passed = failed = skipped = 0
    try:
        for line in commands:
            if only and only not in line:
                continue
            check = CHECKS[line]
            print(f"\n== {line}", flush=True)
            if check is None:
                print("  not run here: .ci/run runs it as its last step")
                skipped += 1
                continue
            if not line.startswith("cargo") and not line.startswith("pip") \
                    and not line.startswith("python") and not os.path.exists(TABLETOP):
                raise SystemExit(f"{TABLETOP} is missing: run the README's first command first")
            try:
                check(line, scratch)
                passed += 1
            except Fail as e:
                print(f"FAILED: {e}", flush=True)
                failed += 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    # Not in a test runner's closing-line form: .ci/run's last word is `cargo test`'s.
    print(f"\nREADME: {passed} commands ran as checked, {failed} did not; {skipped} left to .ci/run")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
