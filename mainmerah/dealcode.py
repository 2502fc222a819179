"""Moved to :mod:`mainmerah.fishing.dealcode`; this name keeps older imports working (the same module)."""

import sys

from .fishing import dealcode as _module

sys.modules[__name__] = _module
