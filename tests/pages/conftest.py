"""Fixtures of the page tests (helpers in ``pagekit``)."""

from pagekit import browser, sample_audit

__all__ = ["browser", "sample_audit"]
