"""argparse's own words (usage, its section titles, its error lines), said in the language in use.

argparse says them through the gettext functions it imported (its module's `_` and `ngettext`);
`speak` points those at parlor's catalogs. The messages are listed here, as argparse writes them
(Python 3.11), so that Babel extracts them; one argparse does not write stays untranslated, as
English, and breaks nothing."""

import argparse

from parlor.core.language import translate, translate_n
from parlor.core.words import N_

MESSAGES = [
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"), N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("can't open '%(filename)s': %(error)s"),
    N_("commands"),  # the title of the commands' section (main.py): argparse says it
]


def _said(message: str | None) -> str | None:
    return None if message is None else translate(message)  # argparse asks for a missing description too


def speak() -> None:
    """argparse says its words from parlor's catalogs, in the language in use when it says them."""
    argparse._ = _said  # type: ignore[attr-defined]
    argparse.ngettext = translate_n  # type: ignore[attr-defined]
