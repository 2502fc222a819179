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
        holds = [PortPicker.hold("127.0.0.1", port) for port in (p, p + 1)]
        for held in holds:
            if held:
                held.close()
        if all(holds):
            return range(p, p + 2)
    pytest.fail("no two free neighbouring ports")


def test_a_port_in_use_is_not_picked_and_none_twice() -> None:
    ports = free_pair()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", ports[0]))
        taken.listen()
        picker = PortPicker(ports, random.Random(1))
        with picker.reserve("127.0.0.1") as held:
            assert held.getsockname()[1] == ports[1]
        with pytest.raises(OSError, match=f"no free port for a kernel in {ports[0]}-{ports[1]}"):
            picker.reserve("127.0.0.1")  # the other is in use, this one was just handed out


def test_a_held_port_is_refused_to_another_server_and_taken_by_its_kernel() -> None:
    """What the hold is for: another process's picker (here a second one) cannot take the port, the kernel's ZeroMQ
    socket binds and listens on it, and a client reaches the kernel's socket."""
    import zmq

    ports = free_pair()
    held = PortPicker(range(ports[0], ports[0] + 1), random.Random(2)).reserve("127.0.0.1")
    context = zmq.Context()
    kernel, client = context.socket(zmq.REP), context.socket(zmq.REQ)
    try:
        assert PortPicker.hold("127.0.0.1", ports[0]) is None  # another server's pick
        kernel.bind(f"tcp://127.0.0.1:{ports[0]}")
        client.connect(f"tcp://127.0.0.1:{ports[0]}")
        client.send(b"kernel_info")
        assert kernel.poll(10_000) and kernel.recv() == b"kernel_info"
    finally:
        held.close()
        kernel.close(linger=0)
        client.close(linger=0)
        context.term()


def test_voila_servers_start_their_kernels_so() -> None:
    for config in (ROOT / "voila.json", ROOT / "config/classroom/voila.json",
                   ROOT / "config/classroom/jupyter_server_config.json"):  # (Binder's)
        kernels = json.loads(config.read_text())["MappingKernelManager"]
        assert kernels["kernel_manager_class"] == "mainmerah.server.ports.KernelOnOwnPorts", config
