"""Moved to :mod:`mainmerah.fishing.hint`; this name keeps older imports working (the same module)."""

import sys

from .fishing import hint as _module

sys.modules[__name__] = _module
