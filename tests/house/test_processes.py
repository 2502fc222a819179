"""An interrupted run leaves no process behind (tests/processes.py).

A pytest run of its own starts a real Voila server through the registry, with one preheated kernel
(jupyter_client puts a kernel in a process group of its own: killing the server's group does not reach
it). Once the server and its kernel run, the run is interrupted: Ctrl-C (SIGINT), a SIGTERM, or its
pytest-xdist worker killed outright (SIGKILL: no handler runs there, the controller cleans up). Every
process it had started must be gone, the server's process group with them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import processes
import psutil
import pytest
from paths import ROOT

INNER = '''
import json, os, sys, time
from pathlib import Path

sys.path.insert(0, {benchmarks!r})
from load_test import ClassroomServer

NOTEBOOK = {{"cells": [], "metadata": {{"kernelspec": {{"name": "python3", "display_name": "Python 3",
             "language": "python"}}}}, "nbformat": 4, "nbformat_minor": 5}}


def test_serves_until_interrupted(tmp_path):
    root = tmp_path / "notebooks"
    root.mkdir()
    (root / "empty.ipynb").write_text(json.dumps(NOTEBOOK))
    server = ClassroomServer(tmp_path, root=root, pools={{"empty.ipynb": 1}})
    assert server.wait_kernels(1)
    Path(os.environ["MM_STARTED"]).write_text(json.dumps(
        {{"test": os.getpid(), "server": server.proc.pid, "kernels": list(server.kernel_pids().values())}}))
    time.sleep(600)  # interrupted here
'''


def alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


# SIGTERM runs the same clean-up handler as SIGINT (only what follows it differs): it runs with the long
# sweeps (MAINMERAH_LONG=1); every run checks Ctrl-C and a worker killed outright.
INTERRUPTS = ["SIGINT", "worker SIGKILL"] + (["SIGTERM"] if os.environ.get("MAINMERAH_LONG") == "1" else [])


@pytest.mark.parametrize("interrupt", INTERRUPTS)
def test_an_interrupted_run_leaves_no_process_behind(tmp_path: Path, interrupt: str) -> None:
    (tmp_path / "test_inner.py").write_text(INNER.format(benchmarks=str(ROOT / "benchmarks")))
    started = tmp_path / "started.json"
    workers = ["-n", "1"] if interrupt.startswith("worker") else []
    env = {**os.environ, "MM_STARTED": str(started), "PYTHONPATH": str(ROOT / "tests"), "PYTEST_ADDOPTS": ""}
    env.pop("PYTEST_XDIST_WORKER", None)
    cmd = [sys.executable, "-m", "pytest", "-p", "processes", "-p", "no:cacheprovider", "-q", "-s",
           f"--rootdir={tmp_path}", *workers, str(tmp_path / "test_inner.py")]
    with (tmp_path / "run.log").open("w") as log:
        run = processes.spawn(cmd, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 240
        while not started.exists():
            assert run.poll() is None and time.monotonic() < deadline, (tmp_path / "run.log").read_text()[-3000:]
            time.sleep(0.2)
        pids = json.loads(started.read_text())
        everything = processes.tagged(processes.tag_of(run))  # the run, its workers, the server, its kernel
        assert {pids["server"], *pids["kernels"]} <= {p.pid for p in everything}
        assert pids["kernels"] and all(os.getpgid(k) != pids["server"] for k in pids["kernels"])

        if interrupt == "worker SIGKILL":
            os.kill(pids["test"], signal.SIGKILL)
        else:
            os.kill(run.pid, getattr(signal, interrupt))
        run.wait(90)

        left = [p.pid for p in everything if p.pid != run.pid and alive(p.pid)]
        assert left == [], f"{interrupt}: processes left behind: {left}\n" + (tmp_path / "run.log").read_text()[-3000:]
        with pytest.raises(ProcessLookupError):
            os.killpg(pids["server"], 0)  # the server's process group is empty
    finally:
        processes.stop(run)


def test_a_test_servers_port_is_free_and_out_of_the_kernels_way() -> None:
    """A kernel binds its ZeroMQ ports by asking for port 0, from the system's ephemeral range: a server's port
    picked there could be taken by a kernel before the server binds it (a CI run once read a kernel's greeting
    as Voila's page). processes.free_port() picks below that range, a port nothing listens on."""
    import socket

    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    ports = [processes.free_port() for _ in range(20)]
    assert all(1024 <= p < low for p in ports), ports
    assert len(set(ports)) > 1, "every pick the same port"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", ports[0]))
        taken.listen()
        with socket.socket() as s:
            with pytest.raises(OSError):
                s.bind(("0.0.0.0", ports[0]))  # the same check free_port makes: a port in use is refused
