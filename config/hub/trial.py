"""Try the table server as a JupyterHub service, for real, on this machine (nothing is mocked).

Run: ``.venv/bin/python config/hub/trial.py`` (about a minute; needs the package registries for pip and npm).

In a scratch folder it installs JupyterHub, Jupyter Server, ipykernel and this repository (with ``uv``) and
configurable-http-proxy (with ``npm``), then starts a hub that loads ``config/hub/jupyterhub_config.py`` as a
school's hub would, with a test login (DummyAuthenticator) and local servers (SimpleLocalProcessSpawner). Then:

1. two clients play a whole Main Merah game through the hub's proxy (``/services/mainmerah-tables/``, the
   websocket too);
2. the hub starts Ani's and Budi's own servers; code run in Ani's kernel opens a table at ``MAINMERAH_TABLES``
   (set by the config) and code run in Budi's kernel joins it by its code and sees its own hand.

It prints what each step saw and exits 1 if one failed. Everything it started is stopped at the end, also on
Ctrl-C. Not part of ``make test`` (it installs a hub and a proxy: a minute of CI for a deployment check).
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from tornado.httpclient import HTTPRequest
from tornado.ioloop import IOLoop
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[2]
HUB_PORT = 8010
TOKEN = uuid.uuid4().hex  # the trial's own API token (a hub service with admin scopes)
HUB = f"http://127.0.0.1:{HUB_PORT}"

TRIAL_CONFIG = """
import os
c = get_config()  # noqa: F821
load_subconfig({shipped!r})  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_port = {port} + 1
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.db_url = "sqlite:///{scratch}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{scratch}/cookie_secret"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{scratch}/home/{{username}}"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
c.Spawner.http_timeout = 90
c.Spawner.start_timeout = 120
c.JupyterHub.services.append({{"name": "trial", "api_token": {token!r}}})
c.JupyterHub.load_roles = [{{"name": "trial", "services": ["trial"],
                            "scopes": ["admin:users", "admin:servers", "access:servers"]}}]
