"""Untrusted JSON text (a record, a web request or message): every way it can fail is one line."""

import json
import sys
from collections import Counter

from .errors import ParlorError, shown


class BadJSON(ParlorError):
    """Text that is not one JSON value parlor can read; the caller says what it was meant to be."""


def loads(text: str | bytes):
    """The JSON value of `text`, or BadJSON saying what is wrong with it."""
    try:
        return json.loads(text, object_pairs_hook=_once_each)
    except json.JSONDecodeError as e:
        raise BadJSON(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except UnicodeDecodeError:
        raise BadJSON("not UTF-8 text") from None
    except ValueError:  # Python's int() refuses longer numbers (a denial-of-service guard)
        raise BadJSON(f"a JSON number has more than {sys.get_int_max_str_digits()} digits") from None
    except RecursionError:
        raise BadJSON("JSON lists or objects nested too deeply") from None


def not_text(value, path: str = "") -> str | None:
    """Where in a JSON value a string holds an unpaired surrogate (the valid JSON escape
    "\\ud800" is no text: it cannot be stored, printed or sent): its path such as
    `players[0].name` ("" for the value itself), or None when every string is text."""
    if isinstance(value, str):
        return None if is_text(value) else path
    if isinstance(value, list):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(value))
    elif isinstance(value, dict):
        for key in value:
            if not is_text(key):
                return f"{path}.{shown(key)}" if path else shown(key)
        items = ((f"{path}.{k}" if path else k, v) for k, v in value.items())
    else:
        return None
    return next((where for p, v in items if (where := not_text(v, p)) is not None), None)


def is_text(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _once_each(pairs: list) -> dict:
    """A JSON object whose keys differ: of a key given twice, which value counts would be a guess."""
    out = dict(pairs)
    if len(out) < len(pairs):
        twice = next(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
        raise BadJSON(f"a JSON object names {json.dumps(twice)} twice")
    return out
