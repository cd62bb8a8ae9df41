"""The conformance suite every registered game must pass (shared/design/architecture.md).

`check_game(game_id, seats, options, seeds)` plays random matches and checks, at every step:
legal actions non-empty, sorted, unique, each round-tripping through its string and agreeing
with why_illegal; illegal actions refused with a reason and nothing changed; every seat's view
and the spectators' keeping the view contract (core/view.py: every key declared, of its declared
shape, none undeclared; also at the end of each deal); views that leak
no hidden card (permuting what a seat cannot see leaves its view unchanged, and permuting what no
seat shows leaves the spectators' view unchanged); resampling that
reproduces the view and depends on nothing else; scores within bounds; records that replay to
the same report; same seed, same record, whatever the global `random` does. The game's words
(core/text.py): table lines and card roles of every view, every deal's result in a sentence and
the score sheet, each seat named by the table's names, and a face for every card.

It raises AssertionError naming the game, seed and step of the first failure.
"""

import json
import random
import re

from parlor import records
from parlor.core.errors import ActionError, IllegalAction, InvalidAction, shown
from parlor.core.match import Match
from parlor.core.registry import faces_of, make_rules, text_of
from parlor.core.rng import Rng
from parlor.core.rules import Deal, Rules, World
from parlor.core.spectator import public_action, public_view
from parlor.core.text import Role
from parlor.core.view import View, problems, schema_problems


def check_game(game_id: str, seats: int | None = None, options: dict | None = None,
               seeds=range(20), deep_every: int = 1) -> None:
    """Run every property over random matches from `seeds`. `deep_every` thins the costly
    per-step checks (leaks, resampling, illegal input) to every k-th step."""
    rules = make_rules(game_id, options, seats)
    wrong = schema_problems(rules.view_schema)
    assert not wrong, f"{game_id}: the view schema: {wrong}"
    assert sorted(faces_of(game_id)) == sorted(rules.deck.codes), f"{game_id}: not a face for every card"
    for seed in seeds:
        where = f"{game_id} seats={rules.seats} options={rules.options} seed={seed}"
        try:
            record = _play_and_check(rules, seed, deep_every)
            _check_replay(record)
            _check_determinism(rules, seed, record)
        except AssertionError as e:
            raise AssertionError(f"{where}: {e}") from None


def random_match(rules: Rules, seed: int, rng: Rng | None = None) -> Match:
    """A whole match of uniformly random legal actions, as self-play and benchmarks play it."""
    match = Match(rules, seed)
    rng = rng or Rng(seed ^ 0x5EED)
    while not match.finished:
        state = match.state
        action = rng.choice(rules.legal_ids(state))
        match.apply(rules.action_str(state, action))
    return match


