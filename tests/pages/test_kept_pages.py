"""home.ipynb (the home page where no server draws it) follows the kept language."""

from __future__ import annotations

from mainmerah.core.i18n import language, set_language
from mainmerah.pages.home import home_from_request
from mainmerah.table.keeper import LANG_KEY, Keeper


def answer(page: object, lang: str) -> Keeper:
    keeper = next(w for w in page.children if isinstance(w, Keeper))  # type: ignore[attr-defined]
    keeper.send = lambda _m: None  # type: ignore[method-assign]
    keeper._page_message({"k": "kept", "available": True, "records": {LANG_KEY: lang}})
    return keeper


def test_home_notebook_follows_the_kept_language_unless_the_url_chose():
    try:
        set_language("en")
        home = home_from_request("")
        assert "Learn" in home.data  # type: ignore[attr-defined]
        answer(home, "id")
        assert language() == "id" and "Belajar" in home.data  # type: ignore[attr-defined]
        set_language("en")
        chosen = home_from_request("lang=en")
        answer(chosen, "id")
        assert language() == "en" and "Learn" in chosen.data  # type: ignore[attr-defined]
    finally:
        set_language("en")

