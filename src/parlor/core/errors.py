"""The two kinds of user error parlor reports in one line: an illegal action and a bad record."""

import json


class ParlorError(Exception):
    """A user error with a one-line reason; never shown with a traceback."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class IllegalAction(ParlorError):
    """An action that is not legal where it was tried. Nothing was changed.

    The rules raise it with a reason only; the match driver fills in where it happened.
    """

    def __init__(self, reason: str, index: int | None = None, action: str | None = None,
                 seat: int | None = None):
        super().__init__(reason)
        self.index, self.action, self.seat = index, action, seat

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        who = "" if self.seat is None else f" by seat {self.seat}"
        # an action string in quotes; anything else (null, a number) as JSON would write it
        shown = f'"{self.action}"' if isinstance(self.action, str) else json.dumps(self.action)
        return f"action {self.index} {shown}{who} is illegal: {self.reason}"


class BadRecord(ParlorError):
    """A record (or a table setup) that is malformed: unknown game or option, a bad deal."""
