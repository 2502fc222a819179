"""Voila's page templates compiled once per server, not once per page.

nbconvert makes a new Jinja environment for every exporter, and Voila makes an exporter for every page it
renders (a preheated kernel's too): each page parsed and compiled the same template files again, about a dozen
of them (a profile of a Voila server, 2026-12-06: 3.2 s of its 12 s over four table pages and their kernels'
refills, under the profiler; measured without it, about 0.1 s of the server's CPU a page).
:func:`compile_templates_once` gives every such environment one cache of compiled templates in this process's
memory: a template is compiled the first time and read from the cache after. Jinja checks each template's source
against the checksum kept with its code, so a template edited while the server runs is compiled again.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket


class KeptTemplates(BytecodeCache):
    """Compiled templates kept in memory, by Jinja's key (the template's name and file)."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # (dropped by Jinja if the source's checksum differs)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self.kept.clear()


# One cache per kind of environment: a template compiled for async rendering (Voila's) is other code than the
# same template compiled for plain rendering, and Jinja's key names only the template.
_KEPT: dict[tuple[bool, tuple[str, ...]], KeptTemplates] = {}


def kept_for(environment: Environment) -> KeptTemplates:
    """The cache for environments like ``environment`` (async or not, with the same extensions)."""
    return _KEPT.setdefault((environment.is_async, tuple(sorted(environment.extensions))), KeptTemplates())


def compile_templates_once() -> None:
    """Every nbconvert template environment made in this process from now on shares :func:`kept_for`'s cache."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "mainmerah_kept", False):
        return

    def _create_environment(self: Any) -> Environment:
        environment: Environment = create(self)
        environment.bytecode_cache = kept_for(environment)
        return environment

    _create_environment.mainmerah_kept = True  # type: ignore[attr-defined]
    TemplateExporter._create_environment = _create_environment  # type: ignore[method-assign]
