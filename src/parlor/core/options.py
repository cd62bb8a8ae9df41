"""Table options: each game declares a schema; a record's options are checked strictly against it.

Numbers must be JSON integers: 7.0, "7" and true are not 7. An option that another option makes
irrelevant is still checked. An unknown name is an error.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from .errors import BadTable, shown


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    allowed: str  # in words, for messages and `parlor rules`
    check: Callable[[Any], bool]  # True when the value is allowed
    doc: str = ""
    choices: tuple = ()  # the finite set of values, where there is one (front ends offer them)


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def int_option(name: str, lo: int, hi: int, default: int, doc: str = "") -> Option:
    return Option(name, default, f"an integer from {lo} to {hi}",
                  lambda v: is_int(v) and lo <= v <= hi, doc)


def choice_option(name: str, values: tuple, default, doc: str = "") -> Option:
    def ok(v):
        # 1 == 1.0 == True in Python; a JSON value must match in type as well.
        return any(type(v) is type(x) and v == x for x in values)
    shown = ", ".join(f'"{v}"' if isinstance(v, str) else str(v) for v in values)
    return Option(name, default, f"one of {shown}", ok, doc, choices=tuple(values))


def check_options(game_id: str, schema: tuple[Option, ...], given) -> dict:
    """The full option dict (defaults filled in), or BadTable naming the offending option."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise BadTable("options must be a JSON object")
    by_name = {o.name: o for o in schema}
    for name, value in given.items():
        opt = by_name.get(name)
        if opt is None:
            known = ", ".join(by_name) or "none"
            raise BadTable(f"unknown option {shown(name)} for {game_id} (options: {known})")
        if not opt.check(value):
            raise BadTable(f"option {shown(name)} must be {opt.allowed}, not {shown(value)}")
    return {o.name: given.get(o.name, o.default) for o in schema}
