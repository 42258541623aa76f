"""What the page tests share: a side-pot hand with a finding, the sample audit, an HTML
parser, a headless Chromium when one is installed (fixtures exported by conftest)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from auditor.api import FoundHand, audit_paths, hands_in_file
from auditor.config import Settings
from auditor.rules.pots.sp003_ineligible_winner import IneligibleWinner

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
SP003 = IneligibleWinner.example_dir() / "bad_side_pot_to_all_in_player.txt"
SP003_HAND = "213000000301"


def found_hand(path: Path, hand_id: str, settings: Settings | None = None) -> FoundHand:
    """The hand as the audit sees it (what the dispute page is made from)."""
    return next(hands_in_file(path, lambda hid, _: hid == hand_id, settings))


@pytest.fixture(scope="session")
def sample_audit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``auditor audit sample_histories -o DIR``: the sample audit's folder."""
    out = tmp_path_factory.mktemp("sample_audit")
    audit_paths([SAMPLES], out, jobs=1)
    return out


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    text: str = ""


class Dom(HTMLParser):
    """A flat list of elements with their attributes and the text inside them."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self._open: list[Element] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.elements.append(element)
        if tag not in {"meta", "link", "br", "img", "input", "hr", "rect", "circle",
                       "ellipse", "path", "line"}:
            self._open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i].tag == tag:
                del self._open[i:]
                break

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element.text += data

    def find(self, tag: str | None = None, **attrs: str) -> list[Element]:
        """Elements of ``tag`` whose attributes include ``attrs`` (``class_`` for class:
        one of the element's classes)."""
        out = []
        for e in self.elements:
            if tag is not None and e.tag != tag:
                continue
            ok = True
            for k, v in attrs.items():
                if k == "class_":
                    ok = v in e.attrs.get("class", "").split()
                else:
                    ok = e.attrs.get(k.replace("_", "-")) == v
                if not ok:
                    break
            if ok:
                out.append(e)
        return out

    def by_id(self, ident: str) -> Element:
        (element,) = self.find(id=ident)
        return element


def chromium_binary() -> str | None:
    """A Chromium (or Chrome) to drive headless, if one is installed."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """Headless Chromium through its command line: the DOM after loading, screenshots,
    a print to PDF. Each call is one short-lived browser with its own profile."""

    def __init__(self, binary: str, profile: Path) -> None:
        self.binary = binary
        self.profile = profile

    def _run(self, *args: str, url: str) -> str:
        command = [self.binary, "--headless", "--no-sandbox", "--disable-gpu",
                   "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                   f"--user-data-dir={self.profile}", *args, url]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    def dom(self, page: Path) -> Dom:
        return Dom(self._run("--dump-dom", url=page.resolve().as_uri()))

    def screenshot(self, page: Path, png: Path, width: int, height: int) -> Path:
        self._run(f"--screenshot={png}", f"--window-size={width},{height}",
                  url=page.resolve().as_uri())
        assert png.stat().st_size > 1000
        return png

    def pdf(self, page: Path, pdf: Path) -> Path:
        self._run(f"--print-to-pdf={pdf}", "--no-pdf-header-footer",
                  url=page.resolve().as_uri())
        return pdf


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Browser:
    binary = chromium_binary()
    if binary is None:
        pytest.skip("no chromium binary found (apt-get install chromium)")
    return Browser(binary, tmp_path_factory.mktemp("chromium-profile"))
