"""Voila's page templates are compiled once per server (mainmerah/server/templates.py), and a template edited
while it runs is compiled again."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from nbconvert.exporters.templateexporter import TemplateExporter

from mainmerah.server.templates import KeptTemplates, compile_templates_once, kept_for


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from their source from now on."""
    seen: list[str] = []
    compile_source = jinja2.Environment.compile

    def counted(self: jinja2.Environment, source: object, name: str | None = None, *args: object,
                **kwargs: object) -> object:
        seen.append(str(name))
        return compile_source(self, source, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    return seen


def test_a_template_is_compiled_once_and_again_when_its_source_changes(tmp_path: Path, compiles: list[str]) -> None:
    page = tmp_path / "page.html"
    page.write_text("{{ game }} at {{ seats }} seats")
    kept = KeptTemplates()

    def render() -> str:  # a new environment each time, as nbconvert makes one per exporter
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), bytecode_cache=kept, autoescape=True)
        return env.get_template("page.html").render(game="Red Ten", seats=4)

    assert render() == render() == "Red Ten at 4 seats"
    assert compiles == ["page.html"]
    page.write_text("{{ game }} for {{ seats }}")
    assert render() == "Red Ten for 4"
    assert compiles == ["page.html", "page.html"]


def test_every_template_exporter_shares_one_cache_per_kind_of_environment(compiles: list[str]) -> None:
    compile_templates_once()
    compile_templates_once()  # twice: still one wrapper
    assert getattr(TemplateExporter._create_environment, "mainmerah_kept", False)
    first, second = TemplateExporter(enable_async=True), TemplateExporter(enable_async=True)
    assert first.environment is not second.environment
    assert first.environment.bytecode_cache is second.environment.bytecode_cache
    # An environment that renders without async compiles the same template into other code: a cache of its own.
    plain = TemplateExporter(enable_async=False)
    assert plain.environment.bytecode_cache is kept_for(plain.environment)
    assert plain.environment.bytecode_cache is not first.environment.bytecode_cache
    kept = kept_for(first.environment)
    kept.clear()
    first.environment.from_string("x")  # (a string template is never kept: no name, no file)
    name = "base/display_priority.j2"
    first.environment.get_template(name)
    second.environment.get_template(name)
    assert compiles.count(name) == 1 and kept.kept
