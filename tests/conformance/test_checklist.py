"""docs/adding-a-game.md, item by item, for every registered game: the files and declarations a
game supplies are there (what the game does with them, check_game tests)."""

import importlib
import json
from pathlib import Path

import pytest

from parlor.bots.kit import Kit, kit
from parlor.core.cards import Deck
from parlor.core.registry import games
from parlor.core.rules import Rules
from parlor.core.text import GameText
from parlor.core.view import schema_problems

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(games())


def package(game_id: str):
    return importlib.import_module(f"parlor.games.{game_id}")


def test_the_checklist_names_every_item_checked_here():
    doc = (ROOT / "docs" / "adding-a-game.md").read_text()
    for name in ("RULES", "TEXT", "DECK", "view_schema", "SCHEMA", "worlds.py", "sample_world", "KIT = Kit",
                 "option_schema", "FACTS", "worked_example.json", "fingerprints.json", "snapshots", "docs/records.md"):
        assert name in doc, name


@pytest.mark.parametrize("game_id", GAMES)
def test_package_registers_rules_and_words(game_id):
    pkg = package(game_id)
    assert issubclass(pkg.RULES, Rules) and pkg.RULES.id == game_id == game_id.lower()
    assert pkg.RULES.title
    text = getattr(pkg, "TEXT", GameText)
    assert issubclass(text, GameText)


@pytest.mark.parametrize("game_id", GAMES)
def test_deck_and_declarations(game_id):
    rules = games()[game_id]
    cards = importlib.import_module(f"parlor.games.{game_id}.cards")
    assert isinstance(cards.DECK, Deck) and rules.deck is cards.DECK
    assert 1 <= rules.min_seats <= rules.default_seats <= rules.max_seats
    assert rules.num_actions > 0 and rules.max_actions_per_deal > 0
    for option in rules.option_schema:
        assert option.doc.strip(), f"option {option.name} has no line of doc"


@pytest.mark.parametrize("game_id", GAMES)
def test_view_schema_declared_in_the_games_view_module(game_id):
    rules = games()[game_id]
    view = importlib.import_module(f"parlor.games.{game_id}.view")
    assert rules.view_schema, "no view_schema: the front ends would have to guess the view"
    assert rules.view_schema is view.SCHEMA
    assert schema_problems(rules.view_schema) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_sampler_declared_from_the_games_worlds_module(game_id):
    rules = games()[game_id]
    worlds = importlib.import_module(f"parlor.games.{game_id}.worlds")
    assert rules.sample_world is worlds.sample_world, "declare sample_world = worlds.sample_world"


@pytest.mark.parametrize("game_id", GAMES)
def test_bot_module_declares_its_kit(game_id):
    # A game may come without a bot module (it then plays randomly); each of ours has one, and
    # the module's KIT is what the bots read, with a heuristic player and playouts of its own.
    module = importlib.import_module(f"parlor.bots.{game_id}")
    assert isinstance(module.KIT, Kit) and kit(games()[game_id]()) is module.KIT
    assert module.KIT.rules_bot is not None and module.KIT.policy is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_spec_names_every_option(game_id):
    rules = games()[game_id]
    spec = ROOT / "src" / "parlor" / "rules" / f"{game_id}.md"
    text = spec.read_text()
    for option in rules.option_schema:
        assert option.name in text, f"{spec.name} never names option {option.name}"


@pytest.mark.parametrize("game_id", GAMES)
def test_listed_in_records_doc_and_readme(game_id):
    assert f"`{game_id}`" in (ROOT / "docs" / "records.md").read_text()
    assert f"`{game_id}`" in (ROOT / "README.md").read_text()


@pytest.mark.parametrize("game_id", GAMES)
def test_goldens_snapshots_and_fingerprints(game_id):
    golden = ROOT / "tests" / "games" / game_id / "golden"
    assert (golden / "worked_example.json").is_file(), "the spec's worked example as a golden record"
    for ext in ("json", "txt", "svg"):
        assert (ROOT / "tests" / "tui" / "snapshots" / f"{game_id}.{ext}").is_file()
    pinned = json.loads((ROOT / "benchmarks" / "fingerprints.json").read_text())
    assert pinned.get(game_id), "no bot fingerprints: benchmarks/fingerprints.py --write"


@pytest.mark.parametrize("game_id", GAMES)
def test_statistics_facts_declared(game_id):
    from parlor.core.stats import Fact, facts_of
    facts = facts_of(game_id)
    assert facts and all(isinstance(f, Fact) for f in facts)
    assert len({f.key for f in facts}) == len(facts), "two facts share a key"
