"""Whether a build prints the worksheets: the ``pdf`` setting, or ``TABULA_PDF`` for one build
(``make test``'s strict build sets it to ``no``)."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import PluginError

from generator.site.plugin import pdf_setting


@pytest.mark.parametrize(
    ("configured", "expected"), [("auto", "auto"), (True, "yes"), (False, "no")]
)
def test_the_setting_decides_without_the_environment(
    monkeypatch: pytest.MonkeyPatch, configured: str | bool, expected: str
) -> None:
    monkeypatch.delenv("TABULA_PDF", raising=False)
    assert pdf_setting(configured) == expected


def test_the_environment_decides_for_one_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_PDF", "no")
    assert pdf_setting("yes") == "no"
    monkeypatch.setenv("TABULA_PDF", "")  # set but empty: the setting decides
    assert pdf_setting("yes") == "yes"


def test_a_wrong_value_names_where_it_was_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_PDF", "maybe")
    with pytest.raises(PluginError, match=r"TABULA_PDF is auto, yes or no, not 'maybe'"):
        pdf_setting("auto")
    monkeypatch.delenv("TABULA_PDF")
    with pytest.raises(PluginError, match=r"pdf is auto, yes or no, not 'sometimes'"):
        pdf_setting("sometimes")
