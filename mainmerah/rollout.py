"""Moved to :mod:`mainmerah.fishing.fast`; this name keeps older imports working (the same module)."""

import sys

from .fishing import fast as _module

sys.modules[__name__] = _module
