"""The Binder configuration (binder/), checked without Docker.

repo2docker renders the Dockerfile it would build; a fresh virtualenv built from the
binder/ files alone runs the notebooks (a missing dependency shows there); and
binder/start, run in front of a real Jupyter server as Binder does, serves the tutorial
as a Voila app with the classroom settings.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import processes
import pytest
from paths import ROOT

BINDER = ROOT / "binder"
CLASSROOM = ROOT / "config" / "classroom"
BIN = Path(sys.executable).parent
# The app notebooks a Binder link can open; each must run in a venv made from binder/ alone.
APP_NOTEBOOKS = ["tutorial.ipynb", "play.ipynb"]


def requirement_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.strip().startswith("#")]


def runtime_version() -> str:
    text = (BINDER / "runtime.txt").read_text().strip()
    m = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert m, f"binder/runtime.txt should read like 'python-3.11', not {text!r}"
    return m.group(1)


@pytest.fixture(scope="module")
def dockerfile() -> tuple[str, str]:
    r2d = shutil.which("jupyter-repo2docker", path=str(BIN))
    assert r2d, "jupyter-repo2docker is missing: pip install -e '.[test]'"
    run = subprocess.run([r2d, "--no-build", "--no-run", "--debug", str(ROOT)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout, run.stderr


def test_repo2docker_builds_from_binder_dir(dockerfile: tuple[str, str]) -> None:
    out, err = dockerfile
    assert out.lstrip().startswith(("FROM", "#")), out[:500]
    # binder/ takes precedence: its requirements are copied and installed, nothing from the root.
    assert re.search(r"^COPY .*src/binder/requirements\.txt ", out, re.M), out
    assert re.search(r'^RUN .*pip install --no-cache-dir -r "binder/requirements\.txt"', out, re.M), out
    assert not re.search(r"src/(requirements\.txt|environment\.yml|setup\.py|Pipfile)\b", out)
    # The Python version comes from binder/runtime.txt.
    assert f"python={runtime_version()}" in out + err
    # binder/start runs at container start (it points Jupyter at the classroom config).
    assert 'ENV R2D_ENTRYPOINT="${REPO_DIR}/binder/start"' in out


def test_binder_requirements_install_the_package_with_the_app() -> None:
    lines = requirement_lines()
    local = [ln for ln in lines if re.fullmatch(r"\.(\[[\w,\s-]+\])?", ln)]
    assert local, f"binder/requirements.txt must install the package itself ('.[app]'), has {lines}"
    extras = re.findall(r"[\w-]+", local[0][1:])
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = " ".join(meta.get("dependencies", []) + [d for e in extras for d in meta["optional-dependencies"][e]])
    for needed in ("voila", "ipywidgets"):
        assert needed in wanted, f"the Binder install lacks {needed}: extras {extras}"


def test_nothing_is_installed_at_runtime() -> None:
    """Notebooks and binder/start install nothing: the image is complete when it is built."""
    installers = re.compile(r"(%|!)\s*(pip|conda|mamba)\b|\b(pip|conda|mamba) install\b")
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            src = "".join(cell["source"])
            assert not (cell["cell_type"] == "code" and installers.search(src)), f"{nb.name} installs: {src[:200]}"
    start = (BINDER / "start").read_text()
    assert not installers.search(start)
    assert not (BINDER / "postBuild").exists() or not installers.search((BINDER / "postBuild").read_text())


def test_start_script_points_jupyter_at_the_classroom_config() -> None:
    env = {"PATH": os.environ["PATH"], "JUPYTER_PATH": "/elsewhere"}
    run = subprocess.run([str(BINDER / "start"), "env"], capture_output=True, text=True, env=env, timeout=30)
    assert run.returncode == 0, run.stderr
    got = dict(line.split("=", 1) for line in run.stdout.splitlines() if "=" in line)
    assert got["JUPYTER_CONFIG_PATH"].split(":") == [str(CLASSROOM)]
    assert got["JUPYTER_PATH"].split(":") == [str(CLASSROOM), "/elsewhere"]  # what was there is kept


def test_binder_and_serve_class_cull_alike() -> None:
    """On Binder the Jupyter server's config carries what serve-class's voila.json says for kernels."""
    voila = json.loads((CLASSROOM / "voila.json").read_text())
    server = json.loads((CLASSROOM / "jupyter_server_config.json").read_text())
    assert set(server) == {"MappingKernelManager", "VoilaExecutor"}
    for section in server:
        assert voila[section] == server[section], section
    assert server["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert server["MappingKernelManager"]["cull_connected"] is True


def test_binder_start_serves_the_tutorial_as_a_voila_app(tmp_path: Path) -> None:
    """What ?urlpath=voila/render/notebooks/tutorial.ipynb opens: Jupyter server + Voila extension."""
    from mainmerah.server.status import connection_texts

    port, token = processes.free_port(), "binder-test-token"
    cmd = [str(BINDER / "start"), str(BIN / "jupyter"), "server", "--no-browser", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={ROOT}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    log = tmp_path / "server.log"
    with log.open("w") as logf:
        proc = processes.spawn(cmd, cwd=ROOT, env=env, stdout=logf, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}/voila/render/notebooks/tutorial.ipynb?token={token}"
        html = ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(url, timeout=90) as r:
                    html = r.read().decode()
                    break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.5)
        assert html, f"no answer from {url}; log: {log.read_text()[-3000:]}"
        assert "application/vnd.jupyter.widget-view+json" in html, "the tutorial's widget did not render"
        assert "from mainmerah" not in html, "cell sources should be stripped"
        texts = connection_texts()
        assert json.dumps(texts["stopped"])[1:-1] in html, "the classroom template and its texts are missing"
        cull = json.loads((CLASSROOM / "jupyter_server_config.json").read_text())["MappingKernelManager"]
        expect = f"idle durations > {cull['cull_idle_timeout']} seconds at {cull['cull_interval']} second intervals"
        for _ in range(50):
            if expect in log.read_text():
                break
            time.sleep(0.1)
        assert expect in log.read_text(), "the server does not cull with the classroom settings"
    finally:
        processes.stop(proc, grace=15)


def working_tree_copy(dest: Path) -> Path:
    """The files a clone would have (tracked and new, not ignored), as Binder sees the repository."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


