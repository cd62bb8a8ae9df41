"""One-off: the practice positions' reasons, stored as English sentences, turned into data
(bots/hints.py `why`), so that a position's reasons are said in the reader's language.

    PYTHONPATH=src python benchmarks/convert_puzzle_reasons.py

Each sentence is parsed by its template; its points are the candidate's own value (the figure the
sentence showed, to three places). Joker's bids, mined when a bid's reason began with the bid
("bid 2: ...; 2 keeps you exact"), are said by today's template ("...; this bid keeps you exact").
A sentence that does not come back word for word from its data
stops the conversion."""

import json
import re
import sys
from pathlib import Path

from parlor.bots.hints import said_reason

HERE = Path(__file__).resolve().parent.parent / "src" / "parlor" / "games"
P, N = r"(?P<points>[+-]\d+\.\d\d)", r"(?P<count>\d+)"
T, S = r"(?P<tricks>\d+\.\d)", r"(?P<share>\d+)%"
TEMPLATES = [
    ("only", r"the only legal move"),
    ("unexplored", r"not explored \(too little thinking time\)"),
    ("bid_exact", rf"you take about {T} tricks on average; this bid keeps you exact in {S} of sampled deals; "
                  rf"expected {P} points"),
    # Joker's positions were mined when a bid's reason named the bid: "bid 2: ...; 2 keeps you exact"
    ("bid_exact", rf"(?P<old>bid \d+: )you take about {T} tricks on average; \d+ keeps you exact in {S} of "
                  rf"sampled deals; expected {P} points"),
    ("bid", rf"you take about {T} tricks on average; expected {P} points"),
    ("team_trick", rf"your team takes the trick in {S} of sampled deals; expected {P} points; tried in {N} "
                   r"sampled deals?"),
    ("trick", rf"wins the trick in {S} of sampled deals; expected {P} points; tried in {N} sampled deals?"),
    ("tricks", rf"you take about {T} tricks on average; expected {P} points; tried in {N} sampled deals?"),
    ("ahead", rf"you come out ahead in {S} of sampled deals; expected {P} points; tried in {N} sampled deals?"),
]


def why(sentence: str, value: float) -> dict:
    for kind, pattern in TEMPLATES:
        m = re.fullmatch(pattern, sentence)
        if m:
            out: dict = {"kind": kind}
            got = m.groupdict()
            if "tricks" in got:
                out["tricks"] = float(got["tricks"])
            if "share" in got:
                out["share"] = int(got["share"])
            if "points" in got:
                out["points"] = value
            if "count" in got:
                out["count"] = int(got["count"])
            if "old" in got:  # said now by today's template
                sentence = re.sub(r"; \d+ keeps", "; this bid keeps", sentence.removeprefix(got["old"]))
            if said_reason(out) != sentence:
                raise SystemExit(f"{sentence!r} comes back as {said_reason(out)!r}")
            return out
    raise SystemExit(f"no template for {sentence!r}")


def main() -> int:
    for path in sorted(HERE.glob("*/puzzles.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        n = 0
        for p in data["puzzles"]:
            for c in p["candidates"]:
                if "reason" in c:
                    c["why"] = why(c.pop("reason"), c["value"])
                    n += 1
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.parent.name}: {n} reasons turned into data")
    return 0


if __name__ == "__main__":
    sys.exit(main())
