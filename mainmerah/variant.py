"""Moved to :mod:`mainmerah.fishing.rules`; this name keeps older imports working (the same module)."""

import sys

from .fishing import rules as _module

sys.modules[__name__] = _module
