"""``make links``: the Binder and GitHub Pages links from the checkout's origin (sitebuild/links.py)."""

from __future__ import annotations

import importlib.util

from paths import ROOT

_spec = importlib.util.spec_from_file_location("site_links", ROOT / "sitebuild/links.py")
assert _spec and _spec.loader
links = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(links)


def test_github_remotes_in_every_spelling() -> None:
    for url in ("https://github.com/ana/mainmerah.git", "https://github.com/ana/mainmerah",
                "git@github.com:ana/mainmerah.git", "ssh://git@github.com/ana/mainmerah.git",
                "https://token@github.com/ana/mainmerah/"):
        assert links.github_repo(url) == ("ana", "mainmerah"), url
    assert links.github_repo("https://gitlab.com/ana/mainmerah.git") is None
    assert links.github_repo("/work/main") is None


def test_the_links() -> None:
    got = links.links("ana", "mainmerah")
    assert got["static site (GitHub Pages)"] == "https://ana.github.io/mainmerah/"
    assert got["Binder, the app"] == ("https://mybinder.org/v2/gh/ana/mainmerah/HEAD"
                                      "?urlpath=voila/render/notebooks/tutorial.ipynb")
    assert links.links("ana", "ana.github.io")["static site (GitHub Pages)"] == "https://ana.github.io/"
