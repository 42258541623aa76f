"""Pages for people: a hand drawn for a dispute, an audit drawn for a club operator.

``hand_page`` turns one audited hand (the data ``auditor explain`` prints) into a
self-contained HTML page; ``report_page`` turns an audit's output folder into a report
page with the dispute pages of the hands to look at first beside it. Templates are
Jinja2 with autoescaping on (player names are hostile input); pictures are SVG drawn
here, so the pages need no network, no fonts and no script.
"""