RUN_NOTEBOOK = """
import json, sys
import nbformat
from nbclient import NotebookClient
nb = nbformat.read(sys.argv[1], as_version=4)
nb.cells.append(nbformat.v4.new_code_cell("import sys, mainmerah; print(sys.prefix); print(mainmerah.__file__)"))
NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": "."}}).execute()
mimes = sorted({k for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) for k in o.get("data", {})})
print(json.dumps({"where": nb.cells[-1].outputs[0]["text"].split(), "mimes": mimes}))
"""


def run_notebook(venv: Path, script: Path, name: str, cwd: Path,
                 env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``name`` run by nbclient in ``venv``; once more if its kernel died for a port another process took.

    jupyter_client picks a kernel's TCP ports free, writes them, and the kernel binds them a second or two
    later; on a machine where other tests start servers and kernels meanwhile, one was taken in two CI runs of
    nine (zmq "Address already in use"): the machine's race, not the environment's, so it gets a second try."""
    cmd = [str(venv / "bin" / "python"), str(script), name]
    run = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if run.returncode != 0 and "Address already in use" in run.stderr:
        print(f"note: {name}: a kernel port was taken before the kernel bound it; run again")
        run = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    return run


@pytest.mark.slow
def test_fresh_venv_from_binder_files_runs_the_notebooks(tmp_path: Path) -> None:
    """Build the Binder environment without Docker: runtime.txt's Python, requirements.txt, nothing else."""
    repo = working_tree_copy(tmp_path / "repo")
    version = runtime_version()
    python = shutil.which(f"python{version}") or sys.executable
    got = subprocess.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                         capture_output=True, text=True, check=True).stdout.strip()
    if got != version:
        print(f"note: python{version} (binder/runtime.txt) not found; building with Python {got}")
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(PATH=f"{venv / 'bin'}:/usr/bin:/bin", JUPYTER_PATH="", JUPYTER_CONFIG_PATH="",
               JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"), JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
               PIP_DISABLE_PIP_VERSION_CHECK="1")
    # As repo2docker does: from the repository root, install -r binder/requirements.txt into a fresh venv.
    # With uv (the test extras), not pip: the same requirements resolved from the same registry, in seconds
    # rather than a minute of pip's CPU on a 2-core CI machine; what the test checks is that binder/ alone
    # makes an environment the notebooks run in. No .pyc written at install (they come on first import).
    uv = shutil.which("uv", path=str(BIN))
    assert uv, "uv is missing: pip install -e '.[test]'"
    subprocess.run([uv, "venv", "--quiet", "--python", python, str(venv)], check=True, timeout=120, env=env)
    pip = subprocess.run([uv, "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"),
                          "-r", "binder/requirements.txt"],
                         cwd=repo, env=env, capture_output=True, text=True, timeout=900)
    assert pip.returncode == 0, pip.stderr[-3000:]
    script = tmp_path / "run_notebook.py"
    script.write_text(RUN_NOTEBOOK)
    ran = 0
    for name in APP_NOTEBOOKS:
        if not (repo / "notebooks" / name).exists():
            continue
        run = run_notebook(venv, script, name, repo / "notebooks", env)
        assert run.returncode == 0, f"{name} fails in the Binder environment:\n{run.stderr[-3000:]}"
        result = json.loads(run.stdout.strip().splitlines()[-1])
        prefix, module = result["where"]
        assert Path(prefix) == venv, f"{name} ran in {prefix}, not in the fresh venv"
        assert Path(module).is_relative_to(venv), f"{name} imported mainmerah from {module}, not the installed copy"
        assert "application/vnd.jupyter.widget-view+json" in result["mimes"], f"{name} showed no widget"
        ran += 1
    assert ran, f"none of {APP_NOTEBOOKS} exists"
