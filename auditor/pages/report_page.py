"""The club report: an audit's output folder drawn for an operator, with the dispute
pages of the hands to look at first written beside it.

Every figure is read from the report's tables (``hands``, ``findings``, ``payouts`` and,
where the folder has one, ``sessions``) and its provenance; the dispute pages re-read
their hands from the source file and line the hands table records, as ``auditor explain``
does, under the settings the audit was made with.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from auditor import __version__
from auditor.config import Selection, Settings
from auditor.model.profile import Profile
from auditor.pages import drawing
from auditor.pages.hand_page import FindingView, HandPage, page_of, render_hand_page
from auditor.pages.money import decimals_for, format_money, units
from auditor.pages.render import render
from auditor.report.reader import read_report
from auditor.report.schema import STATUSES
from auditor.report.writer import PROVENANCE

DEFAULT_PAGES = 50  # dispute pages written at most (a big audit has thousands of hands)
PLAYERS_SHOWN = 25  # players listed when few or none were paid otherwise
MAX_ROWS = 200  # rows of the per-player, per-table and per-file tables shown at most
_SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, slots=True)
class HandToSee:
    """A hand with findings, in the order to look at them."""

    source: str
    hand_id: str
    first_line: int
    site: str
    table: str
    started: str
    status: str
    currency: str
    worst: str  # the worst severity among its findings
    codes: tuple[str, ...]
    findings: int
    at_stake: Decimal  # chips paid otherwise than the rules pay (overpaid, or underpaid)
    message: str  # its first finding's sentence
    page: str | None = None  # the dispute page, relative to the report
    why_no_page: str = ""


@dataclass(slots=True)
class ReportPage:
    """Everything the report page shows."""

    audit_dir: Path
    provenance: dict[str, Any]
    totals: dict[str, int]
    statuses: list[str]
    by_site: list[tuple[str, dict[str, int], int]]  # site, count per status, total
    by_code: list[tuple[str, str, str, int]]  # code, rule, severity, findings
    by_severity: dict[str, int]
    players: list[dict[str, Any]]
    players_total: int
    currency_totals: list[dict[str, Any]]
    tables: list[dict[str, Any]]
    tables_total: int
    files: list[dict[str, Any]]
    files_total: int
    sessions: pd.DataFrame | None
    to_see: list[HandToSee]
    to_see_total: int
    max_pages: int
    pages_written: int = 0
    pages_dir: str = ""
    warnings: list[str] = field(default_factory=list)
    findings_table: pd.DataFrame | None = None  # the findings rows, for the dispute pages


def money_of(currency_decimals: Mapping[str, int]) -> Any:
    """A formatter of report amounts in their currency."""

    def money(amount: Decimal | None, currency: str, signed: bool = False) -> str:
        return format_money(amount, currency, currency_decimals.get(currency, 2), signed=signed)

    return money


def read_provenance(audit_dir: Path) -> dict[str, Any]:
    """How the audit was made: ``report.json``, else the Parquet files' metadata."""
    path = audit_dir / PROVENANCE
    if path.is_file():
        return dict(json.loads(path.read_text(encoding="utf-8")))
    hands = audit_dir / "hands.parquet"
    if hands.is_file():
        meta = pq.read_schema(hands).metadata or {}
        if b"auditor" in meta:
            return dict(json.loads(meta[b"auditor"]))
    return {}


def read_sessions(audit_dir: Path) -> pd.DataFrame | None:
    """The ``sessions`` table where the audit wrote one (Parquet or CSV), as it is."""
    parquet, csv = audit_dir / "sessions.parquet", audit_dir / "sessions.csv"
    if parquet.is_file():
        table = pq.read_table(parquet)
    elif csv.is_file():
        table = pa_csv.read_csv(csv, convert_options=pa_csv.ConvertOptions(
            strings_can_be_null=True, null_values=[""]))
    else:
        return None
    return table.to_pandas(types_mapper=_keep_exact)


def _keep_exact(arrow_type: pa.DataType) -> Any:
    if pa.types.is_decimal(arrow_type):
        return pd.ArrowDtype(arrow_type)
    if pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        return pd.StringDtype()
    return None


