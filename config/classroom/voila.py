# Loaded next to voila.json (by `make serve-class` and, through binder/start, on Binder).
# Only texts live here: they come from the package so they go through the translation
# hook; every other classroom setting is in voila.json.
from mainmerah.server.status import connection_texts, error_instruction

c = get_config()  # noqa: F821 (traitlets provides it)
c.VoilaConfiguration.resources = {"mainmerah_status": connection_texts()}
# Under a failed cell students read this, not Voila's advice to rerun with --debug.
c.VoilaExecutor.cell_error_instruction = error_instruction()
