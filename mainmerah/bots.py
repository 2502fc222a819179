"""Moved to :mod:`mainmerah.fishing.bots`; this name keeps older imports working (the same module)."""

import sys

from .fishing import bots as _module

sys.modules[__name__] = _module
