"""The classic Joker score sheet: chapters, bids, tricks and points per deal, premiums marked,
chapter subtotals and running totals."""


def score_sheet(rules, results, names: list[str]) -> str:
    width = max(13, *(len(n) for n in names))
    sep = " | "

    def row(label: str, cells: list[str]) -> str:
        return f"{label:<18}" + sep + sep.join(f"{c:>{width}}" for c in cells)

    lines = [row("", list(names)), row("   # kind   trump", [f"{'bid':>3} {'tk':>2} {'pts':>6}"] * 4)]
    plans = rules.plans
    totals = [0, 0, 0, 0]
    chapter_sum = [0, 0, 0, 0]
    current = None
    for r in results:
        d = r.data
        number = d.get("deal", 0)
        chapter = d.get("chapter", 0)
        if chapter != current:
            current = chapter
            chapter_sum = [0, 0, 0, 0]
            tokens = [p.token for p in plans if p.chapter == chapter]
            lines.append(f"Chapter {chapter + 1}: " + " ".join(tokens)
                         + ("" if plans[number - 1].premium else "  (no premium)"))
        bids = d.get("bids")
        cells = []
        for s in range(4):
            bid = "-" if bids is None else str(bids[s])
            cells.append(f"{bid:>3} {d['tricks'][s]:>2} {d['base'][s]:>6}")
        lines.append(row(f"{number:>4} {d['token']:<6} {d['trump']:<5}", cells))
        prem = d.get("premium", [0, 0, 0, 0])
        if any(prem):
            lines.append(row("     * premium",
                             [f"{x:+d}*" if x else "" for x in prem]))
        chapter_sum = [a + b for a, b in zip(chapter_sum, r.points)]
        totals = [a + b for a, b in zip(totals, r.points)]
        if number == plans[number - 1].last:
            lines.append(row(f"  chapter {chapter + 1}", [str(x) for x in chapter_sum]))
            lines.append(row("  running total", [str(x) for x in totals]))
    lines.append(row("TOTAL", [str(x) for x in totals]))
    if any(any(r.data.get("premium", ())) for r in results):
        variant = rules.options["premium"]
        lines.append("* chapter premium, " + ("best deal counted twice" if variant == "double"
                                               else "best deal of those who failed struck out"))
    return "\n".join(lines)
