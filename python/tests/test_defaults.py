"""The defaults the package documents are the ones its functions take: every
``NAME : TYPE, default VALUE`` line of a public function's docstring against
the function's signature, and the time limit docs/python.md states against
``PYTHON_TIMEOUT`` and every ``timeout=`` parameter."""

import inspect
import pathlib
import re
from typing import Any, Callable, List, Tuple

import hogsolver

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def public_functions() -> List[Tuple[str, Callable[..., Any]]]:
    return [
        (name, value)
        for name, value in vars(hogsolver).items()
        if not name.startswith("_") and inspect.isfunction(value)
    ]


def documented_defaults(function: Callable[..., Any]) -> List[Tuple[str, str]]:
    """The (parameter, default as written) pairs of a numpydoc docstring."""
    pairs: List[Tuple[str, str]] = []
    for line in (function.__doc__ or "").splitlines():
        match = re.match(r"\s*(\w+(?:, \w+)*) : .*, default (.+)$", line)
        if match:
            for name in match.group(1).split(", "):
                pairs.append((name, match.group(2).strip()))
    return pairs


def test_every_documented_default_is_the_signatures() -> None:
    checked = 0
    for name, function in public_functions():
        parameters = inspect.signature(function).parameters
        for parameter, written in documented_defaults(function):
            assert parameter in parameters, f"{name}: no parameter {parameter}"
            default = parameters[parameter].default
            where = f"{name}({parameter}=...): documented {written}, takes {default!r}"
            if isinstance(default, float):
                assert float(written) == default, where
            elif isinstance(default, str):
                assert written == f'"{default}"', where
            else:
                assert written == repr(default), where
            checked += 1
    assert checked >= 20, checked


def test_the_time_limit_docs_python_md_states_is_every_functions() -> None:
    text = DOCS.read_text(encoding="utf-8")
    stated = set(re.findall(r"(\d+) seconds to answer every state by default", text))
    stated |= set(re.findall(r"`timeout=`\s*\(seconds, (\d+) by default\)", text.replace("\n", " ")))
    assert stated == {str(hogsolver.PYTHON_TIMEOUT)}, stated
    takes = {
        inspect.signature(function).parameters["timeout"].default
        for _, function in public_functions()
        if "timeout" in inspect.signature(function).parameters
    }
    assert takes == {hogsolver.PYTHON_TIMEOUT}, takes
