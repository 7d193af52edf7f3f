"""The CLI the package is compared with: $HOG_BIN, else the checkout's
debug build (built here with cargo if it is missing or stale), in
$CARGO_TARGET_DIR where that is set, as cargo puts it."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Callable, List

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def hog_bin() -> str:
    given = os.environ.get("HOG_BIN")
    if given:
        return given
    subprocess.run(["cargo", "build", "--locked", "--quiet", "--bin", "hog"], cwd=ROOT, check=True)
    target = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
    return str(target / "debug" / "hog")


@pytest.fixture(scope="session")
def cli(hog_bin: str) -> Callable[..., Any]:
    """`hog ARGS... --json` as Python objects (exit status 0 required)."""

    def run(*args: str, cwd: "os.PathLike[str] | str | None" = None) -> Any:
        done = subprocess.run(
            [hog_bin, *args, "--json"], cwd=cwd, capture_output=True, text=True, check=True
        )
        return json.loads(done.stdout)

    return run


@pytest.fixture(scope="session")
def cli_error(hog_bin: str) -> Callable[..., str]:
    """The one-line message of a failing `hog ARGS...` (exit status 2), without `error: `."""

    def run(*args: str, cwd: "os.PathLike[str] | str | None" = None) -> str:
        done = subprocess.run([hog_bin, *args], cwd=cwd, capture_output=True, text=True)
        assert done.returncode == 2, done.stderr
        lines: List[str] = [l for l in done.stderr.splitlines() if l.startswith("error: ")]
        assert len(lines) == 1, done.stderr
        return lines[0][len("error: ") :]

    return run