"""


def run(cmd: list[str], **kw: object) -> None:
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]


def install(scratch: Path) -> Path:
    venv = scratch / "venv"
    uv = ROOT / ".venv" / "bin" / "uv"
    run([str(uv), "venv", "-q", "-p", sys.executable, str(venv)])
    run([str(uv), "pip", "install", "-q", "--python", str(venv / "bin" / "python"),
         "jupyterhub", "jupyter_server", "ipykernel", str(ROOT)])
    run(["npm", "install", "--silent", "--prefix", str(scratch), "configurable-http-proxy@5"])
    return venv


def api(method: str, path: str, body: object = None) -> object:
    request = urllib.request.Request(HUB + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        text = answer.read()
        return json.loads(text) if text else None


def wait_for_hub(hub: subprocess.Popen[bytes]) -> None:
    for _ in range(120):
        if hub.poll() is not None:
            raise SystemExit("the hub stopped: see its log")
        try:
            api("GET", "/hub/api/")
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(1)
    raise SystemExit("the hub did not answer within two minutes")


def start_server(user: str) -> None:
    api("POST", "/hub/api/users", {"usernames": [user]})
    try:
        api("POST", f"/hub/api/users/{user}/server")
    except urllib.error.HTTPError as refused:
        if refused.code != 202:  # 202: still starting, which the loop below waits out
            raise
    for _ in range(180):
        user_model = api("GET", f"/hub/api/users/{user}")
        assert isinstance(user_model, dict)
        if user_model["servers"].get("", {}).get("ready"):
            return
        time.sleep(1)
    raise SystemExit(f"{user}'s server did not start within three minutes")


async def in_kernel(user: str, code: str) -> str:
    """Run ``code`` in a new kernel of ``user``'s own server (the kernel protocol over the hub's proxy)."""
    kernel = api("POST", f"/user/{user}/api/kernels", {"name": "python3"})
    assert isinstance(kernel, dict)
    socket = await websocket_connect(HTTPRequest(f"ws://127.0.0.1:{HUB_PORT}/user/{user}/api/kernels/"
                                                 f"{kernel['id']}/channels",
                                                 headers={"Authorization": f"token {TOKEN}"}))
    msg_id = uuid.uuid4().hex
    socket.write_message(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": user, "session": uuid.uuid4().hex,
                   "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                    "allow_stdin": False, "stop_on_error": True}}))
    said: list[str] = []
    while True:
        raw = await socket.read_message()
        if raw is None:
            raise SystemExit(f"{user}'s kernel closed its socket")
        message = json.loads(raw)
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind = message["header"]["msg_type"]
        if kind == "stream":
            said.append(message["content"]["text"])
        elif kind == "error":
            raise SystemExit(f"{user}'s kernel: " + "\n".join(message["content"]["traceback"]))
        elif kind == "status" and message["content"]["execution_state"] == "idle":
            socket.close()
            return "".join(said)


def through_the_proxy() -> None:
    from mainmerah import tables

    server = tables.connect(f"{HUB}/services/mainmerah-tables/")
    table = server.create("main-merah", seats=["person", "person"], name="Ani")
    other = server.join(table.code, name="Budi")
    mine = table.seat
    assert mine is not None  # the creator sits at seat 0
    moves = 0
    while other.decision is not None and moves < 200:
        seat = other if other.my_turn else mine
        if seat.my_turn:
            seat.act(seat.legal_actions()[0])
            moves += 1
        else:
            seat.wait(timeout=10)
    mine.close()
    other.close()
    if other.decision is not None:
        raise SystemExit("1. the game through the proxy did not end")
    print(f"1. through the hub's proxy: table {table.code}, a whole Main Merah game in {moves} moves", flush=True)


def between_kernels() -> None:
    for user in ("ani", "budi"):
        start_server(user)
    opened = IOLoop.current().run_sync(lambda: in_kernel("ani", (
        "import os\nfrom mainmerah import tables\n"
        "t = tables.connect(os.environ['MAINMERAH_TABLES']).create('main-merah', seats=['person', 'person'], "
        "name='Ani')\nprint(os.environ['MAINMERAH_TABLES'], t.code, t.seat.index)\n")))
    address, code, seat = opened.split()
    joined = IOLoop.current().run_sync(lambda: in_kernel("budi", (
        "import os\nfrom mainmerah import tables\n"
        f"me = tables.connect(os.environ['MAINMERAH_TABLES']).join({code!r}, name='Budi')\n"
        "print(me.index, len(me.view.hand), me.decision)\n")))
    print(f"2. Ani's kernel (MAINMERAH_TABLES={address}) opened {code} in seat {seat}; "
          f"Budi's kernel joined: seat, hand size, decision = {joined.strip()}", flush=True)
    if not joined.startswith("1 "):
        raise SystemExit("2. Budi's kernel did not get seat 1")
    for user in ("ani", "budi"):
        api("DELETE", f"/hub/api/users/{user}/server")


def main() -> None:
    for port in (HUB_PORT, HUB_PORT + 1, HUB_PORT + 2, 8870):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                raise SystemExit(f"port {port} is taken: stop what listens there first")
    scratch = Path(tempfile.mkdtemp(prefix="mainmerah-hub-"))
    (scratch / "home" / "ani").mkdir(parents=True)
    (scratch / "home" / "budi").mkdir(parents=True)
    venv = install(scratch)
    config = scratch / "jupyterhub_config.py"
    config.write_text(TRIAL_CONFIG.format(
        shipped=str(ROOT / "config" / "hub" / "jupyterhub_config.py"), port=HUB_PORT, api=HUB_PORT + 2,
        proxy=str(scratch / "node_modules" / ".bin" / "configurable-http-proxy"), scratch=scratch,
        singleuser=str(venv / "bin" / "jupyterhub-singleuser"), token=TOKEN))
    env = dict(os.environ, MAINMERAH_HUB_PYTHON=str(venv / "bin" / "python"),
               MAINMERAH_HUB_FOLDER=str(scratch / "class"))
    log = (scratch / "hub.log").open("wb")
    hub = subprocess.Popen([str(venv / "bin" / "jupyterhub"), "-f", str(config)], cwd=scratch, env=env,
                           stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def stop(*_: object) -> None:
        if hub.poll() is None:
            os.killpg(hub.pid, signal.SIGTERM)  # the hub, its proxy, the service and the users' servers
            try:
                hub.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(hub.pid, signal.SIGKILL)

    atexit.register(stop)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    print(f"hub log: {scratch / 'hub.log'}", flush=True)
    wait_for_hub(hub)
    through_the_proxy()
    between_kernels()
    print("the table server works as a JupyterHub service", flush=True)


if __name__ == "__main__":
    main()
