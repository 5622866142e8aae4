"""What init, new and drill write: every target checked before any file is written, a clear
one-line refusal (exit status 2) for a place that cannot be written, never a half-written
project, and every text a user types written into YAML as one quoted string."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from generator.cli import main
from generator.puzzles import drill, writer
from generator.puzzles.writer import FilesInTheWay, WriteError, write_files, yaml_string


def _may_write_anywhere() -> bool:
    """Whether this process ignores folder permissions (root with its capabilities)."""
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o555)
        try:
            return os.access(folder, os.W_OK)
        finally:
            os.chmod(folder, 0o755)


MAY_WRITE_ANYWHERE = _may_write_anywhere()
LOADERS: list[Any] = [
    yaml.SafeLoader,
    *([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else []),
]


def tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and its text: what a command left there."""
    return {
        str(path.relative_to(folder)): path.read_text(encoding="utf-8")
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def one_line_error(err: str) -> str:
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
@given(text=st.text())
def test_any_text_written_as_a_yaml_string_reads_back_as_that_one_string(
    loader: Any, text: str
) -> None:
    document = f"title: {yaml_string(text)}\nlevel: 1\n"
    assert yaml.load(document, Loader=loader) == {"title": text, "level": 1}


@pytest.mark.parametrize("text", ["\x85", "a\u2028b\u2029", "\ufeff", "\x7f\x9f", "\ufffe"])
def test_the_characters_yaml_reads_otherwise_than_json_are_escaped(text: str) -> None:
    for loader in LOADERS:
        assert yaml.load(f"k: {yaml_string(text)}", Loader=loader) == {"k": text}


def test_files_in_the_way_are_all_named_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_text("mine too", encoding="utf-8")
    files = {tmp_path / name: "new" for name in ("a.txt", "c.txt", "sub/b.txt", "new/d.txt")}
    with pytest.raises(FilesInTheWay) as raised:
        write_files(files)
    assert raised.value.paths == [tmp_path / "a.txt", tmp_path / "sub" / "b.txt"]
    assert tree(tmp_path) == {"a.txt": "mine", "sub/b.txt": "mine too"}
    assert not (tmp_path / "new").exists()
    assert write_files(files, force=True) == list(files)
    assert set(tree(tmp_path).values()) == {"new"}


def test_a_write_that_fails_half_way_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "keep.txt").write_text("keep", encoding="utf-8")
    real_open = os.open
    opened: list[str] = []

    def open_three_then_fill_the_disk(path: str, flags: int, mode: int = 0o777) -> int:
        opened.append(str(path))
        if len(opened) == 3:
            raise OSError(28, "No space left on device")
        return real_open(path, flags, mode)

    monkeypatch.setattr(writer.os, "open", open_three_then_fill_the_disk)
    files = {tmp_path / "site" / f"part{n}" / "page.md": "text" for n in range(5)}
    with pytest.raises(WriteError, match=r"the disk is full: .*nothing was written"):
        write_files(files)
    assert tree(tmp_path) == {"keep.txt": "keep"}
    assert not (tmp_path / "site").exists()


def test_init_that_fails_half_way_leaves_no_half_written_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open
    opened: list[str] = []

    def fail_on_the_fifth_file(path: str, flags: int, mode: int = 0o777) -> int:
        opened.append(str(path))
        if len(opened) == 5:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, mode)

    monkeypatch.setattr(writer.os, "open", fail_on_the_fifth_file)
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["init", str(tmp_path / "club")]) == 2
    err = one_line_error(capsys.readouterr().err)
    assert "Permission denied: choose a folder you can write in; nothing was written" in err
    assert tree(tmp_path) == {"club/notes.txt": "mine"}
    assert [path.name for path in (tmp_path / "club").iterdir()] == ["notes.txt"]


def test_written_files_get_the_permissions_the_umask_gives(tmp_path: Path) -> None:
    (written,) = write_files({tmp_path / "a.yaml": "x: 1\n"})
    umask = os.umask(0)
    os.umask(umask)
    assert written.stat().st_mode & 0o777 == 0o666 & ~umask
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".")]


# The commands: a place that cannot be written is a one-line error, exit status 2 -----------------
def test_init_under_a_file_is_refused_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").write_text("", encoding="utf-8")
    assert main(["init", str(tmp_path / "notes" / "club")]) == 2
    err = one_line_error(capsys.readouterr().err)
    assert f"{tmp_path / 'notes'} is a file, not a folder" in err
    assert tree(tmp_path) == {"notes": ""}


def test_new_under_a_file_and_onto_a_folder_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").write_text("", encoding="utf-8")
    assert main(["new", "--variant", "portes", str(tmp_path / "notes" / "x.yaml")]) == 2
    assert f"{tmp_path / 'notes'} is a file, not a folder" in one_line_error(
        capsys.readouterr().err
    )
    (tmp_path / "taken.yaml").mkdir()
    for force in ([], ["--force"]):
        assert main(["new", "--variant", "portes", *force, str(tmp_path / "taken.yaml")]) == 2
        assert "taken.yaml is a folder" in one_line_error(capsys.readouterr().err)
    assert main(["new", "--variant", "portes", str(tmp_path) + "/"]) == 2
    assert "is a folder: name the file to write" in one_line_error(capsys.readouterr().err)
    assert tree(tmp_path) == {"notes": ""}


def test_a_file_name_too_long_for_the_file_system_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "--variant", "portes", str(tmp_path / f"{'x' * 300}.yaml")]) == 2
    err = one_line_error(capsys.readouterr().err)
    assert "the name is too long for this file system: choose a shorter one" in err
    assert not list(tmp_path.iterdir())


def test_drill_checks_its_folder_before_it_searches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran before the folder was checked")

    monkeypatch.setattr(drill, "make_drills", no_search)
    (tmp_path / "out").write_text("", encoding="utf-8")
    for out_dir in (tmp_path / "out", tmp_path / "out" / "drills"):
        argv = ["drill", "--variant", "portes", "--rule", "bar-entry", "--seed", "1"]
        assert main([*argv, str(out_dir)]) == 2
        assert f"{tmp_path / 'out'} is a file, not a folder" in one_line_error(
            capsys.readouterr().err
        )
    assert tree(tmp_path) == {"out": ""}


@pytest.mark.skipif(MAY_WRITE_ANYWHERE, reason="this process may write in any folder")
def test_every_command_refuses_a_folder_it_may_not_write_in_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran before the folder was checked")

    monkeypatch.setattr(drill, "make_drills", no_search)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        for argv in (
            ["init", str(locked / "club")],
            ["new", "--variant", "portes", str(locked / "x.yaml")],
            ["drill", "--variant", "portes", "--rule", "bar-entry", "--seed", "1", str(locked)],
        ):
            assert main(argv) == 2, argv
            err = one_line_error(capsys.readouterr().err)
            assert f"cannot write in {locked} (permission denied)" in err
        assert not list(locked.iterdir())
    finally:
        locked.chmod(0o755)