def settings_of(provenance: Mapping[str, Any]) -> Settings:
    """The settings the audit was made with, as its provenance records them."""
    profile_fields = dict(provenance.get("profile") or {})
    known = set(Profile.__dataclass_fields__)
    profile = Profile(**{k: v for k, v in profile_fields.items() if k in known})
    rules = provenance.get("rules", "all")
    selection = None if rules == "all" or not isinstance(rules, list) \
        else Selection(frozenset(rules))
    return Settings(profile=profile, selection=selection,
                    config_files=tuple(provenance.get("config_files") or ()))


def build_report_page(audit_dir: Path, *, max_pages: int = DEFAULT_PAGES) -> ReportPage:
    """The report page's data from the audit in ``audit_dir`` (no dispute page yet)."""
    tables = read_report(audit_dir)
    hands, findings, payouts = tables["hands"], tables["findings"], tables["payouts"]
    provenance = read_provenance(audit_dir)
    status_counts = hands["status"].value_counts()
    severity_counts = findings["severity"].value_counts()
    totals = {
        "files": int(hands["source"].nunique()),
        "hands": len(hands),
        "findings": len(findings),
        "hands_with_findings": int((hands["findings"] > 0).sum()),
        **{s: int(status_counts.get(s, 0)) for s in STATUSES},
    }
    by_severity = {s: int(severity_counts.get(s, 0)) for s in _SEVERITY_RANK}
    paid = _paid_otherwise(payouts)
    page = ReportPage(
        audit_dir=audit_dir, provenance=provenance, totals=totals,
        statuses=[s for s in STATUSES if totals[s]] or ["audited"],
        by_site=_by_site(hands), by_code=_by_code(findings), by_severity=by_severity,
        players=[], players_total=0, currency_totals=_currency_totals(paid),
        tables=[], tables_total=0, files=[], files_total=0,
        sessions=read_sessions(audit_dir), to_see=[], to_see_total=0, max_pages=max_pages,
        findings_table=findings,
    )
    page.players, page.players_total = _players(paid)
    page.tables, page.tables_total = _groups(hands, findings, paid, ["site", "table_name",
                                                                     "currency"])
    page.files, page.files_total = _groups(hands, findings, paid, ["source", "site",
                                                                   "currency"])
    page.to_see, page.to_see_total = _to_see(hands, findings, paid)
    return page


def _paid_otherwise(payouts: pd.DataFrame) -> pd.DataFrame:
    """The payouts with ``diff`` = won as stated − won as replayed (null where the
    replay cannot judge), and its positive and negative parts."""
    frame = payouts[["source", "hand_id", "currency", "player", "won_stated", "won_replayed",
                     "net"]].copy()
    diff = frame["won_stated"] - frame["won_replayed"]
    zero = pd.Series([Decimal(0)] * len(frame), index=frame.index, dtype=diff.dtype)
    frame["diff"] = diff
    frame["over"] = diff.where(diff > 0, zero).fillna(zero)
    frame["under"] = (-diff).where(diff < 0, zero).fillna(zero)
    frame["unknown"] = frame["won_replayed"].isna()
    return frame


def _by_site(hands: pd.DataFrame) -> list[tuple[str, dict[str, int], int]]:
    counts = hands.assign(site=hands["site"].fillna("(unknown)")) \
        .groupby(["site", "status"], observed=True).size()
    out = []
    for site in sorted({s for s, _ in counts.index}):
        row = {str(status): int(n) for (s, status), n in counts.items() if s == site}
        out.append((str(site), row, sum(row.values())))
    return out


def _by_code(findings: pd.DataFrame) -> list[tuple[str, str, str, int]]:
    if findings.empty:
        return []
    counts = findings.groupby(["code", "rule", "severity"], observed=True).size()
    rows = [(str(c), str(r), str(s), int(n)) for (c, r, s), n in counts.items() if n]
    return sorted(rows, key=lambda r: (_SEVERITY_RANK.get(r[2], 3), -r[3], r[0]))


