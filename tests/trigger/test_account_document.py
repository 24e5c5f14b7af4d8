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
        "stats": {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0},
    }


def test_each_account_gets_its_own_stats():
    first, second = account_document("a", "A"), account_document("b", "B")
    first["stats"]["gamesPlayed"] += 1
    assert second["stats"]["gamesPlayed"] == 0


@pytest.mark.parametrize(("name", "email", "expected"), [
    ("Alice", "x@example.com", "Alice"),
    ("  Alice  ", None, "Alice"),
    ("   ", "eve@example.com", "eve"),
    (None, "frank@example.com", "frank"),
    (None, None, "Player-abcdef"),
    ("", "@example.com", "Player-abcdef"),
])
def test_display_name_falls_back_to_email_then_uid(name, email, expected):
    assert display_name_for("abcdefghij", name, email) == expected
    assert account_document("abcdefghij", name, email)["displayName"] == expected
