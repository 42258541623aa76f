"""One hand explained to a person settling a dispute, as plain text for a terminal.

``explain_hand`` replays the hand street by street with the pot after every action, then
shows the pots with their amounts and eligible players, the showdown ranking in each pot,
who should have been paid what and why, and every finding with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from auditor.engine.audit import PartAudit, PotAudit, audit_pots
from auditor.engine.betting import BettingState
from auditor.engine.payments import part_shares
from auditor.engine.result import ReplayResult, Settlement
from auditor.model.events import (
    Bet,
    Call,
    CashedOut,
    Check,
    Collected,
    Fold,
    PostBlind,
    Raise,
    ShowdownStart,
    StreetStart,
    UncalledReturned,
)
from auditor.model.finding import Finding
from auditor.model.hand import Hand
from auditor.model.money import format_amount
from auditor.model.profile import Profile

_BLIND_WORDS = {
    "small": "posts the small blind",
    "big": "posts the big blind",
    "ante": "posts the ante",
    "straddle": "straddles",
    "button": "posts the button blind",
    "small_and_big": "posts small & big blinds",
    "dead": "posts a dead blind",
}
_RUN_WORDS = {1: "first", 2: "second", 3: "third"}
_WIDTH = 44  # column where the running pot is printed

Money = Callable[[int], str]


def explain_hand(
    hand: Hand,
    replay: ReplayResult,
    settlement: Settlement,
    findings: Iterable[Finding] = (),
    profile: Profile | None = None,
) -> str:
    """The hand replayed in words: actions with the pot after each, the pots and who may
    win them, each pot's showdown ranking, what each player should have been paid, and
    the findings with the rules they break. ``findings`` defaults to none; pass the
    replay's and the settlement's (and SE001's) findings to have them explained."""
    money = _money(hand)
    profile = profile or Profile()
    audit = audit_pots(hand, replay, profile)
    out: list[str] = []
    out += _header(hand, money)
    out += _house_rules(hand, profile)
    out += _streets(hand, money, profile)
    if audit is None:
        out += ["", "The hand was cancelled: every chip went back to its owner."]
    else:
        out += _pots(audit, money)
        out += _showdown(audit, money)
        out += _payouts(audit, settlement, money)
    out += _findings(list(findings))
    return "\n".join(out) + "\n"


def _money(hand: Hand) -> Money:
    info = hand.info

    def money(units: int) -> str:
        return format_amount(units, info.decimals, info.symbol)

    return money


def _header(hand: Hand, money: Money) -> list[str]:
    info = hand.info
    where = f"table '{info.table}'" if info.table else "table ?"
    if info.tournament:
        where += f", tournament #{info.tournament}"
    lines = [
        f"Hand #{info.hand_id} ({info.site}, {info.variant}, {info.stakes_text}"
        f"{' ' + info.currency if info.currency else ''}) at {where}",
        f"{hand.source}, lines {hand.first_line}-{hand.last_line}; started {info.started}",
        "",
        "Seats",
    ]
    for s in hand.seats:
        tags = []
        if s.seat == info.button_seat:
            tags.append("button")
        if s.sitting_out:
            tags.append("sitting out")
        tag = f"  ({', '.join(tags)})" if tags else ""
        lines.append(f"  seat {s.seat:>2}  {s.player:<20} {money(s.stack):>12}{tag}")
    return lines


def _house_rules(hand: Hand, profile: Profile) -> list[str]:
    """The house rules the hand is judged under, as a person reads them."""
    return ["", f"House rules (profile {profile.name})",
            *(f"  {rule}" for rule in house_rules(hand, profile))]


def house_rules(hand: Hand, profile: Profile) -> list[str]:
    """The house rules ``hand`` is judged under, one sentence each."""
    reopen = {
        "full-raise": "only a full raise (or short all-ins adding up to one) reopens the "
                      "betting (TDA 47)",
        "half-bet": "an all-in of at least half a full raise reopens the betting",
        "full-bet": "only a full raise by one player reopens the betting",
    }[profile.reopen]
    odd = ("one unit at a time" if profile.odd_chip_split == "one-at-a-time"
           else "all of them")
    who = ("first left of the button" if profile.odd_chip == "button-left"
           else "to the best hand's highest card by suit")
    rules = [f"{reopen[0].upper()}{reopen[1:]}", f"Odd chips of a split: {odd}, {who}"]
    if hand.info.limit == "FL":
        cap = ("no cap heads-up" if profile.heads_up_cap == "cash-no-cap"
               else "the cap holds heads-up")
        rules.append(f"Fixed limit: a bet and {profile.limit_raise_cap} raises per round; "
                     f"{cap}")
    return rules


@dataclass(frozen=True, slots=True)
class Sizing:
    """A bet's or raise's size beside the legal bounds it faced (before it was made).

    ``increment`` is a raise's increment over the bet it faced, a bet's amount; ``minimum``
    the smallest legal bet (or raise-to) not all-in; ``maximum`` the pot-limit bet (or
    raise-to), None outside pot-limit; ``fixed`` the fixed-limit size, None otherwise."""

    kind: str  # "bet" or "raise"
    increment: int
    minimum: int | None = None
    maximum: int | None = None
    fixed: int | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One line of a street as a person reads it: the words, and the pot after it.

    ``kind`` is post, fold, check, call, bet, raise, return, collect or cash_out;
    ``amount`` the chips the line moves (a raise's street total), ``pot`` the pot after
    it (None on the showdown's collect and cash-out lines, which pay out of it)."""

    line: int
    kind: str
    player: str
    text: str
    amount: int | None = None
    pot: int | None = None
    all_in: bool = False
    sizing: Sizing | None = None


@dataclass(slots=True)
class StreetSection:
    """A street (or a showdown) with its board and its lines, in the order played."""

    street: str  # preflop, flop, turn, river or showdown
    run: int = 0  # 1, 2, … for the boards of a hand run more than once
    board: tuple[str, ...] = ()
    rows: list[ActionRow] = field(default_factory=list)

    @property
    def title(self) -> str:
        """``Flop (second board)``, ``Showdown``."""
        run = f" ({_RUN_WORDS.get(self.run, self.run)} board)" if self.run else ""
        return f"{self.street.capitalize()}{run}"


def street_sections(hand: Hand, profile: Profile | None = None) -> list[StreetSection]:
    """Every action with the pot after it (uncalled bets leave it when returned), and
    for each bet and raise its size beside the legal minimum (and pot-limit maximum),
    street by street; the showdown's payments in a section of their own."""
    money = _money(hand)
    state = BettingState(hand, profile or Profile())
    sections = [StreetSection("preflop")]
    rows = sections[0].rows
    pot = 0
    commit: dict[str, int] = {}
    street = "preflop"
    for ev in hand.events:
        kind = type(ev)
        row = None
        sizing = _sizing(state, ev) if kind is Bet or kind is Raise else None  # (before)
        state.apply(ev)
        if kind is StreetStart:
            if ev.street == "preflop" and ev.board:  # type: ignore[attr-defined]
                sections[0].board = ev.board  # type: ignore[attr-defined]  # Courchevel: one card up
            elif ev.street != street or ev.run:  # type: ignore[attr-defined]
                street = ev.street  # type: ignore[attr-defined]
                commit = {}
                sections.append(StreetSection(street, ev.run, ev.board))  # type: ignore[attr-defined]
                rows = sections[-1].rows
            continue
        if kind is PostBlind:
            live = ev.amount - ev.dead  # type: ignore[attr-defined]
            if ev.kind != "ante":  # type: ignore[attr-defined]
                commit[ev.player] = commit.get(ev.player, 0) + live  # type: ignore[attr-defined]
            pot += ev.amount  # type: ignore[attr-defined]
            words = _BLIND_WORDS.get(ev.kind, "posts")  # type: ignore[attr-defined]
            row = ActionRow(ev.line, "post", ev.player,  # type: ignore[attr-defined]
                            f"{ev.player} {words} {money(ev.amount)}",  # type: ignore[attr-defined]
                            ev.amount)  # type: ignore[attr-defined]
        elif kind is Fold:
            row = ActionRow(ev.line, "fold", ev.player, f"{ev.player} folds")  # type: ignore[attr-defined]
        elif kind is Check:
            row = ActionRow(ev.line, "check", ev.player, f"{ev.player} checks")  # type: ignore[attr-defined]
        elif kind is Call or kind is Bet:
            commit[ev.player] = commit.get(ev.player, 0) + ev.amount  # type: ignore[attr-defined]
            pot += ev.amount  # type: ignore[attr-defined]
            verb = "calls" if kind is Call else "bets"
            row = ActionRow(ev.line, verb[:-1], ev.player,  # type: ignore[attr-defined]
                            f"{ev.player} {verb} {money(ev.amount)}",  # type: ignore[attr-defined]
                            ev.amount)  # type: ignore[attr-defined]
        elif kind is Raise:
            added = ev.to - commit.get(ev.player, 0)  # type: ignore[attr-defined]
            commit[ev.player] = ev.to  # type: ignore[attr-defined]
            pot += added
            row = ActionRow(ev.line, "raise", ev.player,  # type: ignore[attr-defined]
                            f"{ev.player} raises to {money(ev.to)}", ev.to)  # type: ignore[attr-defined]
        elif kind is UncalledReturned:
            pot -= ev.amount  # type: ignore[attr-defined]
            row = ActionRow(ev.line, "return", ev.player,  # type: ignore[attr-defined]
                            f"uncalled {money(ev.amount)} returned to {ev.player}",  # type: ignore[attr-defined]
                            ev.amount)  # type: ignore[attr-defined]
        elif kind is ShowdownStart:
            sections.append(StreetSection("showdown", ev.run))  # type: ignore[attr-defined]
            rows = sections[-1].rows
            continue
        elif kind is Collected:
            rows.append(ActionRow(ev.line, "collect", ev.player,  # type: ignore[attr-defined]
                                  f"{ev.player} collects {money(ev.amount)}",  # type: ignore[attr-defined]
                                  ev.amount))  # type: ignore[attr-defined]
            continue
        elif kind is CashedOut:
            rows.append(ActionRow(
                ev.line, "cash_out", ev.player,  # type: ignore[attr-defined]
                f"{ev.player} cashes out for {money(ev.amount)} (paid by the site)",  # type: ignore[attr-defined]
                ev.amount))  # type: ignore[attr-defined]
            continue
        if row is not None:
            all_in = getattr(ev, "all_in", False)
            text = row.text + ", all-in" if all_in else row.text
            rows.append(ActionRow(row.line, row.kind, row.player, text, row.amount, pot,
                                  all_in, sizing))
    return sections


def _streets(hand: Hand, money: Money, profile: Profile) -> list[str]:
    """``street_sections`` as text: each line with its pot and sizes."""
    lines: list[str] = []
    for section in street_sections(hand, profile):
        if section.street == "showdown":
            lines += ["", section.title]
        elif section.street == "preflop" and not section.run:
            board = f" [{' '.join(section.board)}]" if section.board else ""
            lines += ["", f"Preflop{board}"]
        else:
            lines += ["", f"{section.title} [{' '.join(section.board)}]"]
        for row in section.rows:
            if row.pot is None:
                lines.append(f"  line {row.line:>4}  {row.text}")
                continue
            sizes = sizes_text(row.sizing, money) if row.sizing else ""
            lines.append(f"  line {row.line:>4}  {row.text:<{_WIDTH}} pot {money(row.pot):<10}"
                         f"{sizes}".rstrip())
    return lines


def _sizing(state: BettingState, ev: Bet | Raise) -> Sizing:
    """The bounds a bet or raise faced, from the replay's queries (before it applies)."""
    if type(ev) is Bet:
        increment = ev.amount  # type: ignore[union-attr]
        kind = "bet"
    else:
        increment = ev.to - state.current_bet  # type: ignore[union-attr]
        kind = "raise"
    if state.fixed_limit:
        return Sizing(kind, increment, fixed=state.bet_size())
    minimum = state.min_bet() if kind == "bet" else state.min_raise_to()
    maximum = state.pot_limit_raise_to(ev.player) if state.pot_limit else None
    return Sizing(kind, increment, minimum, maximum)


def sizes_text(sizing: Sizing, money: Money) -> str:
    """``raise +$4; minimum to $8, pot limit to $20``: a bet's or raise's increment over
    the bet it faced, beside the smallest legal one (not all-in) and, in pot-limit, the
    largest."""
    if sizing.fixed is not None:
        return f"fixed size {money(sizing.fixed)}"
    if sizing.kind == "bet":
        text = f"minimum {money(sizing.minimum or 0)}"
        if sizing.maximum is not None:
            text += f", pot limit {money(sizing.maximum)}"
        return text
    text = f"raise +{money(sizing.increment)}; minimum to {money(sizing.minimum or 0)}"
    if sizing.maximum is not None:
        text += f", pot limit to {money(sizing.maximum)}"
    return text


def _pots(audit: PotAudit, money: Money) -> list[str]:
    layout = audit.layout
    lines = ["", "Pots (rebuilt from what each player put in)"]
    excess = excess_text(audit, money)
    if excess:
        lines.append(f"  {excess}")
    for i, pot in enumerate(layout.pots):
        name = audit.pot_name(i).removeprefix("the ").capitalize()
        net = audit.net[i]
        after = f", {money(net)} after rake" if net is not None and net != pot.amount else ""
        who = ", ".join(pot.eligible) if pot.eligible else "nobody"
        lines.append(f"  {name}: {money(pot.amount)}{after}; can be won by {who}")
    if audit.house:
        lines.append(f"  The house added {money(audit.house)} to the main pot")
    deductions = deductions_text(audit, money)
    if deductions:
        lines.append(f"  {deductions}")
    return lines


def excess_text(audit: PotAudit, money: Money) -> str | None:
    """What became of the uncalled excess (None when there was none): ``Alice's last
    $1.00 was matched by no one: it is not a pot, it goes back``."""
    layout = audit.layout
    owner, excess = layout.returned_to, layout.returned
    if owner is None:
        return None
    back = audit.stated_returns.get(owner, 0)
    if audit.excess_in_pot:
        how = ("the history left it in the pot and paid it to him as if won: it "
               "should have gone back (SP001)")
    elif audit.hand.dialect.uncalled == "in_collected" and back:
        how = f"it goes back, inside what {owner} collected ({money(back)})"
    elif back == excess:
        how = "it is not a pot, it goes back"
    else:
        how = f"it should go back; the history returned {money(back)} (SP001)"
    return f"{owner}'s last {money(excess)} was matched by no one: {how}"


def deductions_text(audit: PotAudit, money: Money) -> str:
    """The rake and fees as the site's dialect knows them ("" when there are none)."""
    deductions = audit.deductions
    if deductions is None:
        return "Rake: not stated by the site"
    if not deductions:
        return ""
    known = "derived from what went in and came out" \
        if audit.hand.dialect.rake == "derived" else "stated"
    return f"Rake and fees {known}: {money(deductions)}"


def _showdown(audit: PotAudit, money: Money) -> list[str]:
    """Each pot's ranking, paid from the last side pot back to the main pot."""
    lines = ["", "Who wins each pot (cards speak; paid from the last side pot back)"]
    for part in sorted(audit.parts, key=lambda p: (p.run, -p.pot)):
        name = audit.pot_name(part.pot, part.run)
        lines.append(f"  {name[0].upper()}{name[1:]}:")
        lines += [f"    {line}" for line in _ranking(audit, part)]
        lines.append(f"    {award_text(audit, part, money)}")
    return lines


@dataclass(frozen=True, slots=True)
class RankedHand:
    """A shown hand's place in a pot's ranking (equal hands share a place)."""

    place: int
    player: str
    cards: tuple[str, ...]
    hand: str  # in words: "a pair of Aces"


@dataclass(frozen=True, slots=True)
class PotRanking:
    """Who contends for one pot on one board and how their shown hands rank.

    ``alone`` is set when one player is left in it (no showdown): the sentence saying so.
    ``unknown`` are the contenders whose cards were not shown, ``conceded`` the eligible
    players who mucked."""

    alone: str | None = None
    ranked: tuple[RankedHand, ...] = ()
    unknown: tuple[str, ...] = ()
    conceded: tuple[str, ...] = ()


def pot_ranking(audit: PotAudit, part: PartAudit) -> PotRanking:
    """The showdown ranking of one pot on one board, from the audit's strengths."""
    if len(part.eligible) == 1:
        return PotRanking(f"{part.eligible[0]} is the only player left in it: no showdown")
    if len(part.contenders) == 1:
        return PotRanking(f"{part.contenders[0]} is the only player who did not concede it")
    shown = [(p, audit.strengths.get((p, part.run))) for p in part.contenders]
    known = sorted(
        ((p, s) for p, s in shown if s is not None), key=lambda ps: ps[1].high, reverse=True
    )
    ranked = []
    rank = 0
    previous = None
    for place, (player, s) in enumerate(known, start=1):
        if s.high != previous:
            rank = place
        previous = s.high
        ranked.append(RankedHand(rank, player, tuple(audit.shown.get(player, ())),
                                 audit.hand_name(player, part.run)))
    return PotRanking(
        ranked=tuple(ranked),
        unknown=tuple(p for p, s in shown if s is None),
        conceded=tuple(p for p in part.eligible if p not in part.contenders),
    )


def _ranking(audit: PotAudit, part: PartAudit) -> list[str]:
    ranking = pot_ranking(audit, part)
    if ranking.alone:
        return [ranking.alone]
    lines = [f"{r.place}. {r.player} [{' '.join(r.cards)}]: {r.hand}" for r in ranking.ranked]
    if ranking.unknown:
        lines.append(f"cards not shown: {', '.join(ranking.unknown)} (never guessed)")
    if ranking.conceded:
        lines.append(f"mucked (conceded): {', '.join(ranking.conceded)}")
    return lines


def due_shares(audit: PotAudit, part: PartAudit) -> dict[str, int] | None:
    """What one pot on one board should pay each player, as the award says it (a winner
    who cashed out is paid by the site instead, so he is due nothing from it); None when
    its winners cannot be told from the shown cards."""
    v = part.verdict
    if not v.decided or part.expected is None:
        return None
    expected = part_shares(audit, part) or part.expected
    return {p: expected[p] for p in part.contenders
            if expected.get(p) and p not in audit.cash_outs}


def award_text(audit: PotAudit, part: PartAudit, money: Money) -> str:
    """``should pay Alice $28.00 (…); the history paid Bob $28.00``: one pot's award."""
    v = part.verdict
    paid = ", ".join(f"{p} {money(a)}" for p, a in part.paid.items()) or "nothing"
    if not v.decided:
        return f"winner cannot be told from the shown cards; the history paid {paid}"
    if part.expected is None:
        return f"won by {', '.join(sorted(v.winners))}; the history paid {paid}"
    expected = part_shares(audit, part) or part.expected
    cashed = [p for p in v.winners if p in audit.cash_outs]
    due = ", ".join(f"{p} {money(a)}" for p, a in (due_shares(audit, part) or {}).items())
    due = due or "nothing to anyone"
    why = []
    if v.low_winners:
        why.append(f"high half to {', '.join(v.high_winners)}, low half to "
                   f"{', '.join(v.low_winners)}")  # fmt: skip
    elif len(v.high_winners) > 1:
        why.append("a tie: split equally, odd chips first left of the button")
    if cashed:
        shares = ", ".join(f"{p}'s {money(expected.get(p, 0))}" for p in cashed)
        why.append(f"{shares} not awarded: cashed out, paid by the site instead")
    reason = f" ({'; '.join(why)})" if why else ""
    return f"should pay {due}{reason}; the history paid {paid}"


def _payouts(audit: PotAudit, settlement: Settlement, money: Money) -> list[str]:
    """The payouts table's rows, as they are (so both say the same)."""
    lines = [
        "",
        "Money per player",
        f"  {'player':<20} {'put in':>11} {'returned':>11} {'paid':>11} {'should be':>11} "
        f"{'net':>11}",
    ]
    outside = {**audit.side, **{p: c.amount for p, c in audit.cash_outs.items()}}
    for row in settlement.payouts:
        should = row.won_replayed
        should_text = money(should) if should is not None else "unknown"
        sign = "+" if row.net > 0 else ""
        lines.append(
            f"  {row.player:<20} {money(row.contributed):>11} {money(row.returned):>11} "
            f"{money(row.won_stated):>11} {should_text:>11} {sign + money(row.net):>11}"
        )
    for player, amount in outside.items():
        lines.append(f"  ({player}: {money(amount)} of it paid outside the pot by the site, "
                     "counted as paid and as due)")
    return lines


def _findings(findings: Sequence[Finding]) -> list[str]:
    from auditor.rules.registry import all_rules

    rules = all_rules()
    if not findings:
        return ["", "Findings: none. Every chip is where the rules put it."]
    lines = ["", f"Findings ({len(findings)})"]
    for f in sorted(findings, key=lambda f: (f.line, f.code)):
        rule = rules.get(f.code)
        name = f" {rule.name} ({rule.severity})" if rule else ""
        lines.append(f"  line {f.line:>4}  {f.code}{name}: {f.message}")
        if rule is not None:
            refs = f" See {', '.join(rule.references)}." if rule.references else ""
            summary = rule.summary.rstrip(".")
            lines.append(f"             {code_sentence(rule.code, summary)}{refs}")
    return lines


def code_sentence(code: str, summary: str) -> str:
    """A rule's summary as a sentence: ``RO001 reports a raise by a player who …``."""
    return f"{code} reports {summary[0].lower()}{summary[1:]}."
