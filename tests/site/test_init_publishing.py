"""What init writes for publishing: a GitHub Pages workflow, requirements.txt, the README."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.cli import main
from generator.site import init
from generator.site.init import pushed_commit, requirement_from, requirements_txt


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "en,ru"]) == 0
    return folder


def workflow(folder: Path) -> dict[Any, Any]:
    data = yaml.safe_load((folder / ".github" / "workflows" / "pages.yml").read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def test_init_writes_a_github_pages_workflow_that_checks_builds_and_publishes(site: Path) -> None:
    flow = workflow(site)
    # YAML 1.1 (PyYAML) reads the key "on" as true; GitHub reads it as "on".
    triggers = flow["on"] if "on" in flow else flow[True]
    assert triggers["push"] == {"branches": ["main"]} and "workflow_dispatch" in triggers
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = flow["jobs"]["build"], flow["jobs"]["deploy"]
    steps = build["steps"]
    uses = [step["uses"].split("@")[0] for step in steps if "uses" in step]
    assert uses == [
        "actions/checkout",
        "actions/configure-pages",
        "actions/setup-python",
        "actions/upload-pages-artifact",
    ]
    runs = [step["run"] for step in steps if "run" in step]
    order = [
        next(i for i, run in enumerate(runs) if command in run)
        for command in (
            "python -m pip install -r requirements.txt",
            "python -m generator check",
            "python -m mkdocs build",
        )
    ]
    assert order == sorted(order)
    config = yaml.safe_load((site / "mkdocs.yml").read_text(encoding="utf-8"))
    upload = next(step for step in steps if "upload-pages-artifact" in step.get("uses", ""))
    assert upload["with"]["path"] == config["site_dir"] == "site"
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert [step["uses"].split("@")[0] for step in deploy["steps"]] == ["actions/deploy-pages"]
    python = next(step for step in steps if "setup-python" in step.get("uses", ""))
    assert float(python["with"]["python-version"]) >= 3.11  # pyproject's requires-python


def _install_step(folder: Path) -> str:
    steps = workflow(folder)["jobs"]["build"]["steps"]
    return str(next(step["run"] for step in steps if "requirements.txt" in step.get("run", "")))


def _run_step(script: str, folder: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The step's script as the runner's bash runs it, with a python that records its
    arguments instead of installing anything."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    fake = bin_dir / "python"
    fake.write_text('#!/bin/sh\necho "python $*" >> "$CALLS"\n', encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    env["CALLS"] = str(tmp_path / "calls")
    return subprocess.run(
        ["bash", "-e", "-c", script],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_workflow_stops_with_a_clear_error_until_requirements_name_tabula(
    site: Path, tmp_path: Path
) -> None:
    script = _install_step(site)
    requirements = (site / "requirements.txt").read_text(encoding="utf-8")
    if "\ntabula @" in requirements:  # this Tabula was installed from a public repository
        (site / "requirements.txt").write_text(requirements_txt(None), encoding="utf-8")
    refused = _run_step(script, site, tmp_path)
    assert refused.returncode == 1
    assert refused.stdout == (
        "::error file=requirements.txt::requirements.txt does not say where to install Tabula "
        "from: see the comment at its top\n"
    )
    assert not (tmp_path / "calls").exists()
    line = "tabula @ git+https://github.com/club/tabula.git@v0.1.0"
    (site / "requirements.txt").write_text(requirements_txt(line), encoding="utf-8")
    installed = _run_step(script, site, tmp_path)
    assert installed.returncode == 0, installed.stderr
    assert (tmp_path / "calls").read_text() == "python -m pip install -r requirements.txt\n"


def test_requirements_name_the_tabula_of_the_site_or_say_what_to_write(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    placeholder = requirements_txt(None)
    active = [line for line in placeholder.splitlines() if not line.startswith("#")]
    assert active == []  # pip installs nothing from it, and the workflow says why
    assert "# tabula @ git+https://github.com/OWNER/tabula.git@TAG" in placeholder
    # The Python Package Index's "tabula" is not this one.
    assert 'Index\'s "tabula" is another project' in placeholder.replace("\n# ", " ")
    line = "tabula @ git+https://github.com/club/tabula.git@0123abcd"
    monkeypatch.setattr(init, "tabula_requirement", lambda: line)
    assert main(["init", str(tmp_path / "pinned"), "--lang", "ru"]) == 0
    written = (tmp_path / "pinned" / "requirements.txt").read_text(encoding="utf-8")
    assert [text for text in written.splitlines() if not text.startswith("#")] == [line]


def _git(folder: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(folder), "-c", "user.name=T", "-c", "user.email=t@example.org", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_a_tabula_installed_from_a_pushed_clone_is_named_by_its_address_and_commit(
    tmp_path: Path,
) -> None:
    clone = tmp_path / "tabula"
    clone.mkdir()
    _git(clone, "init", "-q")
    (clone / "README.md").write_text("Tabula\n", encoding="utf-8")
    _git(clone, "add", "README.md")
    _git(clone, "commit", "-q", "-m", "first")
    commit = _git(clone, "rev-parse", "HEAD")
    _git(clone, "remote", "add", "origin", "git@github.com:club/tabula.git")
    assert pushed_commit(clone) is None  # not pushed: no other computer can install it
    _git(clone, "update-ref", "refs/remotes/origin/main", commit)
    assert pushed_commit(clone) == ("https://github.com/club/tabula.git", commit)
    direct = {"url": clone.as_uri(), "dir_info": {"editable": True}}
    assert requirement_from(direct) == f"tabula @ git+https://github.com/club/tabula.git@{commit}"
    assert pushed_commit(tmp_path / "nowhere") is None


def test_the_readme_and_gitignore_tell_about_publishing(site: Path) -> None:
    readme = (site / "README.md").read_text(encoding="utf-8")
    assert "## Publishing" in readme
    assert ".github/workflows/pages.yml" in readme and "Source: GitHub Actions" in readme
    assert "python -m generator offline" in readme and "site-offline.zip" in readme
    ignored = (site / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "site-offline/" in ignored and "site-offline.zip" in ignored
