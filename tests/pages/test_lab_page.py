"""The strategy lab's page and experiments, at tiny sizes: numbers, intervals, warnings, both languages."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from html import escape

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("matplotlib")

from mainmerah.core.i18n import _, set_language  # noqa: E402
from mainmerah.families.fishing.ui import lab as le  # noqa: E402
from mainmerah.families.fishing.ui import plots as lab  # noqa: E402
from mainmerah.pages.lab import ExperimentBox, LabPage, Meter, lab_page  # noqa: E402
from mainmerah.table.keeper import LANG_KEY, Keeper  # noqa: E402

PAGES: list[LabPage] = []


def make(query: str, **kw: object) -> LabPage:
    page = lab_page(query, **kw)  # type: ignore[arg-type]
    PAGES.append(page)
    return page


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    # The widget registry keeps every page alive; close this test's, so later language switches skip them.
    while PAGES:
        PAGES.pop().close()
    gc.collect()
    set_language("en")


def sizes(n: int, careful: int, rollouts: int = 5) -> dict[str, le.Size]:
    return {"quick": le.Size(n, rollouts), "careful": le.Size(careful, rollouts), "thorough": le.Size(careful, 5)}


class GreedyDuel(le.Duels):
    PAIRS = (("greedy", "random"),)  # one quick duel: the warning's threshold is what is tested
    runs = 1


class Counter:
    """A progress factory that records what it was told."""

    def __init__(self) -> None:
        self.done = 0

    def __call__(self, total: int = 0, desc: str = "") -> Counter:
        return self

    def update(self, n: int = 1) -> None:
        self.done += n

    def close(self) -> None:
        pass


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("kind", [le.MovingOrder, le.Variants, le.Redeals])
def test_each_experiment_counts_its_work_and_reports_intervals(kind: type[le.Experiment]) -> None:  # type: ignore[type-arg]
    exp = kind(sizes(60, 600))
    progress = Counter()
    size = exp.sizes["quick"]
    result = exp.run(size, progress)
    assert progress.done == exp.total(size) == exp.runs * 60
    report = exp.report(result)
    assert report.count("<tr>") == 1 + exp.runs  # a header and a row per run
    assert "±" in report or "–" in report  # intervals shown
    assert "mm-lab-warning" in report  # 60 is below every threshold
    assert len(exp.figures(result)) >= 1


def test_the_seat_experiment_states_the_edge_it_measured() -> None:
    exp = le.MovingOrder(sizes(600, 600))
    sims = exp.run(exp.sizes["quick"])
    report = exp.report(sims)
    assert "mm-lab-warning" not in report  # 600 games: at the threshold, a verdict each
    assert report.count("mm-lab-verdict") == 4
    for sim in sims:
        edge = sim.first_mover_edge()
        verdict = le.MovingOrder.verdict(sim)
        assert escape(verdict) in report
        if edge.excludes(0):  # the measured range, in points
            lo, hi = (edge.low, edge.high) if edge.value > 0 else (-edge.high, -edge.low)
            assert f"{lab.num(lo, 1)} to {lab.num(hi, 1)} points more" in verdict
        else:
            assert f"({le.pm(edge, sign=True)} points, first minus second)" in verdict


def test_the_duel_warns_below_its_threshold_and_judges_above() -> None:
    few = lab.FEW["duel"]
    exp = GreedyDuel(sizes(few - 1, few, rollouts=5))
    small = exp.run(exp.sizes["quick"])
    text = exp.report(small)
    games = small[0].games
    assert f"{games} games: too few to tell these bots apart" in text
    assert "mm-lab-verdict" not in text
    big = exp.run(exp.sizes["careful"])
    text = exp.report(big)
    assert "too few" not in text and "mm-lab-warning" not in text
    m = big[0].margin_estimate()
    assert m.excludes(0) and m.value > 0  # greedy beats random by far over 30 deals
    assert f"greedy is stronger. It ends {lab.num(m.low, 2)} to {lab.num(m.high, 2)} points ahead" in text
    assert le.pm(m, 2, sign=True) in text and "(95% interval)" in text


def test_reports_in_bahasa_indonesia() -> None:
    exp = GreedyDuel(sizes(4, 30))
    result = exp.run(exp.sizes["quick"])
    english = exp.report(result)
    set_language("id")
    indonesian = exp.report(result)
    assert _("{g} games: too few to tell these bots apart. Choose a bigger sample.").format(
        g=result[0].games) in indonesian
    assert "too few" not in indonesian and "games" not in plain(indonesian)
    assert indonesian != english and "rakus" in indonesian  # the bot's name too
    assert exp.title() == _("Bots against each other") != "Bots against each other"


def test_meter_moves_as_parts_finish() -> None:
    import ipywidgets as W

    bar, text = W.IntProgress(), W.HTML()
    meter = Meter(bar, text, 10, lambda d, t: f"{d} of {t}", every=0.0)
    part = meter(total=4, desc="one")
    seen = []
    for _i in range(4):
        part.update(1)
        seen.append(text.value)
    meter(total=6, desc="two").update(6)
    meter.close()
    assert seen == ["1 of 10", "2 of 10", "3 of 10", "4 of 10"]
    assert (bar.max, bar.value, text.value) == (10, 10, "10 of 10")


def tiny() -> dict[str, dict[str, le.Size]]:
    return {"seats": sizes(30, 40), "duels": sizes(2, 3), "variants": sizes(30, 40), "redeals": sizes(50, 60)}


def test_the_page_opens_with_results_and_runs_what_is_chosen() -> None:
    page = make("", sizes=tiny())
    assert isinstance(page, LabPage) and isinstance(page.keeper, Keeper) and page.keeper.kept_keys == [LANG_KEY]
    assert page.keeper in page.children
    assert [b.result_size for b in page.boxes] == ["quick"] * 4
    duels = page.boxes[1]
    assert duels.experiment.key == "duels" and "too few" in duels.results.value
    assert duels.plots.value.count("<img") == 1 and "alt='Bots against each other'" in duels.plots.value
    duels.size.value = "careful"
    assert "3 deals per duel" in duels.size_text.value
    duels.run_button.click()
    assert duels.result_size == "careful" and duels.result[0].games == 6
    assert "3 of 3" not in duels.progress_text.value and "9 of 9 deals played (100%)" in duels.progress_text.value
    assert not duels.run_button.disabled


def test_a_size_from_the_page_is_checked() -> None:
    box = ExperimentBox(GreedyDuel(sizes(2, 3)))
    box.run("quick")
    before = (box.result, box.results.value)
    box.run("enormous")
    assert escape("Unknown sample size 'enormous'") in box.progress_text.value
    assert (box.result, box.results.value) == before


def test_the_language_switch_rewords_everything_and_keeps_the_choice() -> None:
    page = make("", sizes=tiny())
    box = page.boxes[3]
    box.size.value = "careful"
    english = box.results.value
    set_language("id")
    assert page.heading.value.endswith(f"{_('Main Merah strategy lab')}</h1>")
    assert box.size.value == "careful"
    assert box.run_button.description == _("Run") != "Run"
    assert box.results.value != english and _("exact chance") in box.results.value
    assert f"alt='{_('Redeal odds: exact and simulated')}'" in box.plots.value


def test_the_url_chooses_the_language_and_a_bad_one_is_named() -> None:
    page = make("lang=id", sizes=tiny(), run=False)
    assert _("Main Merah strategy lab") in page.heading.value and "Lab" in page.heading.value
    assert "Not run yet" not in page.boxes[0].progress_text.value
    set_language("en")
    page = make("lang=xx", sizes=tiny(), run=False)
    assert "Ignored lang=xx" in page.note.value and page.note.layout.display != "none"
    assert "Not run yet" in page.boxes[0].progress_text.value
