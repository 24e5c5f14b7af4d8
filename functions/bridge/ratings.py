"""Players' ratings in a game, from robot tournaments (issue 37): pure values, no Firebase.

A robot tournament is a ranked field: every entrant plays the same boards at a table of its own,
and the field is ranked by its totals (`rate_field`'s places). Each scored tournament moves every
entrant's rating in that game ("contract", "floating"; the caller keeps one rating per game) by
OpenSkill's Plackett-Luce model (`openskill`, Weng and Lin's Bayesian approximation for ranked
multi-player games) with the model's published defaults: a rating is a belief about skill, a mean
`mu` (25 at first) and an uncertainty `sigma` (25/3 at first), and the leaderboards sort by the
conservative estimate `Rating.ordinal`. Leaderboards are per game per `season_of`.

Imported only by the functions that rate (the library's import is kept off every callable's
cold start).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import groupby
from statistics import fmean

from openskill.models import PlackettLuce

__all__ = ["MAX_GROUP", "MODEL", "Rating", "from_doc", "initial", "rate_field", "season_of", "to_doc"]

#: The rating model: OpenSkill's Plackett-Luce with its defaults (mu 25, sigma 25/3, beta 25/6,
#: tau 25/300: each rating's sigma grows by tau before a tournament, so it never freezes).
MODEL = PlackettLuce()

#: The most entrants the model rates together (`rate_field`): its work for a group grows as the
#: square of the group's size, so a bigger field is rated in groups of at most this many.
MAX_GROUP = 200

#: How many sigmas the ordinal stands below the mean: the library's own default (`ordinal()`).
_Z = 3.0


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one game: the model's mean `mu` and uncertainty `sigma` of their
    skill, and the number of rated tournaments it comes from."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    tournaments: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboards sort by: mu - 3 sigma (OpenSkill's
        `ordinal()`), a skill the player's true skill exceeds with about 99.7 % confidence under
        the model. 0 for a new player; it rises as tournaments shrink sigma, so a leaderboard
        favours players both good and well measured."""
        return self.mu - _Z * self.sigma


def initial() -> Rating:
    """The rating of a player who has never been rated: the model's prior, no tournaments."""
    return Rating()


def rate_field(places: Sequence[tuple[str, int]], before: Mapping[str, Rating]) -> dict[str, Rating]:
    """Every entrant's rating after one ranked field, by uid.

    `places`: each entrant's uid and place (1 is first; tied entrants share a place, and only the
    order of the places counts). `before`: the ratings of those who have one; anyone absent starts
    at `initial()`. Every entrant's `tournaments` grows by one.

    The rule:
    - Groups. The field, in order of place (tied entrants by uid), is dealt into
      ceil(n / MAX_GROUP) groups in turn, like cards: the first entrant to group 1, the second to
      group 2, … So every group spans the whole field, from its top to its bottom, and an entrant's
      place within its group is its place in the field to within one group's share of the field
      (ceil(n / MAX_GROUP) places). The model rates each group as one game, its members ranked
      in that order. A field of at most MAX_GROUP entrants is one group: the model's own rating of
      the whole field. The work is at most MAX_GROUP squared per group, linear in the field.
    - Ties. Entrants who share a place are given the same change: the mean of the changes the
      model gave them with their tie broken by uid (each tied entrant's mu moves by the mean of
      their mu changes; each sigma is scaled as the mean new sigma is to the mean old sigma). A tie
      is so rated as the average of the places it spans. (The library's own ranks with ties are
      not used: in openskill 6.2.0 its Plackett-Luce rates a tie below the place after it, e.g.
      six entrants tied first gain less than the seventh.)
    - A field of one has nobody to be ranked against: its rating is unchanged, but for the count.

    Deterministic: the result depends on the places and ratings alone, not on the order of
    `places`."""
    if len({uid for uid, _ in places}) != len(places):
        raise ValueError("An entrant is placed more than once.")
    order = sorted(places, key=lambda entry: (entry[1], entry[0]))
    prior = {uid: before.get(uid, initial()) for uid, _ in order}
    rated = {uid: (rating.mu, rating.sigma) for uid, rating in prior.items()}
    groups = math.ceil(len(order) / MAX_GROUP)
    for group in range(groups):
        members = [uid for uid, _ in order[group::groups]]
        if len(members) > 1:
            teams = [[MODEL.create_rating([prior[uid].mu, prior[uid].sigma])] for uid in members]
            for uid, (new,) in zip(members, MODEL.rate(teams), strict=True):
                rated[uid] = (new.mu, new.sigma)
    after: dict[str, Rating] = {}
    for _, tied in groupby(order, key=lambda entry: entry[1]):
        uids = [uid for uid, _ in tied]
        old_mu, old_sigma = fmean(prior[uid].mu for uid in uids), fmean(prior[uid].sigma for uid in uids)
        new_mu, new_sigma = fmean(rated[uid][0] for uid in uids), fmean(rated[uid][1] for uid in uids)
        for uid in uids:
            mine = prior[uid]
            after[uid] = Rating(new_mu + (mine.mu - old_mu), new_sigma * (mine.sigma / old_sigma), mine.tournaments + 1)
    return after


def season_of(when: datetime) -> str:
    """The leaderboards' season of an instant: its calendar quarter in UTC, e.g. "2026-Q4" for
    any time from 1 October 2026 00:00 UTC to the end of December. `when` must be aware (a naive
    time names no instant)."""
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError("A season is of an aware time.")
    utc = when.astimezone(UTC)
    return f"{utc.year}-Q{(utc.month - 1) // 3 + 1}"


def to_doc(rating: Rating) -> dict[str, float | int]:
    """The stored form of a rating (one game's rating of a player): `mu`, `sigma`, `tournaments`,
    and `ordinal`, stored for the leaderboards to sort and query by."""
    return {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal, "tournaments": rating.tournaments}


def from_doc(doc: Mapping[str, object]) -> Rating:
    """The rating `to_doc` stored (its `ordinal` is recomputed, never read)."""
    mu, sigma, tournaments = doc["mu"], doc["sigma"], doc["tournaments"]
    if not (isinstance(mu, int | float) and isinstance(sigma, int | float) and isinstance(tournaments, int)):
        raise ValueError(f"Not a stored rating: {doc!r}.")
    return Rating(float(mu), float(sigma), tournaments)
