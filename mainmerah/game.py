"""Moved to :mod:`mainmerah.fishing.engine`; this name keeps older imports working (the same module)."""

import sys

from .fishing import engine as _module

sys.modules[__name__] = _module
