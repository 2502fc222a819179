"""Moved to :mod:`mainmerah.fishing.save`; this name keeps older imports working (the same module)."""

import sys

from .fishing import save as _module

sys.modules[__name__] = _module
