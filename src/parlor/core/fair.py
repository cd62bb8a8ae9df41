"""Deals anyone can verify (docs/records.md, "Fair deals").

Before the first deal the server publishes `commitment`, the SHA-256 of a secret server seed;
each person's browser adds a seed of its own. Every shuffle of the match (the first dealer where
the rules draw one, then each deal) is seeded from an HMAC-SHA256 keyed by the server seed over
the version, a label and the client seeds, so neither side alone chooses the cards. A person
who sits down later adds a seed from the next deal on (each seed is kept with the first deal it
seeds). After the
match the server seed is revealed in the record: anyone can check it against the commitment and
deal every deal again.

Version 1: the HMAC's first 8 bytes (big-endian) seed parlor's own generator (core/rng.py), whose
shuffle deals the cards; the message is the JSON text of [1, label, the seeds of that deal].
"""

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass

from .errors import BadRecord

VERSION = 1
MAX_CLIENT_SEED = 64  # characters: a browser's seed is 32 hex digits; more is refused


def commitment_of(server_seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


def _hex(value: object, digits: int | None, field: str) -> str:
    if (not isinstance(value, str) or (digits is not None and len(value) != digits) or not value
            or any(c not in "0123456789abcdef" for c in value)):
        size = f"{digits} " if digits else ""
        raise BadRecord(f"fair.{field} must be {size}lower-case hexadecimal digits")
    return value


@dataclass(frozen=True)
class Fair:
    """A match's fair-deal seeds. `server_seed` is None while it is still secret (a record
    shown during the match)."""
    commitment: str
    client_seeds: tuple[tuple[int, str], ...] = ()  # (the first deal it seeds, the seed)
    server_seed: str | None = None
    version: int = VERSION

    @classmethod
    def new(cls, *client_seeds: str) -> "Fair":
        """A fresh secret server seed (256 bits), committed to; `client_seeds` seed every deal."""
        seed = secrets.token_hex(32)
        return cls(commitment_of(seed), tuple((1, s) for s in client_seeds), seed)

    def adding(self, seed: str, first_deal: int) -> "Fair":
        """These seeds and one more, seeding deal `first_deal` and every deal after it."""
        return Fair(self.commitment, self.client_seeds + ((first_deal, seed),), self.server_seed, self.version)

    def seed_for(self, label: str, deal: int) -> int:
        """The 64-bit seed of one shuffle of deal `deal` ("first dealer" of deal 1, "deal 3")."""
        if self.server_seed is None:
            raise ValueError("the server seed is secret: nothing can be dealt from this record's seeds")
        seeds = [s for first, s in self.client_seeds if first <= deal]
        message = json.dumps([self.version, label, seeds]).encode()
        digest = hmac.new(bytes.fromhex(self.server_seed), message, hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    def to_json(self, reveal: bool) -> dict:
        """The record's `fair` field; the server seed only when `reveal` (the match is over)."""
        out: dict = {"version": self.version, "commitment": self.commitment,
                     "client_seeds": [list(pair) for pair in self.client_seeds]}
        if reveal and self.server_seed is not None:
            out["server_seed"] = self.server_seed
        return out

    @classmethod
    def parse(cls, raw: object) -> "Fair":
        if not isinstance(raw, dict):
            raise BadRecord("fair must be an object")
        for key in raw:
            if key not in ("version", "commitment", "client_seeds", "server_seed"):
                raise BadRecord(f"unknown field fair.{key} (fields: version, commitment, client_seeds, server_seed)")
        if raw.get("version") != VERSION or isinstance(raw.get("version"), bool):
            raise BadRecord(f"fair.version must be {VERSION}, the only version this program deals by")
        commitment = _hex(raw.get("commitment"), 64, "commitment")
        seeds = raw.get("client_seeds", [])
        if not isinstance(seeds, list) or not all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], int) and not isinstance(p[0], bool)
                and p[0] >= 1 and client_seed_problem(p[1]) is None for p in seeds):
            raise BadRecord(f"fair.client_seeds must be a list of [first deal, seed] pairs, each seed 1 to "
                            f"{MAX_CLIENT_SEED} printable ASCII characters")
        server = raw.get("server_seed")
        if server is not None:
            server = _hex(server, 64, "server_seed")
        return cls(commitment, tuple((first, seed) for first, seed in seeds), server)


def client_seed_problem(seed: object) -> str | None:
    """Why a seed a browser sends cannot be used, or None."""
    if not isinstance(seed, str) or not 0 < len(seed) <= MAX_CLIENT_SEED or not (seed.isascii() and seed.isprintable()):
        return f"a seed is 1 to {MAX_CLIENT_SEED} printable ASCII characters"
    return None