def _players(paid: pd.DataFrame) -> tuple[list[dict[str, Any]], int]:
    """Each player's totals in each currency: hands, net, overpaid, underpaid; those
    paid otherwise than the rules pay first, the largest sums first."""
    if paid.empty:
        return [], 0
    grouped = paid.groupby(["player", "currency"], observed=True).agg(
        hands=("hand_id", "size"), net=("net", "sum"), over=("over", "sum"),
        under=("under", "sum"), unknown=("unknown", "sum"))
    rows = [
        {"player": str(p), "currency": str(c), "hands": int(r.hands), "net": r.net,
         "over": r.over, "under": r.under, "unknown": int(r.unknown)}
        for (p, c), r in grouped.iterrows()
    ]
    rows.sort(key=lambda r: (-(r["over"] + r["under"]), r["currency"], -abs(r["net"]),
                             r["player"]))
    # Everyone paid otherwise, then the largest winners and losers to fill a short list.
    wrong = sum(1 for r in rows if r["over"] or r["under"])
    return rows[:min(max(wrong, PLAYERS_SHOWN), MAX_ROWS)], len(rows)


def _currency_totals(paid: pd.DataFrame) -> list[dict[str, Any]]:
    if paid.empty:
        return []
    grouped = paid.groupby("currency", observed=True).agg(
        over=("over", "sum"), under=("under", "sum"), rows=("player", "size"))
    return [{"currency": str(c), "over": r.over, "under": r.under}
            for c, r in grouped.iterrows()]


def _groups(hands: pd.DataFrame, findings: pd.DataFrame, paid: pd.DataFrame,
            keys: list[str]) -> tuple[list[dict[str, Any]], int]:
    """Hands, findings, errors and chips overpaid, per table or per file."""
    if hands.empty:
        return [], 0
    frame = hands[["source", "hand_id", "site", "table_name", "currency", "started",
                   "findings"]].copy()
    frame["site"] = frame["site"].fillna("(unknown)")
    errors = (findings[findings["severity"] == "error"]
              .groupby(["source", "hand_id"], observed=True).size().rename("errors"))
    stake = paid.groupby(["source", "hand_id"], observed=True)["over"].sum()
    frame = frame.merge(errors.reset_index(), how="left", on=["source", "hand_id"])
    frame = frame.merge(stake.reset_index(), how="left", on=["source", "hand_id"])
    frame["errors"] = frame["errors"].fillna(0).astype("int64")
    grouped = frame.groupby(keys, observed=True, dropna=False, sort=False).agg(
        hands=("source", "size"), findings=("findings", "sum"), errors=("errors", "sum"),
        over=("over", "sum"), first=("started", "first"), last=("started", "last"))
    rows = []
    for key, r in grouped.iterrows():
        key = key if isinstance(key, tuple) else (key,)
        row: dict[str, Any] = dict(zip(keys, (_text(k) for k in key), strict=True))
        over = r["over"]
        row.update(hands=int(r["hands"]), findings=int(r["findings"]),
                   errors=int(r["errors"]), first=_text(r["first"]), last=_text(r["last"]),
                   over=Decimal(0) if over is None or pd.isna(over) else over)
        rows.append(row)
    rows.sort(key=lambda r: (-r["errors"], -r["findings"], -r["over"],
                             *(r[k] for k in keys)))
    return rows[:MAX_ROWS], len(rows)


def _to_see(hands: pd.DataFrame, findings: pd.DataFrame, paid: pd.DataFrame
            ) -> tuple[list[HandToSee], int]:
    """The hands with findings: errors first, then the most chips paid otherwise.
    (Plain loops over the rows: a big audit has a finding per hand or more, and pandas'
    per-group Python calls cost far more.)"""
    if findings.empty:
        return [], 0
    # The chips that went to the wrong player: what was overpaid, or underpaid where more
    # went missing than went astray.
    sums = paid.groupby(["source", "hand_id"], observed=True)[["over", "under"]].sum()
    stake: dict[Any, Decimal] = sums.max(axis=1).to_dict() if not sums.empty else {}
    seen: dict[tuple[Any, Any], tuple[int, dict[str, None], str]] = {}
    for source, hand_id, code, severity, message in zip(
            findings["source"], findings["hand_id"], findings["code"],
            findings["severity"].astype(str), findings["message"], strict=True):
        key = (source, hand_id)
        rank = _SEVERITY_RANK.get(severity, 3)
        if key in seen:
            worst, codes, first = seen[key]
            codes[code] = None
            seen[key] = (min(worst, rank), codes, first)
        else:
            seen[key] = (rank, {code: None}, message)
    names = {v: k for k, v in _SEVERITY_RANK.items()}
    rows = []
    wanted = hands[hands["findings"] > 0]
    for h in wanted.itertuples(index=False):
        key = (h.source, h.hand_id)
        if key not in seen:
            continue
        worst, codes, message = seen[key]
        rows.append(HandToSee(
            source=str(h.source), hand_id=_text(h.hand_id), first_line=int(h.first_line),
            site=_text(h.site), table=_text(h.table_name), started=_text(h.started),
            status=str(h.status), currency=str(h.currency), worst=names.get(worst, "error"),
            codes=tuple(codes), findings=int(h.findings),
            at_stake=stake.get(key, Decimal(0)), message=str(message),
        ))
    rows.sort(key=lambda r: (_SEVERITY_RANK.get(r.worst, 3), -r.at_stake, -r.findings,
                             r.source, r.first_line))
    return rows, len(rows)


