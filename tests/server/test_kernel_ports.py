"""A kernel's TCP ports are taken below the system's ephemeral range (mainmerah/server/ports.py), checked free, not
handed out twice; a restart asking for new ports gets them. A real kernel is started, asked, restarted, stopped."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import socket

import pytest
from paths import ROOT

from mainmerah.server.ports import PORT_NAMES, KernelOnOwnPorts, PortPicker, port_range


def ports_of(km: KernelOnOwnPorts) -> list[int]:
    return [getattr(km, name) for name in PORT_NAMES]


async def answers(km: KernelOnOwnPorts) -> bool:
    client = km.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=90)
        return True
    finally:
        client.stop_channels()


async def start_restart_stop() -> tuple[list[int], list[int], bool, bool]:
    km = KernelOnOwnPorts(kernel_name="python3")
    await km.start_kernel()
    try:
        first = ports_of(km)
        first_answers = await answers(km)
        await km.restart_kernel(now=True, newports=True)
        return first, ports_of(km), first_answers, await answers(km)
    finally:
        await km.shutdown_kernel(now=True)


def test_a_kernel_runs_on_ports_below_the_ephemeral_range_and_a_restart_takes_new_ones() -> None:
    # A thread of its own: a browser test of the same worker may hold this thread's running event loop.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        first, after, first_answers, after_answers = pool.submit(asyncio.run, start_restart_stop()).result()
    ours = port_range()
    assert first_answers and after_answers
    for ports in (first, after):
        assert len(set(ports)) == 5 and all(p in ours for p in ports), (ports, ours)
    assert not set(first) & set(after), (first, after)


def free_pair() -> range:
    """Two neighbouring ports of port_range() that are free now."""
    rng = random.Random(7)
    ours = port_range()
    for _ in range(200):
        p = rng.randrange(ours.start, ours.stop - 1)
        if PortPicker.free("127.0.0.1", p) and PortPicker.free("127.0.0.1", p + 1):
            return range(p, p + 2)
    pytest.fail("no two free neighbouring ports")


def test_a_port_in_use_is_not_picked_and_none_twice() -> None:
    ports = free_pair()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", ports[0]))
        taken.listen()
        picker = PortPicker(ports, random.Random(1))
        assert picker.pick("127.0.0.1") == ports[1]
        with pytest.raises(OSError, match=f"no free port for a kernel in {ports[0]}-{ports[1]}"):
            picker.pick("127.0.0.1")  # the other is in use, this one was just handed out


def test_voila_servers_start_their_kernels_so() -> None:
    for config in (ROOT / "voila.json", ROOT / "config/classroom/voila.json",
                   ROOT / "config/classroom/jupyter_server_config.json"):  # (Binder's)
        kernels = json.loads(config.read_text())["MappingKernelManager"]
        assert kernels["kernel_manager_class"] == "mainmerah.server.ports.KernelOnOwnPorts", config
