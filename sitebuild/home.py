"""The site's front page, drawn by the same code as the app's home page (``mainmerah.pages.home``).

Run by ``build.py`` with the checkout on ``sys.path``; prints one HTML document. A static page
cannot pick its language on the server, so every language is in it and a line of script shows the
one ``?lang=`` asks for, else the one the visitor last chose on a page (kept by the browser), else the
browser's; English shows without script.
"""

from __future__ import annotations

import json
import re

from mainmerah.core.i18n import LANGUAGES, html_lang
from mainmerah.pages.home import home_fragment, speaking


def static_links(fragment: str) -> str:
    """Links to notebooks point at Voici's pages (``voici/render/play.html?...``)."""
    return re.sub(r'href="voici/render/([\w-]+)\.ipynb', r'href="voici/render/\1.html', fragment)


def document() -> str:
    parts = []
    for lang in LANGUAGES:
        with speaking(lang):
            body = static_links(home_fragment("voici/render/", lab=False))
        hidden = "" if lang == "en" else " hidden"
        parts.append(f'<div class="mm-site-lang" data-site-lang="{lang}"{hidden}>{body}</div>')
    # Why a script: the language switch links to ?lang=xx, which a static server cannot act on.
    pick = (
        "<script>(function(){var langs=" + json.dumps(list(LANGUAGES)) + ";"
        "var q=new URLSearchParams(location.search).get('lang');"
        "var kept=null;try{kept=localStorage.getItem('mainmerah:lang');}catch(e){}"
        "var want=(q||kept||'').toLowerCase();"
        "if(langs.indexOf(want)<0){want=(navigator.languages||[]).map(function(l){return l.slice(0,2).toLowerCase();})"
        ".filter(function(l){return langs.indexOf(l)>=0;})[0]||'en';}"
        "var tags=" + json.dumps({code: html_lang(code) for code in LANGUAGES}) + ";"
        "document.documentElement.lang=tags[want];"
        "document.querySelectorAll('[data-site-lang]').forEach(function(d){d.hidden=d.dataset.siteLang!==want;});"
        "})();</script>"
    )
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>Red card games · mainmerah</title></head><body class="mmh-body">'
            + "".join(parts) + pick + "</body></html>")


if __name__ == "__main__":
    print(document())
