"""The dispute page of one hand: what ``auditor explain`` says, as data, then as HTML.

Every figure comes from the audit itself (``PotAudit``, the payouts rows, the replay's
queries through ``auditor.explain``); nothing here judges a rule. Amounts stay integers
of the hand's smallest unit until the template formats them with the hand's money.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from auditor import __version__
from auditor.config import Settings
from auditor.engine.audit import PartAudit, PotAudit, audit_pots
from auditor.engine.pots import pot_shares
from auditor.engine.result import ReplayResult, Settlement
from auditor.explain import (
    PotRanking,
    StreetSection,
    award_text,
    code_sentence,
    deductions_text,
    due_shares,
    excess_text,
    house_rules,
    pot_ranking,
    street_sections,
)
from auditor.model.events import HoleCards, Mucks, PostBlind, Shows
from auditor.model.finding import Finding
from auditor.model.hand import Hand
from auditor.model.money import format_amount
from auditor.model.profile import Profile
from auditor.pages import drawing
from auditor.pages.render import render
from auditor.pages.rule_docs import RuleDoc, RulesSection, cited_sections, rule_doc
from auditor.parsing.errors import Unreadable

if TYPE_CHECKING:
    from auditor.api import FoundHand

Money = Callable[[int], str]

_RUN_NAMES = {1: "First", 2: "Second", 3: "Third", 4: "Fourth"}
_POST_LABELS = {"small": "SB", "big": "BB", "ante": "ante", "straddle": "straddle",
                "button": "button blind", "small_and_big": "SB+BB", "dead": "dead"}


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat as drawn: who, with what, and what became of him."""

    seat: int
    player: str
    stack: int
    color: str
    button: bool
    posts: tuple[tuple[str, int], ...]  # (label, amount): SB, BB, ante, straddle
    cards: tuple[str, ...]
    cards_how: str  # shown, dealt, mucked or "" (never seen)
    folded: bool
    all_in: bool
    sitting_out: bool
    net: int | None  # chip change as stated (payouts), None when he has no row


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One pot on one board: its ranking and who should get what beside who got what."""

    run: int
    board: tuple[str, ...]
    ranking: PotRanking
    award: str  # the explanation's sentence
    due: dict[str, int] | None  # None: cannot be told from the shown cards
    paid: dict[str, int]
    winners: tuple[str, ...]
    hands: dict[str, str]  # each winner's hand in words

    @property
    def agrees(self) -> bool:
        """Whether the history paid this pot on this board as the rules do."""
        return self.due is not None and self.due == {p: a for p, a in self.paid.items() if a}


@dataclass(frozen=True, slots=True)
class PotView:
    """One pot: amount before and after rake, who made it, who may win it, the result."""

    index: int
    name: str
    amount: int
    net: int | None
    shares: dict[str, int] | None  # who put what in; None when the site lays pots out otherwise
    eligible: tuple[str, ...]
    results: tuple[BoardResult, ...]


@dataclass(frozen=True, slots=True)
class MoneyRow:
    """One player's money (a payouts row): what the history paid beside what the rules
    pay."""

    player: str
    seat: int
    contributed: int
    returned: int
    paid: int
    due: int | None
    net: int

    @property
    def difference(self) -> int | None:
        """Paid minus due: positive when overpaid, negative when underpaid."""
        return None if self.due is None else self.paid - self.due


@dataclass(frozen=True, slots=True)
class FindingView:
    """A finding in plain words with its rule."""

    line: int
    code: str
    name: str
    severity: str
    street: str | None
    player: str | None
    message: str
    sentence: str  # "SP003 reports chips from a pot paid to …"
    expected: int | None
    observed: int | None
    from_report: bool = False  # recorded by the audit, not found again on re-reading


@dataclass(slots=True)
class HandPage:
    """Everything the dispute page shows."""

    title: str
    hand: Hand | None
    source: str
    first_line: int
    last_line: int
    money: Money
    seats: list[SeatView] = field(default_factory=list)
    streets: list[StreetSection] = field(default_factory=list)
    boards: dict[int, tuple[str, ...]] = field(default_factory=dict)
    pots: list[PotView] = field(default_factory=list)
    excess: str | None = None
    returned_to: str | None = None
    returned: int = 0
    deductions: str = ""
    house: int = 0
    money_rows: list[MoneyRow] = field(default_factory=list)
    outside: dict[str, int] = field(default_factory=dict)  # paid by the site, outside the pot
    findings: list[FindingView] = field(default_factory=list)
    profile: Profile = field(default_factory=Profile)
    house_rules: list[str] = field(default_factory=list)
    config_files: tuple[str, ...] = ()
    lines: list[tuple[int, str]] = field(default_factory=list)
    note: str | None = None  # why there is nothing to settle (cancelled, unreadable)
    warnings: list[str] = field(default_factory=list)

    @property
    def flagged_lines(self) -> dict[int, list[tuple[int, FindingView]]]:
        """The findings (numbered from 1, as on the page) by the line they point at."""
        out: dict[int, list[tuple[int, FindingView]]] = {}
        for i, f in enumerate(self.findings, start=1):
            out.setdefault(f.line, []).append((i, f))
        return out

    @property
    def action_lines(self) -> set[int]:
        """The lines shown in the street-by-street table."""
        return {r.line for s in self.streets for r in s.rows}

    @property
    def makers(self) -> set[str]:
        """The players who put chips in the pots (for the layers' legend)."""
        return {p for pot in self.pots for p in (pot.shares or {})} | (
            {self.returned_to} if self.returned_to else set())

    @property
    def runs(self) -> list[int]:
        """The boards the pots were judged on (0 for a hand dealt once)."""
        return sorted({r.run for p in self.pots for r in p.results})

    @property
    def rules(self) -> list[RuleDoc]:
        """The pages of the rules the findings cite, in code order."""
        docs = (rule_doc(code) for code in sorted({f.code for f in self.findings}))
        return [d for d in docs if d is not None]

    @property
    def rule_docs(self) -> dict[str, RuleDoc]:
        """The same pages by code."""
        return {d.code: d for d in self.rules}

    @property
    def sections(self) -> list[RulesSection]:
        """The sections of docs/rules.md those rules cite."""
        from auditor.rules.registry import all_rules

        rules = all_rules()
        refs = [r for f in self.findings if f.code in rules for r in rules[f.code].references]
        return cited_sections(refs)

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)