def _play_and_check(rules: Rules, seed: int, deep_every: int) -> dict:
    match = Match(rules, seed)
    choose = Rng(seed * 7919 + 1)  # the moves; `rng` serves the checks
    rng = Rng(seed * 31 + 7)
    lo, hi = rules.deal_points_bounds()
    max_deals = rules.max_deals() or 10_000
    step = 0
    deal_no = 0
    deal_actions: list[str] = []
    while not match.finished:
        state = match.state
        if match.deal_number != deal_no:
            deal_no, deal_actions = match.deal_number, []
        assert match.deal_number <= max_deals, "more deals than the match allows"
        seat = rules.to_act(state)
        assert 0 <= seat < rules.seats, f"to_act {seat} is not a seat"
        legal = rules.legal(state)
        assert legal, f"step {step}: no legal action while the match is not over"
        assert legal == sorted(set(legal)), f"step {step}: legal is not sorted and unique: {legal}"
        assert legal == match.legal()
        ids = rules.legal_ids(state)
        assert len(ids) == len(set(ids)) == len(legal), f"step {step}: legal_ids and legal differ"
        for a in ids:
            text = rules.action_str(state, a)
            assert rules.parse_action(state, text) == a, f"step {step}: {text!r} does not round-trip"
        if step % deep_every == 0:
            _check_contract(rules, state, step)
            _check_legality_agrees(rules, state, ids, step)
            _check_illegal_refused(rules, match, rng, step)
            for viewer in range(rules.seats):
                _check_view(rules, match, viewer, deal_actions, rng, step)
            _check_spectator_view(rules, match, deal_actions, rng, step)
        action = choose.choice(ids)
        text = rules.action_str(state, action)
        after = rules.copy(state)
        rules.apply_id(after, action)
        if rules.deal_over(after):
            assert rules.deal_points(after) == rules.deal_result(after).points, \
                f"step {step}: deal_points and deal_result's points differ"
            _check_contract(rules, after, f"{step} (the deal over)")
        match.apply(text)
        if step % deep_every == 0:
            _check_move_words(rules, match, step)
        deal_actions.append(text)
        assert len(deal_actions) <= rules.max_actions_per_deal, "a deal exceeds max_actions_per_deal"
        step += 1
    assert match.legal() == [] and match.to_act() is None, "legal actions after the match ended"
    # Any action, even one that was legal in the last deal, is refused now.
    assert match.state is not None
    last_deal = rules.start(match.deals[-1], match.state.ctx)
    some_action = (rules.action_str(last_deal, rules.legal_ids(last_deal)[0]) if not rules.deal_over(last_deal)
                   else "pass")
    try:
        match.apply(some_action)
    except IllegalAction as e:
        assert "match is over" in e.reason, f"after the end: {e.reason}"
    else:
        raise AssertionError("an action was accepted after the match ended")
    for r in match.results:
        assert len(r.points) == rules.seats
        assert all(lo <= p <= hi for p in r.points), f"deal points {r.points} outside [{lo}, {hi}]"
        if rules.zero_sum:
            assert sum(r.points) == 0, f"deal points {r.points} do not sum to zero"
        if rules.team_of:
            for s in range(rules.seats):
                mate = rules.team_of.index(rules.team_of[s])
                assert r.points[s] == r.points[mate], "partners' points differ"
    assert match.scores == [sum(r.points[s] for r in match.results) for s in range(rules.seats)]
    winners = match.winners()
    assert winners == sorted(set(winners)) and all(0 <= w < rules.seats for w in winners)
    words, names = text_of(rules), _names(rules)
    for r in match.results:
        _check_said(words.deal_result(r, names), "a deal's result")
        assert words.deal_result(r, None), "a deal's result without names is empty"
    _check_said(words.score_sheet(match.results, names), "the score sheet")
    return match.record()


def _check_legality_agrees(rules, state, ids, step) -> None:
    legal = set(ids)
    for a in range(rules.num_actions):
        reason = rules.why_illegal_id(state, a)
        if a in legal:
            assert reason is None, f"step {step}: legal action {rules.action_str(state, a)!r} has a reason: {reason}"
        else:
            assert isinstance(reason, str) and reason, (
                f"step {step}: action id {a} ({rules.action_str(state, a)!r}) is not in legal_ids "
                "but why_illegal_id gives no reason")


def _snapshot(match: Match) -> str:
    views = [match.view(s) for s in range(match.rules.seats)]
    return json.dumps([match.report(), views, match.actions], sort_keys=True)


def _check_illegal_refused(rules, match, rng, step) -> None:
    state = match.state
    legal = set(rules.legal_ids(state))
    illegal = [a for a in range(rules.num_actions) if a not in legal]
    # Text that names no action is InvalidAction; a real action not legal here, IllegalAction.
    tries: list[tuple[str, type[ActionError]]] = [
        (text, InvalidAction) for text in ("", "nonsense", "play", "PASS", " pass")]
    if illegal:
        tries.append((rules.action_str(state, rng.choice(illegal)), IllegalAction))
    before = _snapshot(match)
    for text, cause in tries:
        try:
            match.apply(text)
        except ActionError as e:
            assert isinstance(e, cause), f"step {step}: {text!r} gave {type(e).__name__}, not {cause.__name__}"
            assert e.reason and e.index == len(match.actions), f"step {step}: bad {type(e).__name__} for {text!r}"
            assert str(e).startswith(f"action {e.index} {shown(text)}"), str(e)
        else:
            raise AssertionError(f"step {step}: illegal action {text!r} was accepted")
        assert _snapshot(match) == before, f"step {step}: refusing {text!r} changed the game"
        try:
            rules.apply(state, text)
        except cause:
            pass
        else:
            raise AssertionError(f"step {step}: Rules.apply accepted {text!r}")
    # The pure apply leaves the old state alone.
    first = rules.legal(state)[0]
    rules.apply(state, first)
    assert _snapshot(match) == before, f"step {step}: Rules.apply changed the state it was given"


