"""Importing a part of the package without its extra names the extra to install."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module,missing,extra",
    [
        ("tabletop.envs", "pettingzoo", "envs"),
        ("tabletop.envs.thegame_v0", "gymnasium", "envs"),
        ("tabletop.gym", "gymnasium", "envs"),
        ("tabletop.openspiel", "pyspiel", "openspiel"),
    ],
)
def test_a_missing_extra_is_named(module, missing, extra):
    # A module set to None in sys.modules cannot be imported, as if it were not installed.
    code = f"import sys; sys.modules[{missing!r}] = None; import {module}"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode != 0
    assert "ImportError" in run.stderr
    assert f"pip install 'tabletop[{extra}]'" in run.stderr, run.stderr
    assert f"pip install './python[{extra}]'" in run.stderr, run.stderr
