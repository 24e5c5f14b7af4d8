"""service/sealing.py: each hand sealed for its holder alone (docs/API.md "Your hand"), opened
here as a client opens it (`tests.client.open_hand`, written from that section)."""
from __future__ import annotations

import base64

import pytest
from cryptography.exceptions import InvalidTag
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge import documents
from bridge.settings import Settings
from bridge.variants import FLOATING
from service import sealing
from tests import client
from tests.engine.conftest import PLAYERS, bot_play, room_with

HANDS = st.lists(st.sampled_from(client.DECK), unique=True, max_size=13)


def test_a_rooms_secret_is_32_random_bytes_in_base64_and_no_two_are_alike():
    secrets = {sealing.new_secret() for _ in range(200)}
    assert len(secrets) == 200 and all(len(base64.b64decode(secret, validate=True)) == 32 for secret in secrets)


def test_a_persons_key_is_the_same_at_one_room_and_differs_by_person_and_by_room():
    room, other_room = sealing.new_secret(), sealing.new_secret()
    key = sealing.key_for(room, "ann")
    assert len(base64.b64decode(key, validate=True)) == 32 and sealing.key_for(room, "ann") == key
    assert len({key, sealing.key_for(room, "bob"), sealing.key_for(other_room, "ann")}) == 3


@settings(max_examples=60)
@given(cards=HANDS, plays=st.none() | st.lists(HANDS, min_size=5, max_size=5), partner=st.none() | HANDS)
def test_a_seal_is_104_characters_whatever_the_hand_and_opens_with_its_key_alone(cards, plays, partner):
    hand = {"cards": cards, "plays": dict(zip(("lead", "C", "D", "H", "S"), plays, strict=True)) if plays else None,
            "partnerCards": partner}
    secret = sealing.new_secret()
    key, other = sealing.key_for(secret, "ann"), sealing.key_for(secret, "bob")
    sealed = sealing.seal(key, documents.hand_bytes(hand))
    assert len(sealed) == 104
    def in_order(texts: list[str]) -> list[str]:
        return sorted(texts, key=client.DECK.index)

    assert client.open_hand(sealed, key) == {
        "cards": in_order(cards),
        "plays": {name: in_order(texts) for name, texts in hand["plays"].items()} if hand["plays"] else None,
        "partnerCards": in_order(partner) if partner is not None else None}
    with pytest.raises(InvalidTag):
        client.open_hand(sealed, other)


def test_the_same_hand_sealed_twice_reads_differently_each_time():
    key = sealing.key_for(sealing.new_secret(), "ann")
    plain = documents.hand_bytes({"cards": ["AS"], "plays": None, "partnerCards": None})
    assert len({sealing.seal(key, plain) for _ in range(100)}) == 100


def test_each_human_of_the_deal_has_their_hand_sealed_at_their_position_and_a_bot_none():
    states, _ = bot_play(FLOATING, Settings(), 3)
    room = room_with(states[20])
    hands = documents.hand_views(room)
    secret = sealing.new_secret()
    players = (*PLAYERS[:3], "~bot1")
    sealed = sealing.sealed_hands(players, {uid: hands[uid] for uid in PLAYERS[:3]}, secret)
    assert sealed[3] is None
    for position, uid in enumerate(PLAYERS[:3]):
        assert client.open_hand(sealed[position], sealing.key_for(secret, uid))["cards"] == hands[uid]["cards"]
