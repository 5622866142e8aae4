"""``bench lighthouse`` reads Lighthouse's report, serves the site as a host does, and says what
to install when Lighthouse is missing. Lighthouse itself is not run here: it is a benchmark,
minutes long (``make bench-lighthouse``)."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from generator.bench import lighthouse
from generator.bench.hosting import served
from generator.bench.lighthouse import Rating, format_ratings, rated_pages, rating_of
from generator.cli import main


def report(performance: float, accessibility: float = 1.0) -> dict[str, Any]:
    """A Lighthouse 12 JSON report, cut to what the bench reads."""
    return {
        "environment": {"benchmarkIndex": 1800.5},
        "categories": {
            "performance": {
                "score": performance,
                "auditRefs": [
                    {"id": "total-blocking-time", "weight": 30},
                    {"id": "largest-contentful-paint", "weight": 25},
                    {"id": "unused-javascript", "weight": 0},
                    {"id": "user-timings", "weight": 0},
                ],
            },
            "accessibility": {
                "score": accessibility,
                "auditRefs": [
                    {"id": "color-contrast", "weight": 7},
                    {"id": "aria-progressbar-name", "weight": 3},
                ],
            },
        },
        "audits": {
            "total-blocking-time": {
                "title": "Total Blocking Time",
                "score": 0.41,
                "scoreDisplayMode": "numeric",
                "displayValue": "710 ms",
            },
            "largest-contentful-paint": {
                "title": "Largest Contentful Paint",
                "score": 1,
                "scoreDisplayMode": "numeric",
                "displayValue": "1.2 s",
            },
            "first-contentful-paint": {"title": "FCP", "score": 1, "displayValue": "0.9 s"},
            "unused-javascript": {
                "title": "Reduce unused JavaScript",
                "score": 0,
                "scoreDisplayMode": "metricSavings",
                "displayValue": "Potential savings of 83 KiB",
                "details": {"items": [{"url": "http://127.0.0.1:1/assets/bundle.js"}]},
            },
            "user-timings": {
                "title": "User Timing",
                "score": None,
                "scoreDisplayMode": "notApplicable",
            },
            "color-contrast": {
                "title": "Background and foreground colors do not have a sufficient contrast",
                "score": 0,
                "scoreDisplayMode": "binary",
                "details": {
                    "items": [
                        {"node": {"selector": "a.md-tag", "snippet": "<a>"}},
                        {"node": {"snippet": "<span class=x>"}},
                    ]
                },
            },
            "aria-progressbar-name": {
                "title": "ARIA progressbar elements have accessible names",
                "score": 1,
                "scoreDisplayMode": "binary",
            },
        },
    }


def test_a_report_gives_the_scores_the_metrics_and_only_the_audits_that_failed() -> None:
    rating = rating_of(report(0.76, 0.96), "ru/")
    assert rating.scores == {"performance": 0.76, "accessibility": 0.96}
    assert rating.metrics == {
        "first-contentful-paint": "0.9 s",
        "largest-contentful-paint": "1.2 s",
        "total-blocking-time": "710 ms",
    }
    assert [(one.category, one.id) for one in rating.failing] == [
        ("accessibility", "color-contrast"),
        ("performance", "total-blocking-time"),
        ("performance", "unused-javascript"),
    ]
    contrast = rating.failing[0]
    assert contrast.items == ("a.md-tag", "<span class=x>") and contrast.weight == 7
    assert rating.failing[2].items == ("http://127.0.0.1:1/assets/bundle.js",)
    assert rating.benchmark_index == 1800.5


def test_the_figures_name_each_page_its_failures_and_whether_the_targets_are_met() -> None:
    home = rating_of(report(0.97), "")
    puzzle = rating_of(report(0.76, 0.96), "ru/puzzles/bg-x/")
    text = format_ratings([home, puzzle])
    assert "/: performance 0.97  accessibility 1.00" in text
    assert "/ru/puzzles/bg-x/: performance 0.76  accessibility 0.96" in text
    assert "  performance total-blocking-time (weight 30, score 0.41): 710 ms" in text
    assert "  accessibility color-contrast (weight 7, score 0.00): Background and" in text
    assert "      a.md-tag" in text
    assert "lowest performance: 0.76 (target: at least 0.95, NOT met)" in text
    assert "lowest accessibility: 0.96 (target: at least 1.00, NOT met)" in text
    assert "benchmark index of this machine: 1800" in text
    met = format_ratings([home])
    assert "lowest performance: 0.97 (target: at least 0.95, met)" in met
    assert "lowest accessibility: 1.00 (target: at least 1.00, met)" in met


def test_of_several_runs_the_one_of_median_performance_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scores = iter([0.91, 0.62, 0.97])
    monkeypatch.setattr(lighthouse, "run_lighthouse", lambda url, desktop: report(next(scores)))
    rating = lighthouse.rate("http://127.0.0.1:1/", "", runs=3)
    assert isinstance(rating, Rating)
    assert rating.scores["performance"] == 0.91
    assert rating.performance_runs == (0.91, 0.62, 0.97)


def test_the_rated_pages_are_each_languages_home_and_heaviest_puzzle(tmp_path: Path) -> None:
    for path, size in {
        "index.html": 1,
        "puzzles/index.html": 1,
        "puzzles/bg-small/index.html": 1,
        "puzzles/bg-big/index.html": 9,
        "ru/index.html": 1,
        "ru/puzzles/bg-small/index.html": 5,
        "ru/puzzles/bg-big/index.html": 2,
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("x" * size, encoding="utf-8")
    assert rated_pages(tmp_path) == ["", "puzzles/bg-big/", "ru/", "ru/puzzles/bg-small/"]


def fetch(url: str, gzip_ok: bool) -> tuple[str | None, bytes]:
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
        return answer.headers.get("Content-Encoding"), answer.read()


def test_the_site_is_served_as_a_host_serves_it_text_gzipped(tmp_path: Path) -> None:
    page = "<!doctype html><p>" + "board " * 500
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "tile.png").write_bytes(b"\x89PNG" + bytes(200))
    with served(tmp_path, gzip=True) as url:
        encoding, body = fetch(url + "puzzles/", gzip_ok=True)
        assert encoding == "gzip" and gzip.decompress(body).decode() == page
        assert len(body) < len(page) / 10
        assert fetch(url + "puzzles/", gzip_ok=False) == (None, page.encode())
        assert fetch(url + "tile.png", gzip_ok=True) == (None, b"\x89PNG" + bytes(200))
        # A folder without its slash is sent to it, as hosts do, so relative links work.
        assert fetch(url + "puzzles", gzip_ok=True)[0] == "gzip"


def test_without_lighthouse_the_command_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(lighthouse, "LIGHTHOUSE", tmp_path / "no-lighthouse")
    assert main(["bench", "lighthouse", "--site", str(tmp_path)]) == 1
    said = capsys.readouterr().err
    assert f"Lighthouse is not installed at {tmp_path / 'no-lighthouse'}" in said
    assert (
        "make bench-lighthouse (npm install -E --prefix .venv/lighthouse lighthouse@12.2.3)" in said
    )
