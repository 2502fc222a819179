"""Every process a test starts, in one registry: stopped when its test ends and when the run is interrupted.

A server is started with :func:`spawn` (never ``subprocess.Popen`` directly): in a process group of its
own (``start_new_session``), so a Ctrl-C meant for pytest does not reach it half-way, and with a tag in its
environment, ``MAINMERAH_TEST_PROCESS=<run>/<owner>/<n>``. Every process it starts inherits the tag:
a Voila server's kernels too, though jupyter_client puts each kernel in a process group of its own, so
killing the server's group alone would leave them behind (an interrupted run once left 92 processes).

- :func:`stop` ends one server: SIGTERM to its group (Voila shuts its kernels down), then SIGKILL to the
  group and to every process still carrying its tag.
- :func:`stop_all` ends everything this process started, whatever it was started by: servers, their
  kernels, and (tagged as the owner itself) nbval's kernels, playwright and Chromium. The hooks at the
  end (imported by tests/conftest.py) call it when the session ends, at exit, and on SIGTERM and SIGINT.
- pytest-xdist's controller calls it too, for everything under the run's tag (its workers carry that
  tag itself and are spared): a worker killed outright (SIGKILL, no handler runs) leaves nothing behind.

The tags nest: a pytest run started by a test (tests/house/test_processes.py) tags its processes under the
test's tag, so stopping that run also stops what it started.
"""

from __future__ import annotations

import atexit
import itertools
import os
import random
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import psutil
import pytest

TAG = "MAINMERAH_TEST_PROCESS"
RUN = "MAINMERAH_TEST_RUN"
_count = itertools.count(1)
_started: dict[int, tuple[subprocess.Popen[Any], str]] = {}  # pid -> (the process, its tag)
_installed = False


def owner_tag() -> str:
    """This process's tag: what it starts is tagged under it. Made on first use outside pytest."""
    if TAG not in os.environ:
        os.environ[TAG] = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
    return os.environ[TAG]


def begin_run(worker: str | None) -> None:
    """Called once per pytest process (:func:`pytest_configure`). The run's first process makes the run's tag
    (under the tag it was started with, if a test started it); a worker tags its own under the run's."""
    if worker is None:
        parent = os.environ.get(TAG)
        run = f"{parent}/run-{os.getpid()}" if parent else f"run-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        os.environ[TAG] = os.environ[RUN] = run  # the workers read RUN; their own tag goes under it
    else:
        os.environ[TAG] = f"{os.environ[RUN]}/{worker}"


def free_port() -> int:
    """A port for a server a test starts: free now, and below the range the system hands out for port 0.

    Every kernel binds its five ZeroMQ ports by asking for port 0, from that range; a test's port picked
    there too (as it was) could be taken by a kernel between the pick and the server's bind: a CI run
    once asked a kernel's socket for Voila's page (``BadStatusLine``). Pick below it, where nothing binds
    port 0, and try it before handing it out.
    """
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768  # Linux's default start; elsewhere the pick is tried all the same
    pick = random.Random(time.time_ns() ^ os.getpid())  # a stream of our own, not the global RNG
    for _ in range(200):
        port = pick.randrange(max(1024, low - 12000), low)
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port below {low} after 200 tries")


def spawn(cmd: Sequence[str], env: dict[str, str] | None = None, **kwargs: Any) -> subprocess.Popen[Any]:
    """``subprocess.Popen(cmd, ...)`` in a new process group, tagged, registered until :func:`stop`."""
    tag = f"{owner_tag()}/{next(_count)}"
    proc: subprocess.Popen[Any] = subprocess.Popen(
        list(cmd), env={**(os.environ if env is None else env), TAG: tag}, start_new_session=True, **kwargs)
    _started[proc.pid] = (proc, tag)
    return proc


def tag_of(proc: subprocess.Popen[Any]) -> str:
    """The tag of a process from :func:`spawn` (and of everything it starts)."""
    return _started[proc.pid][1]


