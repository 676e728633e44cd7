"""SC-2 matching, SC-3 obstruction mode, the S.P.'s choices (SC-8, SC-5) and SC-9's "each card once"."""

from __future__ import annotations

import pytest

from companion.games.sister_combination.rules import check

from .support import codes, play, table


@pytest.mark.parametrize("card, code", [
    ("haruka:7", "sc.match.colour"),      # green on karen:3 (green)
    ("marie:3", "sc.match.symbol"),       # red 3 on a 3
    ("chikage:sp", "sc.match.sp"),        # any S.P.
])
def test_each_matching_condition_passes_alone(card: str, code: str) -> None:
    verdict = check(table(), play(card, colour="red"))
    assert verdict.legal
    assert code in codes(verdict.reasons)
    assert all(r.rule for r in verdict.reasons)


def test_colour_and_symbol_both_listed_when_both_hold() -> None:
    verdict = check(table(discard=("karen:mirror",)), play("kaho:mirror"))
    assert verdict.legal and {"sc.match.colour", "sc.match.symbol"} <= set(codes(verdict.reasons))


def test_no_condition_holds() -> None:
    verdict = check(table(), play("marie:5"))
    assert not verdict.legal
    [failure] = verdict.failures
    assert failure.code == "sc.match.none" and failure.rule == "SC-2" and failure.path == "card"
    assert dict(failure.params) == {"card": "marie:5", "top": "karen:3", "colour": "green", "stack": 0}


def test_after_an_sp_the_named_colour_counts_not_the_sp_own_colour() -> None:
    state = table(discard=("sakuya:sp", "karen:3"), colour="blue")
    verdict = check(state, play("aria:2"))
    assert verdict.legal and "sc.match.named_colour" in codes(verdict.reasons)
    assert check(state, play("marie:2")).failures[0].code == "sc.match.none"  # red like 咲耶, not named


def test_obstruction_mode_refuses_number_cards_even_of_the_colour() -> None:
    verdict = check(table(stack=2), play("haruka:7"))
    assert not verdict.legal
    assert codes(verdict.failures) == ["sc.obstruction.number_card"]
    assert verdict.failures[0].rule == "SC-3"


def test_obstruction_mode_word_cards_still_match_colour_or_symbol() -> None:
    state = table(stack=2, discard=("karen:stack2",))
    assert check(state, play("marie:stack2")).legal      # symbol
    assert check(state, play("kaho:pass")).legal         # colour
    assert check(state, play("marie:mirror")).failures[0].code == "sc.match.none"
    legal = check(state, play("aria:sp", colour="blue"))
    assert legal.legal and codes(legal.reasons)[:3] == ["sc.turn.players_turn", "sc.obstruction.word_or_sp",
                                                        "sc.match.sp"]


def test_sp_needs_a_colour_and_haruka_yotsuba_a_target() -> None:
    state = table()
    assert codes(check(state, play("mamoru:sp")).failures) == ["sc.choice.colour_missing"]
    assert codes(check(state, play("yotsuba:sp", colour="red")).failures) == ["sc.choice.target_missing"]
    assert codes(check(state, play("haruka:sp", colour="red", target=0)).failures) == ["sc.choice.target_self"]
    assert codes(check(state, play("haruka:sp", colour="red", target=9)).failures) == ["sc.seat.no_such_seat"]
    out = table(out=(3,), end="last_one", hands=(7, 7, 7, 0, 7))
    assert codes(check(out, play("yotsuba:sp", colour="red", target=3)).failures) == ["sc.choice.target_out"]
    assert check(state, play("yotsuba:sp", colour="red", target=3)).legal


def test_a_card_already_on_the_discard_pile_is_impossible() -> None:
    verdict = check(table(discard=("karen:3", "karen:4")), play("karen:4"))
    assert not verdict.legal and verdict.impossible
    assert verdict.failures[0].code == "sc.card.already_seen" and verdict.failures[0].rule == "SC-9"
