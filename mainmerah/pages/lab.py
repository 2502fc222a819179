"""The strategy lab as a page (``notebooks/strategy-lab.ipynb``): questions a reader can run.

Each experiment (a game's lab, named by its ``GameUI.lab``: Main Merah's is
:mod:`mainmerah.families.fishing.ui.lab`) gets a sample size to choose, a Run button, a
progress bar that moves while the games are played (widget updates reach the browser as
they happen, unlike a cell's printed output), and its results: a table with 95% intervals,
a verdict or a small-sample warning, and plots. The page opens with every experiment run
at the quick size, so it shows results before anyone clicks. The language switch on top
redraws every word, table and plot from the results already computed; the language
follows the visitor from page to page (:func:`mainmerah.table.keeper.follow_language`).
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from html import escape
from typing import Any, Protocol

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.i18n import _, language, on_language_change
from mainmerah.draw.plots import png
from mainmerah.pages.home import apply_language, home_href, language_problems, query_language, request_query
from mainmerah.pages.parts import weak_listener
from mainmerah.table.keeper import LANG_KEY, Keeper, follow_language
from mainmerah.table.options import header_bar
from mainmerah.teach.style import style_widget

CSS = """
.mm-lab { max-width: 1000px; }
.mm-lab .widget-html-content { line-height: 1.4; min-width: 0; max-width: 100%; }
.mm-lab .widget-html, .mm-lab .mm-lab-box { min-width: 0; max-width: 100%; }
.mm-lab h2 { margin: 18px 0 4px 0; font-size: 1.35em; }
.mm-lab-box { border-top: 2px solid #d0d7de; padding: 4px 0 10px 0; margin-top: 10px; }
.mm-lab-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; margin: 4px 0; }
.mm-lab-controls .widget-toggle-buttons .widget-toggle-button { width: auto; padding: 0 12px; min-height: 36px; }
.mm-lab-controls .widget-button.mm-lab-run { width: auto; min-width: 110px; min-height: 36px; font-weight: 600; }
.mm-lab-size-label { font-weight: 600; color: #333; }
.mm-lab-controls .widget-toggle-button.mod-active { background-color: #0b3d91; color: #fff; }
.mm-lab-size-text { color: #444; font-size: .95em; }
.mm-lab-progress { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; }
.mm-lab-progress .widget-progress { width: 260px; max-width: 100%; }
.mm-lab-progress-text { color: #333; font-variant-numeric: tabular-nums; min-width: 16em; }
.mm-lab-sample { font-weight: 600; color: #333; }
.mm-lab-scroll { overflow-x: auto; max-width: 100%; }
.mm-lab-table { border-collapse: collapse; font-size: .92em; margin: 6px 0; font-variant-numeric: tabular-nums; }
.mm-lab-table th, .mm-lab-table td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left;
  vertical-align: top; line-height: 1.35; }
.mm-lab-table th { background: #f6f8fa; }
.mm-lab-verdict { background: #e3f2fd; border-left: 5px solid #1565c0; border-radius: 6px; padding: 6px 12px;
  max-width: 760px; }
.mm-lab-warning { background: #fff3e0; border-left: 5px solid #c62828; border-radius: 6px; padding: 6px 12px;
  max-width: 760px; font-weight: 600; }
.mm-lab-error { color: #b71c1c; font-weight: 600; }
.mm-lab-formula { font-family: "DejaVu Serif", Georgia, serif; overflow-x: auto; }
.mm-lab-figures { display: flex; flex-wrap: wrap; gap: 8px; }
.mm-lab-figures img { width: 480px; max-width: 100%; height: auto; }
@media (max-width: 600px) {
  .mm-lab { font-size: 15px; }
  .mm-lab-table, .mm-lab-table tbody, .mm-lab-table tr, .mm-lab-table td { display: block; width: auto; }
  .mm-lab-table thead { display: none; }
  .mm-lab-table tr { border: 1px solid #d0d7de; border-radius: 6px; margin: 6px 0; padding: 4px 0; }
  .mm-lab-table td { border: 0; padding: 1px 8px; }
  .mm-lab-table td::before { content: attr(data-label) ": "; font-weight: 600; color: #333; }
  .mm-lab-table td:first-child { font-weight: 700; }
  .mm-lab-table td:first-child::before { content: none; }
  .mm-lab-progress-text { min-width: 0; }
}
"""



class GameLab(Protocol):
    """What the page reads of a game's lab (its ``GameUI.lab``)."""

    title: str  # the heading (English source, shown through _())
    size_keys: tuple[str, ...]  # the sample sizes, the quick one first

    def size_name(self, key: str) -> str: ...

    def experiments(self, sizes: dict[str, Any] | None = None) -> list[Any]: ...


def lab_games() -> list[str]:
    """The games with a strategy lab, in the registry's order."""
    return registry.games_with("lab")


def game_lab(game: str | None = None) -> GameLab:
    """The lab of ``game`` (by default the first game that has one)."""
    games = lab_games()
    name = games[0] if game is None and games else game
    target = registry.ui(name).lab if name is not None and registry.get(name).ui is not None else None
    if target is None:
        raise ValueError(f"no strategy lab for {game!r}: choose one of {', '.join(games)}")
    found: GameLab = registry.load(target)
    return found


class Meter:
    """One run's progress on a bar and a line of text, summed over the experiment's several parts.

    It is the experiment's progress factory: each part calls it (``total``, ``desc`` are the
    part's and ignored) and updates it. The widgets change at most every ``every`` seconds,
    and at the end, so a fast run does not flood the page with messages.
    """

    def __init__(self, bar: W.IntProgress, text: W.HTML, total: int, words: Callable[[int, int], str],
                 every: float = 0.1) -> None:
        self.bar, self.text, self.total, self.words, self.every = bar, text, max(1, total), words, every
        self.done = 0
        self.shown = 0  # how many times the widgets were changed (tests count them)
        self._last = -1.0
        bar.max = self.total
        self.show()

    def __call__(self, total: int = 0, desc: str = "") -> Meter:
        return self

    def update(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self._last >= self.every or self.done >= self.total:
            self.show()

    def close(self) -> None:
        self.show()

    def show(self) -> None:
        self._last = time.monotonic()
        self.shown += 1
        self.bar.value = min(self.done, self.total)
        self.text.value = escape(self.words(min(self.done, self.total), self.total))


def figure_html(fig: Any) -> str:
    """A figure as an image whose alternative text is its title (for screen readers)."""
    alt = " ".join(ax.get_title() for ax in fig.axes)
    data = base64.b64encode(png(fig)).decode("ascii")
    return f"<img src='data:image/png;base64,{data}' alt='{escape(alt, quote=True)}'>"


class ExperimentBox(W.VBox):
    """One experiment: size, Run, progress, results (classes ``mm-lab-<key>``, ``mm-lab-run``, ...)."""

    def __init__(self, experiment: Any, lab: GameLab | None = None) -> None:
        self.experiment = experiment  # one of the lab's experiments: words, sizes, run, report, figures
        self.lab = lab or game_lab()
        size_keys = self.lab.size_keys
        self.result: Any = None
        self.result_size: str | None = None
        self.running = False
        self.heading = W.HTML()
        self.intro = W.HTML()
        self.size_label = W.HTML()
        self.size_label.add_class("mm-lab-size-label")
        self.size = W.ToggleButtons(options=[(k, k) for k in size_keys], value=size_keys[0],
                                    style={"button_width": "auto"})
        self.size.add_class("mm-lab-size")
        self.size.add_class("mm-sr-label")  # its name for screen readers; the visible label sits before it
        self.size.observe(lambda _ch: self._size_changed(), names="value")
        self.run_button = W.Button(button_style="primary")
        self.run_button.add_class("mm-lab-run")
        self.run_button.on_click(lambda _b: self.run(str(self.size.value)))
        self.size_text = W.HTML()
        self.size_text.add_class("mm-lab-size-text")
        self.bar = W.IntProgress(value=0, min=0, max=1)
        self.progress_text = W.HTML()
        self.progress_text.add_class("mm-lab-progress-text")
        self.results = W.HTML()
        self.results.add_class("mm-lab-result")
        self.plots = W.HTML()
        self.plots.add_class("mm-lab-plots")
        controls = W.Box([self.size_label, self.size, self.run_button])
        controls.add_class("mm-lab-controls")
        progress = W.Box([self.bar, self.progress_text])
        progress.add_class("mm-lab-progress")
        super().__init__([self.heading, self.intro, controls, self.size_text, progress, self.results, self.plots])
        self.add_class("mm-lab-box")
        self.add_class(f"mm-lab-{experiment.key}")
        self.relabel()

    def _size_changed(self) -> None:
        key = self.size.value
        if key in self.lab.size_keys:
            self.size_text.value = escape(self.experiment.size_text(self.experiment.sizes[key]))

    def relabel(self) -> None:
        e = self.experiment
        self.heading.value = f"<h2>{escape(e.title())}</h2>"
        self.intro.value = e.intro()
        self.size_label.value = escape(_("Sample size"))
        self.size.description = _("Sample size")
        chosen = self.size.value
        keys = self.lab.size_keys
        self.size.options = [(self.lab.size_name(k), k) for k in keys]  # (new options choose the first again)
        self.size.value = chosen
        self.size.tooltips = [e.size_text(e.sizes[k]) for k in keys]
        self.run_button.description = _("Running…") if self.running else _("Run")
        self._size_changed()
        if self.result is None and not self.running:
            self.progress_text.value = escape(_("Not run yet: choose a size and press Run."))
        elif not self.running:
            n = self.bar.max
            self.progress_text.value = escape(e.progress_text(n, n))
        self.draw_result()

    def run(self, key: str) -> None:
        """Run the experiment at size ``key`` (checked: it comes from the page) and show its result."""
        if key not in self.lab.size_keys:
            self.progress_text.value = "<span class='mm-lab-error'>{}</span>".format(escape(
                _("Unknown sample size {size!r}: choose one of {names}.").format(
                    size=str(key)[:40], names=", ".join(self.lab.size_keys))))
            return
        if self.running:
            return
        size = self.experiment.sizes[key]
        self.running = True
        self.run_button.disabled = self.size.disabled = True
        self.run_button.description = _("Running…")
        meter = Meter(self.bar, self.progress_text, self.experiment.total(size), self.experiment.progress_text)
        try:
            result = self.experiment.run(size, progress=meter)
        finally:
            self.running = False
            self.run_button.disabled = self.size.disabled = False
            self.run_button.description = _("Run")
        meter.close()
        self.result, self.result_size = result, key
        self.draw_result()

    def draw_result(self) -> None:
        if self.result is None or self.result_size is None:
            self.results.value = self.plots.value = ""
            return
        e = self.experiment
        size = e.sizes[self.result_size]
        sample = _("Results of the {size} sample ({what}):").format(size=self.lab.size_name(self.result_size).lower(),
                                                                     what=e.size_text(size))
        self.results.value = f"<p class='mm-lab-sample'>{escape(sample)}</p>" + e.report(self.result)
        figs = "".join(figure_html(f) for f in e.figures(self.result))
        self.plots.value = f"<div class='mm-lab-figures'>{figs}</div>"


class LabPage(W.VBox):
    """The whole lab: links, the heading and language switch, an introduction, one box per experiment."""

    def __init__(self, boxes: list[ExperimentBox] | None = None, problems: tuple[str, ...] = (),
                 lab: GameLab | None = None) -> None:
        self.lab = lab or game_lab()
        self.boxes = boxes if boxes is not None else [ExperimentBox(e, self.lab) for e in self.lab.experiments()]
        self.links = W.HTML()
        self.links.add_class("mm-page-links")
        self.intro = W.HTML()
        self.problems = problems
        self.keeper: Keeper | None = None  # set by lab_page (the language kept in the browser)
        self.note = W.HTML()
        self.note.add_class("mm-page-note")
        style = style_widget()
        sheet = W.HTML(f"<style>{CSS}</style>", layout=W.Layout(display="none"))
        super().__init__([style, sheet])
        self.heading, self.options, top = header_bar(self)
        # No cards on this page: the four-colour deck has nothing to colour.
        self.options.children = tuple(c for c in self.options.children if c is not self.options.four)
        self.parts: list[W.Widget] = [style, sheet, self.links, self.note, top, self.intro, *self.boxes]
        self.children = self.parts
        self.add_class("mm-lessons")
        self.add_class("mm-lab")
        self.relabel()
        on_language_change(weak_listener(self._language_changed))

    def _language_changed(self) -> None:
        if language() != self.shown_in:  # the same language again redraws nothing (plots take a while)
            self.relabel()

    def relabel(self) -> None:
        self.shown_in = language()
        self.heading.value = f"<h1 style='margin:4px 0'>{escape(_(self.lab.title))}</h1>"
        self.links.value = (f'<nav class="mm-links-row"><a class="mm-home-link" href="{escape(home_href())}">'
                            f'{escape(_("◂ All games"))}</a></nav>')
        self.intro.value = "".join(f"<p>{escape(t)}</p>" for t in (
            _("Simulated games answer a few questions about the game's numbers: does moving later help, how "
              "strong are the computer players against each other, how do the variants differ, how often are "
              "cards stranded on the table, and how likely is a redeal."),
            _("Each result comes with its 95% interval: the range the true value lies in, 95 times in 100. "
              "A small sample gives a wide interval. The page opened with quick samples; choose a bigger one "
              "and press Run for a sharper answer.")))
        self.note.value = "".join(f"<p>{escape(p)}</p>" for p in self.problems)
        self.note.layout.display = None if self.problems else "none"
        for box in self.boxes:
            box.relabel()

    def keep(self, keeper: Keeper) -> None:
        """Show the (invisible) keeper of the visitor's language on this page."""
        self.keeper = keeper
        self.parts.append(keeper)
        self.children = list(self.parts)

    def run_all(self, key: str | None = None) -> None:
        """Run every experiment at size ``key`` (by default the lab's first, quick, one)."""
        key = key or self.lab.size_keys[0]
        for box in self.boxes:
            box.size.value = key
            box.run(key)


def lab_page(query: str | None = None, run: bool = True, sizes: dict[str, Any] | None = None) -> LabPage:
    """``strategy-lab.ipynb``: the lab in the language the URL (``?lang=``) or the visitor's browser chose.

    ``run`` runs every experiment at the quick size first (the page shows results at once);
    ``sizes`` replaces experiments' sizes (see the lab's ``experiments``); ``query``
    None reads the page request (under Voila).
    """
    query = request_query() if query is None else query
    apply_language(query)
    found = game_lab()
    page = LabPage([ExperimentBox(e, found) for e in found.experiments(sizes)], problems=language_problems(query),
                   lab=found)
    keeper = Keeper([LANG_KEY])
    follow_language(keeper, chosen_by_url=query_language(query) is not None)
    page.keep(keeper)
    if run:
        page.run_all()
    return page
