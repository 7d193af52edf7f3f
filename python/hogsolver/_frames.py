"""Tables as ``pandas.DataFrame``s, for ``Solution.to_pandas`` and
``Final.to_pandas``: one row per state, indexed by the arrays' named axes
(``hidden`` by its labels, ``score``, ``opponent_score``)."""

from __future__ import annotations

import importlib
from typing import Any, Dict, List, Sequence


def frame(columns: Dict[str, Any], axes: Sequence[str], labels: List[str]) -> Any:
    """A DataFrame of equally shaped arrays, one column each, indexed by
    the product of the axes (the hidden axis by its labels)."""
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install pandas") from None
    shape = next(iter(columns.values())).shape
    levels = [labels if name == "hidden" else range(n) for name, n in zip(axes, shape)]
    index = pandas.MultiIndex.from_product(levels, names=list(axes))
    return pandas.DataFrame({name: array.reshape(-1) for name, array in columns.items()}, index=index)
