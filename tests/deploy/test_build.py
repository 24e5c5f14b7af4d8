"""The native double-dummy solver builds the way `firebase deploy` builds the functions: the
source as the deploy uploads it (firebase.json's `ignore` applied to functions/), a fresh venv,
and `pip install -r requirements.txt` run in that folder, as the build image does (Google Cloud's
buildpacks; a C compiler is all the solver needs besides what pip fetches)."""
from __future__ import annotations

import fnmatch
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

from bridge import DECK
from bridge.bids import Strain
from bridge.core import hand_mask

from ..dds import dds_table

ROOT = Path(__file__).resolve().parents[2]
FUNCTIONS = ROOT / "functions"


def uploaded(source: Path, target: Path) -> None:
    """Copy functions/ as `firebase deploy` uploads it: without what firebase.json's `ignore`
    names (patterns of paths relative to the source folder, or of a file's or folder's name)."""
    patterns = json.loads((ROOT / "firebase.json").read_text())["functions"][0]["ignore"]

    def ignored(folder: str, names: list[str]) -> set[str]:
        relative = Path(folder).relative_to(source)
        return {name for name in names for pattern in patterns
                if fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(str(relative / name), pattern)}

    shutil.copytree(source, target, ignore=ignored)


def test_the_deploys_pip_install_builds_the_solver_from_the_uploaded_source_and_main_imports_it(tmp_path):
    functions = tmp_path / "functions"
    uploaded(FUNCTIONS, functions)
    assert not (functions / "venv").exists() and not (functions / "ddsolver" / "build").exists()
    assert (functions / "ddsolver" / "ddsolver" / "_search.c").exists()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = subprocess.run([python, "-m", "pip", "install", "--disable-pip-version-check", "-r", "requirements.txt"],
                             cwd=functions, env=env, capture_output=True, text=True)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]

    # The module pip built answers a whole deal as DDS does (North-South's tricks at no trump,
    # East leading), and `main` (what every worker imports) imports it.
    deck = random.Random(34).sample(DECK, 52)
    hands = [hand_mask(deck[13 * p:13 * (p + 1)]) for p in range(4)]
    code = ("import sys, ddsolver, main; s = ddsolver.Search(4, -1, 0b0101, False); "
            f"h = {hands}; lower, upper = 0, 13\n"
            "while lower < upper:\n"
            "    bound = s.bound(h, 1, [], False, lower + 1, 1 << 62)\n"
            "    lower, upper = (bound, upper) if bound > lower else (lower, bound)\n"
            "import importlib.util as u\n"
            "print(lower, ddsolver.__file__, 'ddsolver' in sys.modules,\n"
            "      '+'.join(m for m in ('endplay', 'numpy', 'matplotlib') if u.find_spec(m)) or 'none')")
    run = subprocess.run([python, "-c", code], cwd=functions, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    tricks, path, imported, heavy = run.stdout.split()
    assert int(tricks) == dds_table([deck[13 * p:13 * (p + 1)] for p in range(4)])[Strain.NO_TRUMP][0]
    assert path.startswith(str(venv)) and imported == "True"
    # One solver: the deploy ships no DDS (endplay), nor the numpy and matplotlib it would pull in.
    assert heavy == "none"
