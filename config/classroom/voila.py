# Loaded next to voila.json (by `make serve-class` and, through binder/start, on Binder).
# Only the banner texts live here: they come from the package so they go through the
# translation hook; every other classroom setting is in voila.json.
from mainmerah.widgets.status import connection_texts

c = get_config()  # noqa: F821 (traitlets provides it)
c.VoilaConfiguration.resources = {"mainmerah_status": connection_texts()}
