"""The examples in examples/python run and say what they should (short runs)."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "python"


def run(script, *args, timeout=300):
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_random_agent():
    out = run("random_agent.py")
    assert "The Game, 3 random players" in out and "Power Grid (USA)" in out


def test_evaluate_prints_confidence_intervals():
    out = run("evaluate.py", "--games", "10")
    assert re.search(r"won \d+/10 = [0-9.]+ \(95% CI [0-9.]+-[0-9.]+", out), out
    assert "agent minus heuristic on the same deals" in out


def test_training_improves_and_saves_a_png(tmp_path):
    png = tmp_path / "curve.png"
    out = run("train_solo.py", "--games", "2560", "--seconds", "240", "--envs", "128", "--out", str(png))
    first, last = map(float, re.search(r"first 256 games ([0-9.]+), last 256 games ([0-9.]+)", out).groups())
    assert last > first + 0.1, out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_tournament_on_two_local_workers():
    out = run("ray_tournament.py", "--workers", "2", "--games", "12", "--batch", "3")
    assert "12 games on 2 workers" in out
    assert "heuristic won" in out