def hand_money(hand: Hand) -> Money:
    """The hand's amounts as it prints them (``$1.25``, ``1,500``)."""
    info = hand.info

    def money(units: int) -> str:
        return format_amount(units, info.decimals, info.symbol)

    return money


def build_hand_page(
    hand: Hand,
    replay: ReplayResult,
    settlement: Settlement,
    findings: Sequence[Finding] = (),
    profile: Profile | None = None,
    *,
    lines: Sequence[tuple[int, str]] = (),
    severity: Callable[[str, str], str] | None = None,
    config_files: Sequence[str] = (),
) -> HandPage:
    """The page of an audited hand. ``findings`` are the ones to explain (as
    ``explain_hand`` takes them), ``lines`` the hand's numbered lines as recorded,
    ``severity(code, default)`` the severity a profile gives a code."""
    profile = profile or Profile()
    money = hand_money(hand)
    info = hand.info
    page = HandPage(
        title=_title(hand), hand=hand, source=hand.source, first_line=hand.first_line,
        last_line=hand.last_line, money=money, profile=profile,
        house_rules=house_rules(hand, profile), config_files=tuple(config_files),
        lines=list(lines),
    )
    page.findings = [finding_view(f, severity) for f in
                     sorted(findings, key=lambda f: (f.line, f.code))]
    audit = None if hand.cancelled else audit_pots(hand, replay, profile)
    page.streets = street_sections(hand, profile)
    page.seats = _seats(hand, replay, settlement, audit)
    if audit is None:
        page.note = "The hand was cancelled: every chip went back to its owner."
        return page
    page.boards = {run: tuple(board) for run, board in sorted(audit.boards.items())}
    page.pots = _pots(audit, replay, money)
    page.excess = excess_text(audit, money)
    page.returned_to, page.returned = audit.layout.returned_to, audit.layout.returned
    page.deductions = deductions_text(audit, money)
    page.house = audit.house
    page.money_rows = [MoneyRow(r.player, r.seat, r.contributed, r.returned, r.won_stated,
                                r.won_replayed, r.net) for r in settlement.payouts]
    page.outside = {**audit.side, **{p: c.amount for p, c in audit.cash_outs.items()}}
    if info.game == "other":
        page.warnings.append("The cards of this game are not judged.")
    return page