def _text(value: Any) -> str:
    return "" if value is None or value is pd.NA or (isinstance(value, float) and value != value) \
        else str(value)


# --- dispute pages -----------------------------------------------------------------


def page_name(hand: HandToSee) -> str:
    """A file name for a hand's dispute page: its site and hand id (made safe) and its
    first line, so two hands numbered alike never share a page."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{hand.site}-{hand.hand_id}")[:80].strip("._")
    return f"{safe or 'hand'}-L{hand.first_line}.html"


def resolve_source(source: str, roots: Iterable[Path]) -> Path | None:
    """The file a hands table's ``source`` names: as given (absolute, or relative to the
    current folder), else relative to each of ``roots``."""
    path = Path(source)
    if path.is_file():
        return path
    if not path.is_absolute():
        for root in roots:
            if (root / path).is_file():
                return root / path
    return None


def write_dispute_pages(report: ReportPage, out_dir: Path, link_prefix: str,
                        roots: Iterable[Path] = (), back_link: str | None = None) -> None:
    """Write the dispute pages of the first ``report.max_pages`` hands to see into
    ``out_dir``, each source file read once, and point the report's rows at them."""
    from auditor.api import hands_in_file

    chosen = report.to_see[: report.max_pages]
    if not chosen:
        return
    settings = settings_of(report.provenance)
    findings = report.findings_table if report.findings_table is not None \
        else read_report(report.audit_dir)["findings"]
    by_source: dict[str, list[int]] = {}
    for i, hand in enumerate(chosen):
        by_source.setdefault(hand.source, []).append(i)
    roots = list(roots)
    written = 0
    for source, indices in by_source.items():
        path = resolve_source(source, roots)
        if path is None:
            for i in indices:
                chosen[i] = _without_page(chosen[i], "its source file was not found")
            report.warnings.append(f"{source}: not found, so its hands have no dispute page "
                                   "(run `auditor report` from the folder the audit was run "
                                   "from, or pass --sources)")
            continue
        wanted = {chosen[i].first_line: i for i in indices}
        found_lines: set[int] = set()
        try:
            for found in hands_in_file(path, lambda _, line, w=wanted: line in w,  # type: ignore[misc]
                                       settings, source):
                first = found.unreadable.first_line if found.unreadable else \
                    found.hand.first_line if found.hand else -1
                if first not in wanted:
                    continue
                hand = chosen[wanted[first]]
                i = wanted[first]
                page = page_of(found, settings)
                _add_recorded(page, findings, hand)
                name = page_name(hand)
                out_dir.mkdir(parents=True, exist_ok=True)
                (out_dir / name).write_text(
                    render_hand_page(page, back_link=back_link), encoding="utf-8")
                chosen[i] = _with_page(hand, f"{link_prefix}{name}")
                found_lines.add(hand.first_line)
                written += 1
        except OSError as exc:
            report.warnings.append(f"{source}: cannot be read again ({exc.strerror or exc})")
        for i in indices:
            if chosen[i].first_line not in found_lines and chosen[i].page is None:
                chosen[i] = _without_page(chosen[i], "not found again in its source file")
    report.to_see[: len(chosen)] = chosen
    report.pages_written = written


def _with_page(hand: HandToSee, page: str) -> HandToSee:
    from dataclasses import replace

    return replace(hand, page=page)


def _without_page(hand: HandToSee, why: str) -> HandToSee:
    from dataclasses import replace

    return replace(hand, why_no_page=why)


