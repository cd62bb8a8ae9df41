"""Tőr's move generator against the counts in perft.json (written by perft.py), and `legal_ids`
against `why_illegal_id`, the one source of legality, at each position and every move from it."""

import json

import pytest
from perft import FILE, POSITIONS, perft, position

COUNTS = json.loads(FILE.read_text(encoding="utf-8"))


def test_the_file_counts_every_position():
    assert list(COUNTS) == list(POSITIONS)


@pytest.mark.parametrize("name", POSITIONS)
def test_perft(name):
    seats, seed, moves, depth = POSITIONS[name]
    assert perft(*position(seats, seed, moves), depth) == COUNTS[name]


@pytest.mark.parametrize("name", POSITIONS)
def test_legal_ids_are_the_actions_with_no_reason(name):
    seats, seed, moves, _ = POSITIONS[name]
    rules, root = position(seats, seed, moves)
    nodes = [root]
    for action in rules.legal_ids(root):
        child = rules.copy(root)
        rules.apply_id(child, action)
        nodes.append(child)
    for node in nodes:
        if rules.deal_over(node):
            continue
        no_reason = [a for a in range(rules.num_actions) if rules.why_illegal_id(node, a) is None]
        assert sorted(rules.legal_ids(node)) == no_reason
