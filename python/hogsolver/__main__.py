"""The ``hog`` command, from the package's own Rust code: ``python -m
hogsolver ARGS...`` and the ``hog`` script that ``pip install`` puts on the
PATH run exactly what the ``hog`` binary runs."""

import sys

from . import _hog


def main() -> None:
    """Runs ``hog`` with this process's arguments; exits with its status."""
    sys.exit(_hog.main(["hog", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
