"""Print the Binder and GitHub Pages links of this checkout's repository (``make links``).

Read from ``git remote get-url origin`` so the README's placeholders never have to be guessed.
"""

from __future__ import annotations

import re
import subprocess
import sys

BRANCH = "HEAD"  # the default branch, as in the README's Binder section


def github_repo(url: str) -> tuple[str, str] | None:
    """``(owner, repo)`` of a GitHub remote URL (https or ssh), None for anything else."""
    m = re.match(r"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com/)"
                 r"([^/]+)/([^/]+?)(?:\.git)?/?$", url.strip())
    return (m.group(1), m.group(2)) if m else None


def links(owner: str, repo: str) -> dict[str, str]:
    pages = f"https://{owner}.github.io/{repo}/"
    if repo.lower() == f"{owner.lower()}.github.io":  # a user or organisation site is served at the root
        pages = f"https://{owner}.github.io/"
    binder = f"https://mybinder.org/v2/gh/{owner}/{repo}/{BRANCH}"
    return {
        "static site (GitHub Pages)": pages,
        "Binder, the app": f"{binder}?urlpath=voila/render/notebooks/tutorial.ipynb",
        "Binder, JupyterLab": f"{binder}?urlpath=lab",
    }


def main() -> int:
    try:
        url = subprocess.run(["git", "remote", "get-url", "origin"], check=True, capture_output=True,
                             text=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        print("This checkout has no git remote 'origin': there is no repository to link to yet.\n"
              "Push it to GitHub (git remote add origin https://github.com/OWNER/REPO.git), then run make links.")
        return 0  # nothing is wrong with the checkout: there is just nothing to print yet
    repo = github_repo(url)
    if repo is None:
        print(f"origin is {url}, not a GitHub repository: Binder and GitHub Pages links need one.")
        return 0
    for name, link in links(*repo).items():
        print(f"{name:28} {link}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
