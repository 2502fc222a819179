"""Moved to :mod:`mainmerah.fishing.lab`; this name keeps older imports working (the same module)."""

import sys

from .fishing import lab as _module

sys.modules[__name__] = _module
