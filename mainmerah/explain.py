"""Moved to :mod:`mainmerah.fishing.explain`; this name keeps older imports working (the same module)."""

import sys

from .fishing import explain as _module

sys.modules[__name__] = _module
