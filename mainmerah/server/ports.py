"""Kernels on ports no outgoing connection can take while they start.

jupyter_client picks a kernel's five TCP ports by binding port 0 and closing the socket; the kernel binds them
a second or two later. Port 0 and every outgoing connection (the browser's, each kernel client's) draw from the
system's ephemeral range, so on a busy server one of those ports is sometimes taken in between: the kernel dies
with "Address already in use" and its page never runs (seen in CI, several Voila servers starting kernels at
once). These kernels take their ports just below the ephemeral range, where nothing is handed out unasked, and
each port stays reserved until its kernel has surely bound it: a socket of this process holds it, bound, not
listening, marked reusable once bound. Another server's pick (a plain bind) is refused while it is held; the
kernel's own bind (ZeroMQ marks its sockets reusable) and listen go through. Voila's settings name this class
(``MappingKernelManager.kernel_manager_class`` in voila.json).
"""

from __future__ import annotations

import asyncio
import collections
import random
import socket
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

PORT_NAMES = ("shell_port", "iopub_port", "stdin_port", "hb_port", "control_port")
# Linux's range by default; other systems start theirs at 49152 (IANA's), above what is taken here.
EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
WIDTH = 12_000  # ports to pick from: far more than a class server's kernels ever hold at once
RECENT = 2_000  # a port handed out is not handed out again for this many picks
HOLD = 60.0  # seconds a port stays held after its kernel was started: a kernel binds its ports within seconds


def port_range() -> range:
    """The ports kernels take here: the WIDTH ports just below the ephemeral range (never below 1024)."""
    try:
        low = int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 49_152
    return range(max(1024, low - WIDTH), low)


class PortPicker:
    """Ports of :func:`port_range`, each reserved by a socket bound to it (refused if anything else is bound there),
    none handed out twice in RECENT picks."""

    def __init__(self, ports: range, rng: random.Random) -> None:
        self.ports = ports
        self.rng = rng
        self.recent: collections.deque[int] = collections.deque(maxlen=RECENT)

    def reserve(self, ip: str) -> socket.socket:
        """A socket holding a free port for a kernel: the caller closes it once the kernel has bound the port."""
        for _ in range(1000):
            port = self.rng.choice(self.ports)
            if port in self.recent:
                continue
            held = self.hold(ip, port)
            if held is None:
                continue
            self.recent.append(port)
            return held
        raise OSError(f"no free port for a kernel in {self.ports.start}-{self.ports.stop - 1} on {ip}")

    @staticmethod
    def hold(ip: str, port: int) -> socket.socket | None:
        s = socket.socket()
        try:
            s.bind((ip, port))  # (not reusable yet: refused if any socket has the port, another server's hold too)
        except OSError:
            s.close()
            return None
        # Reusable from now on, so that the kernel's bind and listen may share the port with this socket.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        return s


# One per process, as jupyter_client's own port cache: every kernel manager of the server asks it. Its choices
# need no seed (no game depends on them); a random order keeps two servers from walking the same ports.
PICKER = PortPicker(port_range(), random.Random())


class KernelOnOwnPorts(ServerKernelManager):  # type: ignore[misc]  # (jupyter_server is untyped here)
    """The Jupyter server's kernel manager (its default), but that its TCP kernels get their ports from :data:`PICKER`,
    held for HOLD seconds after the kernel starts (also on a restart asking for new ports)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cache_ports = False  # jupyter_client's cache would pick the ports itself, from the ephemeral range
        self.held: list[socket.socket] = []

    async def _async_pre_start_kernel(self, **kw: Any) -> Any:
        if self.transport == "tcp" and all(getattr(self, name) == 0 for name in PORT_NAMES):
            self.release()
            self.held = []
            try:
                for _ in PORT_NAMES:
                    self.held.append(PICKER.reserve(self.ip))
            except OSError:
                self.release()
                raise
            for name, held in zip(PORT_NAMES, self.held, strict=True):
                setattr(self, name, held.getsockname()[1])
            asyncio.get_running_loop().call_later(HOLD, self.release, self.held)
        return await super()._async_pre_start_kernel(**kw)

    def release(self, held: list[socket.socket] | None = None) -> None:
        """Closes the sockets holding this kernel's ports (``held``: those of one start; by default the last)."""
        for s in self.held if held is None else held:
            s.close()

    def cleanup_random_ports(self) -> None:
        # A restart with new ports (the restarter's, after a kernel died at start): forget these, as jupyter_client
        # forgets the ports it picked, so that the next start picks others.
        if self.held:
            self.release()
            self.held = []
            for name in PORT_NAMES:
                setattr(self, name, 0)
            self.cleanup_connection_file()
        super().cleanup_random_ports()
