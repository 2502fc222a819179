"""The table server as a JupyterHub service, so the students' kernels (each on its own server) share tables.

On The Littlest JupyterHub: copy this file to ``/opt/tljh/config/jupyterhub_config.d/mainmerah.py`` and run
``sudo tljh-config reload hub``. Elsewhere: ``load_subconfig`` it from your ``jupyterhub_config.py``. The hub
starts ``python -m mainmerah.server.tables`` (restarting it if it stops), routes ``/services/mainmerah-tables/``
to it, and tells every student's server where it is (``MAINMERAH_TABLES``, which their kernels read).
Tried with JupyterHub 6.1 and configurable-http-proxy 5.3: ``config/hub/trial.py``.
"""

import os

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (JupyterHub's config loader provides it)

# The Python that has mainmerah installed: on TLJH the users' environment, not the hub's.
PYTHON = os.environ.get("MAINMERAH_HUB_PYTHON", "/opt/tljh/user/bin/python")
# Where the tables are kept (they survive a restart of the service), and the teacher's key (teacher.key).
FOLDER = os.environ.get("MAINMERAH_HUB_FOLDER", "/srv/mainmerah-class")
PORT = int(os.environ.get("MAINMERAH_HUB_TABLES_PORT", "8870"))
# On TLJH every student's kernel reaches the service from this machine's own address, so the per-address limit
# on open tables is the whole class's: about two per student.
TABLES_PER_ADDRESS = os.environ.get("MAINMERAH_HUB_TABLES_PER_ADDRESS", "200")
NAME = "mainmerah-tables"

c.JupyterHub.services.append({
    "name": NAME,
    "url": f"http://127.0.0.1:{PORT}",
    "command": [PYTHON, "-m", "mainmerah.server.tables", "--port", str(PORT), "--folder", FOLDER,
                "--tables-per-address", TABLES_PER_ADDRESS],
})
# The kernels reach the service on this machine at its own port; the prefix is the one the hub gives it
# (JUPYTERHUB_SERVICE_PREFIX, which the service reads). From elsewhere (other machines, other pods) use the hub's
# public address instead: the proxy routes https://<hub>/services/mainmerah-tables/ to it, websockets too.
TABLES = os.environ.get("MAINMERAH_HUB_TABLES_URL", f"http://127.0.0.1:{PORT}/services/{NAME}/")
c.Spawner.environment.update({"MAINMERAH_TABLES": TABLES})