def unreadable_page(bad: Unreadable, lines: Sequence[tuple[int, str]] = ()) -> HandPage:
    """The page of a hand that could not be read (HH001) or is not replayed (HH002)."""
    from auditor.rules.registry import all_rules

    rule = all_rules().get(bad.code)
    decimals = bad.info.decimals if bad.info else 2
    symbol = bad.info.symbol if bad.info else ""
    page = HandPage(
        title=f"Hand #{bad.hand_id or '?'} ({bad.site})", hand=None, source=bad.source,
        first_line=bad.first_line, last_line=bad.last_line,
        money=lambda units: format_amount(units, decimals, symbol), lines=list(lines),
        note=("The hand cannot be replayed: it could not be read." if bad.code == "HH001"
              else "The auditor does not replay this game: the hand is only counted."),
    )
    page.findings = [FindingView(
        bad.line, bad.code, rule.name if rule else bad.code,
        rule.severity if rule else "error", None, None, bad.message,
        code_sentence(bad.code, rule.summary.rstrip(".")) if rule else "", None, None)]
    return page


def finding_view(f: Finding, severity: Callable[[str, str], str] | None = None
                 ) -> FindingView:
    """A finding with its rule's name, severity (as the profile sets it) and sentence."""
    from auditor.rules.registry import all_rules

    rule = all_rules().get(f.code)
    default = rule.severity if rule else "error"
    sev = severity(f.code, default) if severity else default
    sentence = code_sentence(f.code, rule.summary.rstrip(".")) if rule else ""
    return FindingView(f.line, f.code, rule.name if rule else f.code, sev, f.street, f.player,
                       f.message, sentence, f.expected, f.observed)


def _title(hand: Hand) -> str:
    info = hand.info
    where = f" at table '{info.table}'" if info.table else ""
    if info.tournament:
        where += f", tournament #{info.tournament}"
    currency = f" {info.currency}" if info.currency else ""
    return f"Hand #{info.hand_id} ({info.site}, {info.variant}, {info.stakes_text}{currency})" \
        f"{where}"


def _seats(hand: Hand, replay: ReplayResult, settlement: Settlement,
           audit: PotAudit | None) -> list[SeatView]:
    posts: dict[str, list[tuple[str, int]]] = {}
    dealt: dict[str, tuple[str, ...]] = {}
    shown: dict[str, tuple[str, ...]] = {}
    mucked: dict[str, tuple[str, ...]] = {}
    for ev in hand.events:
        kind = type(ev)
        if kind is PostBlind:
            posts.setdefault(ev.player, []).append(  # type: ignore[attr-defined]
                (_POST_LABELS.get(ev.kind, ev.kind), ev.amount))  # type: ignore[attr-defined]
        elif kind is HoleCards and ev.cards:  # type: ignore[attr-defined]
            dealt[ev.player] = ev.cards  # type: ignore[attr-defined]
        elif kind is Shows and ev.cards:  # type: ignore[attr-defined]
            shown[ev.player] = ev.cards  # type: ignore[attr-defined]
        elif kind is Mucks and ev.cards:  # type: ignore[attr-defined]
            mucked[ev.player] = ev.cards  # type: ignore[attr-defined]
    if audit is not None:
        shown = {**shown, **audit.shown}
    net = {r.player: r.net for r in settlement.payouts}
    seats = []
    for i, s in enumerate(hand.seats):
        p = s.player
        cards, how = next(((c, h) for c, h in ((shown.get(p), "shown"), (mucked.get(p), "mucked"),
                                               (dealt.get(p), "dealt")) if c), ((), ""))
        seats.append(SeatView(
            s.seat, p, s.stack, drawing.player_color(i), s.seat == hand.info.button_seat,
            tuple(posts.get(p, ())), tuple(cards), how, p in replay.folded, p in replay.all_in,
            s.sitting_out, net.get(p),
        ))
    return seats


