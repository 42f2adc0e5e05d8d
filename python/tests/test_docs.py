"""Every Python example of docs/python.md runs as written, in order, in one namespace (a later
example may use what an earlier one made). `my_policy`, the one name the guide leaves to the
reader, is a random policy over the legal actions."""

import importlib.util
import pathlib
import re

import numpy as np

GUIDE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def examples():
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)


def test_the_guide_has_examples_of_every_part():
    text = "\n".join(examples())
    for call in ("new_game", "static_data", "powergrid_v0.env", "load_game", "VecEnv", "bots."):
        assert call in text, call


def test_every_example_of_the_guide_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    namespace = {"my_policy": lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))}
    for i, code in enumerate(examples(), start=1):
        if "import pyspiel" in code and importlib.util.find_spec("pyspiel") is None:
            continue  # the `openspiel` extra; test_openspiel.py says when it is missing
        exec(compile(code, f"docs/python.md, example {i}", "exec"), namespace)