def _check_contract(rules, state, step) -> None:
    """Every seat's view and the spectators' keep the view contract (core/view.py)."""
    views = [rules.view(state, s) for s in range(rules.seats)]
    for seat, view in enumerate(views):
        assert view["seat"] == seat, f"step {step}: seat {seat}'s view says seat {view['seat']}"
        wrong = problems(rules, view)
        assert not wrong, f"step {step}: seat {seat}'s view breaks the view contract: {wrong}"
    spectators = public_view(rules, views)
    wrong = problems(rules, spectators, spectator=True)
    assert not wrong, f"step {step}: the spectators' view breaks the view contract: {wrong}"
    for view in views + [spectators]:
        _check_words(rules, view, step)


def _names(rules) -> list[str]:
    return [f"P{s}" for s in range(rules.seats)]


def _check_said(text: str, what: str) -> None:
    """Words said to a table whose every seat has a name name no seat by its number."""
    assert isinstance(text, str) and text, f"{what} is {text!r}"
    assert not re.search(r"\b[Ss]eats? \d", text), f"{what} names a seat by its number: {text!r}"


def _check_words(rules, view: View, step) -> None:
    """The game's words for a view (core/text.py): its table lines, and what each card it shows
    is (a Role with an id and words, or None)."""
    words = text_of(rules)
    lines = words.table_lines(dict(view, names=_names(rules)))
    assert isinstance(lines, list), f"step {step}: table lines are {lines!r}"
    for line in lines:
        _check_said(line, f"step {step}: a table line")
    named = dict(view, names=_names(rules))
    said = [words.action_words(named, a) for a in view["legal"]]
    for a, text in zip(view["legal"], said):
        _check_no_codes(rules, text, view["legal"], f"step {step}: the words of {a!r}")
    assert len(set(said)) == len(said), f"step {step}: two moves said alike: {said}"
    for trick in view.get("tricks") or ():
        text = words.trick_words(named, trick)
        _check_said(text, f"step {step}: a trick's words")
        _check_no_codes(rules, text, [], f"step {step}: a trick's words")
    shown = set(view["hand"]) | {c for _, c in view["trick"]}
    for code in sorted(shown & set(rules.deck.codes)):
        role = words.card_role(view, code)
        assert role is None or isinstance(role, Role) and role.id and role.words, (
            f"step {step}: the role of {code} is {role!r}")


def _check_no_codes(rules, text: str, legal: list[str], what: str) -> None:
    """Words for people hold no card code and no action string: "Play the 7 of hearts", never
    "play 7H"."""
    assert isinstance(text, str) and text.strip(), f"{what} are {text!r}"
    codes = set(rules.deck.codes) - set(_names(rules))  # the test's names: P1 is a Meri card too
    found = [w for w in re.split(r"[\s,;:()]+", text) if w in codes]
    assert not found, f"{what} name cards by their codes {found}: {text!r}"
    actions = [a for a in legal if a in text]
    assert not actions, f"{what} hold the action strings {actions}: {text!r}"


def _named_cards(words, text: str) -> set[str]:
    """The cards a sentence names in words ("the king of spades"); a name several cards share
    (Joker's "the joker") names them all."""
    return {c for c in words.rules.deck.codes if words.card_words(c) in text}


def _check_move_words(rules, match, step) -> None:
    """The last move in words, as each seat and the spectators saw it: said, without codes, and
    naming no card beyond the audience's view and the action as it saw it."""
    words = text_of(rules)
    _, actor, seen = match.log[-1]
    views = [dict(rules.view(match.state, s), names=_names(rules)) for s in range(rules.seats)]
    for seat in [*range(rules.seats), None]:
        view = views[seat] if seat is not None else public_view(rules, views)
        action = seen[seat] if seat is not None else public_action(seen)
        text = words.move_words(view, actor, action)
        what = f"step {step}: {action!r} in words to seat {seat}"
        _check_said(text, what)
        _check_no_codes(rules, text, [], what)
        shown = json.dumps({k: v for k, v in view.items() if k != "names"}) + " " + action
        may = set(re.findall(r"[A-Za-z0-9]+", shown)) & set(rules.deck.codes)
        named = _named_cards(words, text)
        shared = {c for c in named if any(words.card_words(d) == words.card_words(c) for d in may)}
        assert named <= shared, f"{what} names cards it does not show: {sorted(named - shared)}: {text!r}"


