"""Where things are, for tests in any folder of tests/ (the suite mirrors the package's parts)."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent  # the checkout: mainmerah/, notebooks/, README.md, sitebuild/
GOLDEN = TESTS / "golden"
