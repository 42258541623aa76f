"""CSV reports: a byte-order mark and a header, text quoted, exact plain decimals with
the currency's decimals, nulls as empty fields."""

from __future__ import annotations

from decimal import Decimal

from conftest import finding, payout

from auditor.report import TABLES, open_report, read_report


def lines(path) -> list[str]:
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM, for Excel
    return data[3:].decode("utf-8").split("\r\n")


def test_csv_content_is_exact(tmp_path, sample):
    with open_report(tmp_path, "csv") as report:
        report.add(**sample)

    assert lines(tmp_path / "payouts.csv") == [
        "source,hand_id,site,currency,player,seat,contributed,returned,won_stated,"
        "won_replayed,net",
        '"a.txt","H1","pokerstars","USD","Bob",1,0.05,0.00,123456789.99,,123456789.94',
        '"a.txt","H1","pokerstars","USD","Ann",2,123456789.99,0.05,0.00,0.00,-123456789.94',
        '"b.txt","H3","pokerstars","TOURNAMENT-CHIPS","Cy",3,1500,0,3000,3000,1500',
        "",
    ]
    assert lines(tmp_path / "hands.csv") == [
        "source,hand_id,first_line,last_line,site,game,limit_type,stakes,currency,table_name,"
        "tournament,started,started_at,status,findings",
        '"a.txt","H1",11,19,"pokerstars","holdem","NL","0.05/0.10","USD","Alpha",,,,'
        '"audited",2',
        '"a.txt",,21,29,,,,,"","",,,,"unparsable",1',
        '"b.txt","H3",31,39,"pokerstars","holdem","NL","100/200","TOURNAMENT-CHIPS","Alpha",'
        '"T42","2024/01/02 03:04:05 ET","2024-01-02T08:04:05Z","audited",0',
        "",
    ]
    assert lines(tmp_path / "findings.csv") == [
        "source,hand_id,line,code,rule,severity,street,player,message,expected,observed,"
        "currency",
        '"a.txt","H1",14,"SP002","pot.stated_amount_wrong","error",,,'
        '"The total pot is $1.00, the history says $1.05",1.00,1.05,"USD"',
        '"a.txt","H1",15,"RA002","raise.below_minimum","error","flop","Bob",'
        '"Bob raises to $0.15, the minimum is $0.20",0.20,0.15,"USD"',
        '"a.txt",,21,"HH001","hand.unparsable","error",,,"Line 21 does not parse",,,"USD"',
        '"b.txt","H1",35,"SE001","stack.discontinuity","warning",,"Bob",'
        '"Stack 1500 differs from 1400",1400,1500,"TOURNAMENT-CHIPS"',
        "",
    ]


def test_empty_csv_report_has_headers_only(tmp_path):
    open_report(tmp_path, "csv").close()
    for name, schema in TABLES.items():
        assert lines(tmp_path / f"{name}.csv") == [",".join(schema.names), ""]
    tables = read_report(tmp_path, "csv")
    for name, schema in TABLES.items():
        assert len(tables[name]) == 0
        assert tables[name].dtypes.to_dict() == schema.dtypes


def test_csv_round_trip_matches_parquet(tmp_path, sample):
    for fmt in ("csv", "parquet"):
        with open_report(tmp_path / fmt, fmt) as report:
            report.add(**sample)
    from_csv, from_parquet = read_report(tmp_path / "csv"), read_report(tmp_path / "parquet")
    for name in TABLES:
        assert from_csv[name].equals(from_parquet[name]), name


def test_awkward_text_survives_the_round_trip(tmp_path):
    awkward = ["NA", "null", 'say "hi", then\r\nleave', " spaced ", "Ünïcødé 🂡"]
    with open_report(tmp_path, "csv") as report:
        report.add(
            findings=[finding(i, player=p, message=p) for i, p in enumerate(awkward, 1)],
            payouts=[payout(p) for p in awkward],
        )
    tables = read_report(tmp_path, "csv")
    assert tables["findings"]["player"].tolist() == awkward
    assert tables["findings"]["message"].tolist() == awkward
    assert tables["payouts"]["player"].tolist() == awkward
    assert tables["payouts"]["won_stated"].tolist() == [Decimal("123456789.99")] * len(awkward)
