"""Progress of long work (solves, grades, searches) where the user looks.

The extension calls ``start(what)`` once a piece of work has run for half a
second, then ``update(done, all)`` on the object it returns a few times a
second, and ``close()`` when the work ends. The display is tqdm's
``tqdm.auto`` bar where tqdm is installed (a widget in a notebook, a text bar
elsewhere), else a line updated in place in a notebook (IPython's display),
else a line on stderr when stderr is a terminal, else nothing.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Optional


class _Silent:
    """No display: stderr is a file or a pipe, and no notebook is running."""

    def update(self, done: int, total: int) -> None:
        pass

    def close(self) -> None:
        pass


class _Tqdm:
    """A ``tqdm.auto`` bar, counting states."""

    def __init__(self, what: str) -> None:
        tqdm = importlib.import_module("tqdm.auto").tqdm
        self._bar: Any = tqdm(desc=what, unit=" states", unit_scale=True, leave=False)

    def update(self, done: int, total: int) -> None:
        if self._bar.total != total:
            self._bar.reset(total=total)
        self._bar.n = done
        self._bar.refresh()

    def close(self) -> None:
        self._bar.close()


def _text(what: str, done: int, total: int) -> str:
    return f"{what}: {100 * done // max(total, 1)}% ({done:,} of {total:,} states)"


class _Notebook:
    """A line in the notebook's output, replaced in place as work goes on."""

    def __init__(self, what: str) -> None:
        display = importlib.import_module("IPython.display").display
        self._what = what
        self._handle: Any = display({"text/plain": f"{what}: starting"}, raw=True, display_id=True)

    def update(self, done: int, total: int) -> None:
        self._handle.update({"text/plain": _text(self._what, done, total)}, raw=True)

    def close(self) -> None:
        self._handle.update({"text/plain": f"{self._what}: done"}, raw=True)


class _Terminal:
    """A line on stderr, redrawn in place, erased at the end."""

    def __init__(self, what: str) -> None:
        self._what = what

    def update(self, done: int, total: int) -> None:
        sys.stderr.write("\r\x1b[K" + _text(self._what, done, total))
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def _in_notebook() -> bool:
    """Whether this interpreter is a Jupyter kernel (IPython with a kernel)."""
    ipython_module = sys.modules.get("IPython")
    if ipython_module is None:
        return False
    shell: Optional[Any] = ipython_module.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def start(what: str) -> Any:
    """The display for one piece of work, described by ``what`` ("solving")."""
    try:
        return _Tqdm(what)
    except ImportError:
        pass
    if _in_notebook():
        return _Notebook(what)
    if sys.stderr is not None and sys.stderr.isatty():
        return _Terminal(what)
    return _Silent()
