"""sqlite_utils, imported without numpy.

``sqlite_utils.db`` imports numpy if it can (only to map numpy's scalar types to column types), which costs a new
``amend --build`` or ``build`` process some 50 ms. The build hands sqlite_utils only Python values (the similar
provisions' numpy arrays are written with ``sqlite3`` itself), so numpy is hidden while sqlite_utils is first
imported: it is then imported only where it is used (``similar.minhashes``). When numpy is already loaded, nothing is
hidden.
"""

from __future__ import annotations

import sys

if "sqlite_utils" not in sys.modules and "numpy" not in sys.modules:
    sys.modules["numpy"] = None  # type: ignore[assignment]  # ``import numpy`` raises ImportError
    try:
        import sqlite_utils
    finally:
        del sys.modules["numpy"]

import sqlite_utils

__all__ = ["sqlite_utils"]