def _pots(audit: PotAudit, replay: ReplayResult, money: Money) -> list[PotView]:
    layout = audit.layout
    shares = pot_shares(replay.contributed, layout) if not audit.house else None
    parts: dict[int, list[PartAudit]] = {}
    for part in audit.parts:
        parts.setdefault(part.pot, []).append(part)
    pots = []
    for i, pot in enumerate(layout.pots):
        results = []
        for part in sorted(parts.get(i, ()), key=lambda p: p.run):
            winners = tuple(p for p in part.contenders if p in part.verdict.winners)
            results.append(BoardResult(
                part.run, tuple(audit.boards.get(part.run) or audit.boards.get(0, ())),
                pot_ranking(audit, part), award_text(audit, part, money),
                due_shares(audit, part), dict(part.paid), winners,
                {p: audit.hand_name(p, part.run) for p in winners},
            ))
        name = audit.pot_name(i).removeprefix("the ")
        pots.append(PotView(i, name[0].upper() + name[1:], pot.amount, audit.net[i],
                            shares[i] if shares else None, pot.eligible, tuple(results)))
    return pots


def render_hand_page(page: HandPage, *, version: str | None = None,
                     back_link: str | None = None) -> str:
    """The page as one self-contained HTML document. ``back_link`` is a relative link
    to the report the page belongs to."""
    max_seats = page.hand.info.max_seats if page.hand else None
    table = drawing.table_picture(page.seats, page.boards, page.pots, page.money,
                                  max_seats) if page.seats else None
    layers = drawing.pot_layers(page.pots, page.seats, page.returned_to, page.returned,
                                page.money) if page.pots else None
    return render("hand.html.j2", page=page, money=page.money, table=table, layers=layers,
                  version=version or __version__, back_link=back_link,
                  signed=_signed(page.money), run_names=_RUN_NAMES)


def write_hand_page(page: HandPage, out: Path, **options: str | None) -> Path:
    """Write ``page`` to ``out`` (its folder created); returns ``out``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_hand_page(page, **options), encoding="utf-8")
    return out


def _signed(money: Money) -> Money:
    def signed(units: int) -> str:
        return ("+" if units > 0 else "") + money(units)

    return signed




def page_of(found: FoundHand, settings: Settings) -> HandPage:
    """The page of a hand as ``hands_in_file`` finds it, under ``settings``."""
    if found.unreadable is not None:
        return unreadable_page(found.unreadable, found.lines)
    assert found.hand is not None
    if found.replay is None or found.settlement is None:  # cancelled: nothing was replayed
        page = build_hand_page(found.hand, ReplayResult(), Settlement(), (), settings.profile,
                               lines=found.lines, config_files=settings.config_files)
        return page
    return build_hand_page(found.hand, found.replay, found.settlement, found.findings,
                           settings.profile, lines=found.lines,
                           severity=settings.severity_of,  # type: ignore[arg-type]
                           config_files=settings.config_files)


def hand_page_in_file(path: Path, hand_id: str, settings: Settings | None = None
                      ) -> HandPage | None:
    """The dispute page of hand ``hand_id`` of ``path`` (``auditor explain --format
    html``), or None when the file holds no such hand."""
    from auditor.api import hands_in_file

    settings = settings or Settings()
    for found in hands_in_file(path, lambda hid, _: hid == hand_id, settings):
        return page_of(found, settings)
    return None
