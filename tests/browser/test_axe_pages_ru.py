"""The Russian half of the accessibility sweep of tests/browser/test_axe_pages.py: a module of
its own, so that the two test processes share the sweep."""

from __future__ import annotations

import pytest

from .conftest import Site, Tab
from .test_axe_pages import WHOLE, check_pages

pytestmark = pytest.mark.browser


@WHOLE
def test_no_russian_page_has_a_serious_accessibility_violation_nor_fetches_every_sitemap(
    tab: Tab, site: Site, whole: bool
) -> None:
    check_pages(tab.page, site, "ru", whole)