def _check_view(rules, match, seat, deal_actions, rng, step) -> None:
    state = match.state
    view = rules.view(state, seat)
    text = json.dumps(view, sort_keys=True)
    assert json.loads(text) == view, f"step {step}: view of seat {seat} is not plain JSON"
    assert view["legal"] == (rules.legal(state) if rules.to_act(state) == seat else [])
    # Resampling: the imagined world, replayed, looks the same to the seat, and depends only on
    # the view; it replays the deal's actions so far.
    world = rules.sample_world(view, Rng(step))
    assert isinstance(world, World) and len(world.actions) == len(deal_actions), (
        f"step {step}: sample_world gave {world!r:.200}, not a World with the deal's {len(deal_actions)} actions")
    s1 = rules.replay_world(world)
    assert json.dumps(rules.view(s1, seat), sort_keys=True) == text, (
        f"step {step}: the view of resample(view of seat {seat}) differs from the view")
    s2 = rules.resample(json.loads(text), Rng(step))
    assert _all_views(rules, s1) == _all_views(rules, s2), f"step {step}: resample is not a function of view and rng"
    # An observer sees the deal's history replayed, each action legal where it is shown, and
    # changes nothing.
    seen_actions = []

    def observe(s, a):
        assert a in rules.legal_ids(s), f"step {step}: resample replays an illegal action {a}"
        seen_actions.append(a)
    s4 = rules.resample(view, Rng(step), observe)
    assert _all_views(rules, s4) == _all_views(rules, s1), f"step {step}: an observer changed resample"
    assert len(seen_actions) == len(deal_actions), (
        f"step {step}: resample replayed {len(seen_actions)} actions of the deal's {len(deal_actions)}")
    # No leaks: swap what the seat cannot see; its view must not change.
    other = _swap_hidden(rules, match, seat, deal_actions, rng)
    if other is not None:
        assert other[0] is not None, f"step {step}: {other[1]}"
        seen = json.dumps(rules.view(other[0], seat), sort_keys=True)
        assert seen == text, (f"step {step}: seat {seat}'s view changed when cards it cannot see were "
                              f"permuted ({other[1]}):\n{text}\n{seen}")
        s3 = rules.resample(rules.view(other[0], seat), Rng(step))
        assert _all_views(rules, s3) == _all_views(rules, s1), (
            f"step {step}: two states that look the same to seat {seat} resample differently")


def _check_spectator_view(rules, match, deal_actions, rng, step) -> None:
    """Two states no seat's public history tells apart give spectators the same view: a value
    that is one seat's own (a flag about its hand) must not reach them because the seats' values
    happen to agree."""
    other = _swap_hidden(rules, match, None, deal_actions, rng)
    if other is None:
        return
    assert other[0] is not None, f"step {step}: {other[1]}"
    seen = public_view(rules, [rules.view(match.state, s) for s in range(rules.seats)])
    swapped = public_view(rules, [rules.view(other[0], s) for s in range(rules.seats)])
    changed = sorted(k for k in seen if swapped.get(k) != seen[k])
    assert not changed, (f"step {step}: the spectators' view changed in {changed} when cards no seat "
                         f"shows were permuted ({other[1]}): {[seen[k] for k in changed]} -> "
                         f"{[swapped.get(k) for k in changed]}")


def _all_views(rules, state) -> str:
    return json.dumps([rules.view(state, s) for s in range(rules.seats)], sort_keys=True)


def _codes_in(rules, text: str) -> set[int]:
    return {rules.deck.index[t] for t in text.split() if t in rules.deck.index}


def _seen_by(rules, state, action: int, seat: int | None) -> str:
    """The action as `seat` sees it made; seat None: a spectator (what every seat saw alike)."""
    if seat is None:
        return public_action([rules.public_action(state, action, v) for v in range(rules.seats)])
    return rules.public_action(state, action, seat)


