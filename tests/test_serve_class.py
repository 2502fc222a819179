"""`make serve-class STUDENTS=N`: the server's pools grow to N preheated kernels for the pages a class
opens at once, from the classroom config (nothing is started here: the settings only)."""

from __future__ import annotations

from pathlib import Path

from mainmerah.widgets.server import CLASS_PAGES, MainMerahVoila

ROOT = Path(__file__).resolve().parents[1]


def pools(*extra: str) -> dict:
    app = MainMerahVoila()
    app.initialize([str(ROOT / "notebooks"), f"--Voila.config_file_paths={ROOT / 'config' / 'classroom'}", *extra])
    return dict(app.config.VoilaKernelManager.kernel_pools_config)


def test_students_sets_a_pool_per_student_on_the_class_pages() -> None:
    plain = pools()
    assert {nb: plain[nb]["pool_size"] for nb in CLASS_PAGES} == {"tutorial.ipynb": 4, "play.ipynb": 4}
    big = pools("--MainMerahVoila.students=30")
    assert {nb: big[nb]["pool_size"] for nb in CLASS_PAGES} == {"tutorial.ipynb": 30, "play.ipynb": 30}
    assert big["default"] == plain["default"]  # other notebooks keep starting a kernel on demand
    small = pools("--MainMerahVoila.students=2")  # fewer students than the config's pool: the pool stays
    assert {nb: small[nb]["pool_size"] for nb in CLASS_PAGES} == {"tutorial.ipynb": 4, "play.ipynb": 4}
