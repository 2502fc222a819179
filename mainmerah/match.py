"""Moved to :mod:`mainmerah.fishing.match`; this name keeps older imports working (the same module)."""

import sys

from .fishing import match as _module

sys.modules[__name__] = _module