def _swap_hidden(rules, match, seat, deal_actions, rng):
    """The deal in progress re-dealt with the cards `seat` (None: a spectator) cannot see
    permuted among the places it cannot see, the same actions replayed (hidden actions follow
    their cards). None when no such permutation keeps every action legal and as the seat saw
    it; (None, reason) on an internal error."""
    deal: Deal = match.deals[-1]
    ctx = match.state.ctx
    # Which cards the seat has seen named in an action it was shown.
    state = rules.start(deal, ctx)
    shown: set[int] = set()
    ids = []
    seen = []  # each action as the seat saw it made
    for text in deal_actions:
        a = rules.parse_action(state, text)
        ids.append(a)
        seen.append(_seen_by(rules, state, a, seat))
        shown |= _codes_in(rules, seen[-1])
        rules.apply_id(state, a)
    fixed = shown | rules.public_deal_cards(deal)
    if seat is not None:
        fixed |= set(deal.hands[seat])
    places = [(h, i) for h in range(rules.seats) if h != seat for i in range(len(deal.hands[h]))]
    places += [(-1, i) for i in range(len(deal.pile))]

    def card_at(p):
        return deal.pile[p[1]] if p[0] < 0 else deal.hands[p[0]][p[1]]

    movable = [p for p in places if card_at(p) not in fixed]
    if len(movable) < 2:
        return None
    for _ in range(8):
        cards = [card_at(p) for p in movable]
        new_cards = rng.shuffled(cards)
        perm = dict(zip(cards, new_cards))
        hands = [list(h) for h in deal.hands]
        pile = list(deal.pile)
        for p, c in zip(movable, new_cards):
            if p[0] < 0:
                pile[p[1]] = c
            else:
                hands[p[0]][p[1]] = c
        s = rules.start(Deal(deal.dealer, hands, pile), ctx)
        ok = True
        for text, was_seen in zip(deal_actions, seen):
            if rules.deal_over(s):
                ok = False
                break
            mapped = " ".join(rules.deck.codes[perm[rules.deck.index[t]]]
                              if t in rules.deck.index and rules.deck.index[t] in perm else t
                              for t in text.split(" "))
            try:
                a = rules.check_action(s, mapped)
            except ActionError:  # no action, or not legal, in the permuted deal
                ok = False
                break
            # A permutation that changes how an action looks to the seat (a card hidden as "??"
            # swapped for one that is played face up) is one the seat can tell apart: no test.
            if _seen_by(rules, s, a, seat) != was_seen:
                ok = False
                break
            rules.apply_id(s, a)
        if ok and not rules.deal_over(s) and rules.to_act(s) == rules.to_act(match.state):
            return s, f"permutation {[(rules.deck.codes[a], rules.deck.codes[b]) for a, b in perm.items() if a != b]}"
    return None


def _check_replay(record: dict) -> None:
    text = json.dumps(record)
    played = records.replay(json.loads(text))
    again = records.replay(json.loads(text))
    assert played.report() == again.report(), "replaying a record twice gives different reports"
    assert played.record() == record, "a replayed record is not the record"
    # The seed alone (no explicit deals) deals the same cards.
    bare = {k: v for k, v in record.items() if k != "deals"}
    assert records.replay(bare).report() == played.report(), "the seed alone does not replay the record"
    # The first deal written out and the rest from the seed (a match saved early and continued).
    first = dict(bare, deals=record["deals"][:1])
    assert records.replay(first).report() == played.report(), "an explicit first deal changes the later deals"


def _check_determinism(rules, seed, record) -> None:
    """The same seed gives the same record, however the global `random` is disturbed."""
    saved = random.getstate()
    try:
        match = Match(rules, seed)
        rng = Rng(seed * 7919 + 1)
        while not match.finished:
            random.seed(len(match.actions))
            random.random()
            state = match.state
            match.apply(rules.action_str(state, rng.choice(rules.legal_ids(state))))
    finally:
        random.setstate(saved)
    assert match.record() == record, "the same seed and choices gave a different record"


def check_golden(path) -> None:
    """A golden file {"record": ..., "expected": ...}: the record replays to the expected report
    (every field but the free-text `detail`), and its replay round-trips as a record."""
    with open(path, encoding="utf-8") as f:
        golden = json.load(f)
    match = records.replay(golden["record"])
    got, want = match.report(), golden["expected"]
    for report in (got, want):
        for r in report.get("deal_results", []):
            r.pop("detail", None)
    assert got == want, f"{path}: replay gives\n{json.dumps(got)}\nexpected\n{json.dumps(want)}"
    assert records.replay(match.record()).report() == match.report(), f"{path}: saved record replays differently"
