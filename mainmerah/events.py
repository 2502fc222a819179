"""Moved to :mod:`mainmerah.fishing.events`; this name keeps older imports working (the same module)."""

import sys

from .fishing import events as _module

sys.modules[__name__] = _module
