"""Moved to :mod:`mainmerah.fishing.score`; this name keeps older imports working (the same module)."""

import sys

from .fishing import score as _module

sys.modules[__name__] = _module