def _add_recorded(page: HandPage, findings: pd.DataFrame, hand: HandToSee) -> None:
    """Add to a dispute page the findings the audit recorded for the hand that reading
    it alone does not make again (a duplicate's HH004, SE001 against another file), and
    warn when the audit recorded fewer (the file changed since)."""
    rows = findings[(findings["source"] == hand.source)
                    & (findings["hand_id"].fillna("") == hand.hand_id)]
    have = {(f.code, f.line) for f in page.findings}
    decimals = page.hand.info.decimals if page.hand else 2
    recorded = set()
    for r in rows.itertuples(index=False):
        recorded.add((str(r.code), int(r.line)))
        if (str(r.code), int(r.line)) in have:
            continue
        page.findings.append(FindingView(
            int(r.line), str(r.code), str(r.rule), str(r.severity), _text(r.street) or None,
            _text(r.player) or None, str(r.message), "",
            None if pd.isna(r.expected) else units(r.expected, decimals),
            None if pd.isna(r.observed) else units(r.observed, decimals), from_report=True))
    page.findings.sort(key=lambda f: (f.line, f.code))
    if have - recorded:
        page.warnings.append("Read again, this hand gives findings the audit did not record: "
                             "its file may have changed since the audit.")


# --- the page ---------------------------------------------------------------------


def render_report_page(report: ReportPage, version: str | None = None) -> str:
    """The report as one self-contained HTML document."""
    decimals = _currency_decimals(report)
    code_chart = drawing.bar_chart(
        [(code, n, drawing.SEVERITY_COLORS.get(sev, "#888888"), f"{code} {rule} ({sev})")
         for code, rule, sev, n in report.by_code])
    severity_chart = drawing.bar_chart(
        [(sev, n, drawing.SEVERITY_COLORS[sev], sev) for sev, n in report.by_severity.items()],
        label_w=80)
    status_chart = drawing.bar_chart(
        [(s, report.totals[s], _STATUS_COLORS.get(s, "#888888"), s) for s in STATUSES],
        label_w=100)
    return render("report.html.j2", r=report, money=money_of(decimals),
                  code_chart=code_chart, severity_chart=severity_chart,
                  status_chart=status_chart, version=version or __version__,
                  session_cell=_session_cell(decimals))


_STATUS_COLORS = {"audited": "#1e8449", "unparsable": "#b03a2e", "unsupported": "#7f8c8d",
                  "cancelled": "#a9a9a9", "duplicate": "#b9770e"}


def _currency_decimals(report: ReportPage) -> dict[str, int]:
    amounts: dict[str, list[Decimal]] = {}
    for row in (*report.players, *report.currency_totals, *report.tables, *report.files):
        for key in ("net", "over", "under"):
            if key in row and row[key] is not None:
                amounts.setdefault(row["currency"], []).append(row[key])
    for hand in report.to_see:
        amounts.setdefault(hand.currency, []).append(hand.at_stake)
    return {c: decimals_for(c, a) for c, a in amounts.items()}


def _session_cell(decimals: Mapping[str, int]) -> Any:
    """A sessions table cell as text: exact decimals (in the row's currency where it has
    one), integers, dates and strings as they are."""

    def cell(value: Any, currency: str = "") -> str:
        if value is None or value is pd.NA or (isinstance(value, float) and value != value):
            return ""
        if isinstance(value, Decimal):
            return format_money(value, currency, decimals.get(currency, 2)) if currency \
                else f"{value:,}"
        return str(value)

    return cell


def write_report(audit_dir: Path, out: Path, *, max_pages: int = DEFAULT_PAGES,
                 roots: Iterable[Path] = ()) -> ReportPage:
    """Write the report of the audit in ``audit_dir`` to ``out`` and the dispute pages of
    its first ``max_pages`` hands to see into ``<out stem>_files/`` beside it. ``roots``
    are folders where relative source paths may be found (the current folder first)."""
    report = build_report_page(audit_dir, max_pages=max_pages)
    pages_dir = out.parent / f"{out.stem}_files"
    report.pages_dir = pages_dir.name
    write_dispute_pages(report, pages_dir, f"{pages_dir.name}/", roots,
                        back_link=f"../{out.name}")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_report_page(report), encoding="utf-8")
    return report
