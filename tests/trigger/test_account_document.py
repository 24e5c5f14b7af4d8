"""The PlayerAccount a new user gets (SPEC §3), without the emulators."""
from __future__ import annotations

import pytest
from google.cloud import firestore

from service.accounts import account_document, display_name_for


def test_a_new_account_has_the_spec_shape():
    assert account_document("uid123456", "Alice") == {
        "uid": "uid123456",
        "displayName": "Alice",
        "createdAt": firestore.SERVER_TIMESTAMP,
        "roomID": None,
        "eventID": None,
        "directing": [],
        "tournaments": [],
        "entered": [],
        "stats": {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0},
    }


def test_each_account_gets_its_own_stats():
    first, second = account_document("a", "A"), account_document("b", "B")
    first["stats"]["gamesPlayed"] += 1
    assert second["stats"]["gamesPlayed"] == 0


@pytest.mark.parametrize(("name", "expected"), [
    ("Alice", "Alice"),
    ("  Alice  ", "Alice"),
    ("   ", "Player-abcdef"),
    (None, "Player-abcdef"),
    ("", "Player-abcdef"),
    ("Abcdefghijklmnopqrstuvwxyz", "Abcdefghijklmnopqrstuvwx"),  # cut to 24
    ("A name of twenty-three  and more", "A name of twenty-three"),  # cut, then trimmed
    ("Ali\u202ece\u0007", "Alice"),  # format and control characters dropped
    ("\u200b\u200b", "Player-abcdef"),  # nothing visible left
])
def test_a_new_account_takes_the_profile_name_trimmed_and_cut_else_one_from_the_uid(name, expected):
    """SPEC §14: never from the email (the Auth trigger's email is not even passed)."""
    assert display_name_for("abcdefghij", name) == expected
    assert account_document("abcdefghij", name)["displayName"] == expected