def tagged(prefix: str, exact: bool = True) -> list[psutil.Process]:
    """The live processes whose tag is under ``prefix`` (or, with ``exact``, is it), never this process
    or its parents. (pytest-xdist's workers carry the run's tag itself: the controller's sweep is not exact.)"""
    mine = {os.getpid(), *(p.pid for p in psutil.Process().parents())}
    found = []
    for p in psutil.process_iter():
        if p.pid in mine:
            continue
        try:
            value = p.environ().get(TAG, "")
        except (psutil.Error, OSError):
            continue
        if (exact and value == prefix) or value.startswith(prefix + "/"):
            found.append(p)
    return found


def _kill(processes: Iterable[psutil.Process], groups: Iterable[int] = ()) -> None:
    for pgid in groups:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except OSError:
            pass
    for p in processes:
        try:
            p.kill()
        except psutil.Error:
            pass


def _term_then_kill(procs: list[subprocess.Popen[Any]], prefixes: list[str], grace: float,
                    sig: int = signal.SIGTERM) -> None:
    """Signal each group (SIGTERM), wait up to ``grace`` seconds, then SIGKILL the groups and every tagged survivor."""
    for proc in procs:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, sig)
            except OSError:
                pass
    deadline = time.monotonic() + grace
    for proc in procs:
        try:
            proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
    survivors = [p for prefix in prefixes for p in tagged(prefix)]
    _kill(survivors, [proc.pid for proc in procs])
    psutil.wait_procs(survivors, timeout=5)
    for proc in procs:
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            pass


def stop(proc: subprocess.Popen[Any], grace: float = 10.0, sig: int = signal.SIGTERM) -> None:
    """End a process from :func:`spawn`, its group, and everything it started (kernels included):
    ``sig`` first, SIGKILL to what is left after ``grace`` seconds."""
    _, tag = _started.pop(proc.pid, (proc, None))
    _term_then_kill([proc], [tag] if tag else [], grace, sig)


def stop_all(grace: float = 3.0, exact: bool = True) -> None:
    """End every process this one started: all of :func:`spawn`'s, then anything else carrying our tag
    (nbval's kernels, playwright and Chromium carry it as they are). pytest-xdist's controller passes
    ``exact=False``: its workers carry its tag itself and are spared; what they started is not."""
    procs = [proc for proc, _ in _started.values()]
    _started.clear()
    _term_then_kill(procs, [], grace)
    survivors = tagged(owner_tag(), exact)
    _kill(survivors)
    psutil.wait_procs(survivors, timeout=5)


def install(cleanup: Callable[[], None]) -> None:
    """Run ``cleanup`` at exit and on SIGTERM and SIGINT; then the signal does what it did before
    (SIGINT still raises KeyboardInterrupt, so pytest reports; SIGTERM still ends the process)."""
    global _installed
    if _installed:
        return
    _installed = True
    atexit.register(cleanup)

    def handler(signum: int, frame: FrameType | None) -> None:
        cleanup()
        previous = before[signum]
        if callable(previous):
            previous(signum, frame)
        elif previous != signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)

    before: dict[int, Any] = {}
    for signum in (signal.SIGTERM, signal.SIGINT):
        before[signum] = signal.getsignal(signum)
        signal.signal(signum, handler)


# The pytest side: tests/conftest.py imports these two hooks (a test runs pytest with ``-p processes``).
def pytest_configure(config: pytest.Config) -> None:
    begin_run(getattr(config, "workerinput", {}).get("workerid"))
    install(lambda: _clean_up(config))


def pytest_sessionfinish(session: pytest.Session) -> None:
    _clean_up(session.config)


def _clean_up(config: pytest.Config) -> None:
    # pytest-xdist's controller: its workers carry its tag itself (spared); all they started goes.
    controller = not hasattr(config, "workerinput") and config.pluginmanager.has_plugin("dsession")
    stop_all(exact=not controller)
