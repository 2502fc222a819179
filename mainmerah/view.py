"""Moved to :mod:`mainmerah.fishing.view`; this name keeps older imports working (the same module)."""

import sys

from .fishing import view as _module

sys.modules[__name__] = _module
